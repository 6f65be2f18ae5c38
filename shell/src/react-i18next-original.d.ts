/**
 * The react-i18next package itself, in the shell's server build (see server-react-i18next.ts).
 * Declared here, beside the shell's own node_modules: from the repository's types/ folder the
 * package did not resolve, and the module declared nothing.
 */
declare module 'react-i18next-original' {
  export * from 'react-i18next';
}
