import type { RouteObject } from 'react-router-dom';
import { AreaSwitch } from './area-switch';
import { Layout } from './layout';

/**
 * The shell's one route table, for the browser's router and the server's: the layout around a
 * catch-all; each remote renders its own <Routes> below it.
 */
export const appRoutes: RouteObject[] = [
  { element: <Layout />, children: [{ path: '*', element: <AreaSwitch /> }] },
];
