// react-i18next as the shell's server build gives it to itself and to every remote it renders:
// the package as it is, with the server's `useTranslation` (platform/src/i18n/server-translation.ts)
// in place of its own. The server build aliases `react-i18next` to this file and
// `react-i18next-original` to the package (tools/rspack/create-config.mjs).
export * from 'react-i18next-original';
export { useServerTranslation as useTranslation } from 'platform/server-translation';
