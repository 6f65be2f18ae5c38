/** The page's sample rate: `<meta name="app-telemetry-sample" content="0.25">`, written by the server. */
export const SAMPLE_META_NAME = 'app-telemetry-sample';

/** Where a tab keeps its session id and whether it reports (sessionStorage). */
export const TAB_SESSION_KEY = 'telemetry.session';

/** Where a page that went away before its telemetry started leaves its reports for the tab's next page. */
export const PENDING_KEY = 'telemetry.pending';
