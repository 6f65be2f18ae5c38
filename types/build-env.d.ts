/** Set by the Rspack DefinePlugin in every front-end build. */
declare const __DEV__: boolean;
/** The URL this bundle's files are served from (Rspack computes it for `publicPath: 'auto'`). */
declare const __webpack_public_path__: string;
/** True in an app's server build (server rendering), false in its browser build. */
declare const __SERVER__: boolean;
/** The release's semver (the package's, or RELEASE_SEMVER at build time): a remote marks its pages with it. */
declare const __RELEASE_SEMVER__: string;
/**
 * A fault drill for release checks (RELEASE_FAULT at build time, empty in every normal build):
 * `render` makes a remote's browser build throw on render, so a canary's guard can be exercised
 * end to end. Dead code, dropped by the minifier, when empty.
 */
declare const __RELEASE_FAULT__: string;
