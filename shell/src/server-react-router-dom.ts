// react-router-dom as the shell's server build gives it to itself and to every remote it renders:
// the package as it is, with the server's `Link` and `NavLink` (platform/src/shared-router/server-links.tsx)
// in place of its own. The server build aliases `react-router-dom` to this file and
// `react-router-dom-original` to the package (tools/rspack/create-config.mjs).
export * from 'react-router-dom-original';
export { ServerLink as Link, ServerNavLink as NavLink } from 'platform/server-links';
