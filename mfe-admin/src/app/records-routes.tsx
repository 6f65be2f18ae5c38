/**
 * The records' routes (accounts, payments, promo codes, site, audit log), as a fragment of
 * <Route>s the admin's <Routes> holds inside its frame.
 */
export function recordsRoutes() {
  return <></>;
}
