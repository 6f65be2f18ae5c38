// The packages themselves, under the names the shell's server build gives them beside its own
// versions (tools/rspack/create-config.mjs). Declared here, not in types/build-env.d.ts, so that
// the package names inside resolve: from types/ they resolve to nothing (no package is installed
// at the repository's root) and the module would be typed as empty.

/** See server-react-router-dom.ts. */
declare module 'react-router-dom-original' {
  export * from 'react-router-dom';
}

/** See server-react-query.ts. */
declare module '@tanstack/react-query-original' {
  export * from '@tanstack/react-query';
}
