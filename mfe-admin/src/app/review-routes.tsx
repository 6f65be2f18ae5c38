/**
 * The moderation screens' routes (queues, review views, complaints), as a fragment of <Route>s
 * the admin's <Routes> holds inside its frame.
 */
export function reviewRoutes() {
  return <></>;
}
