// What the browser builds share under the name `react-router-dom`: only the parts of the router
// the apps use. A shared module cannot be tree-shaken (a remote may use any export), so sharing the
// package itself ships all of React Router 7 (data routers, server rendering, cookies and sessions)
// to every visitor, about 35 KiB gzip more than this. The build config provides this file as the
// shared module; apps keep importing `react-router-dom`. `shared-router.test.ts` fails when an app
// imports a name that is not here, so add it here in the same change. Server builds and unit tests
// use the package itself.
export {
  BrowserRouter,
  createBrowserRouter,
  createSearchParams,
  generatePath,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  ScrollRestoration,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useParams,
  useResolvedPath,
  useSearchParams,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';
