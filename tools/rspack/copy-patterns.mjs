// What a build copies as it is, beside the bundles. Kept apart from create-config.mjs (and free of
// imports) so a test can run these exact patterns through Rspack's copy plugin.

/** The host's script that starts a server-rendered page's bundles (shell/public/boot.js). */
const BOOT_SCRIPT = 'boot.js';

/** @param {'host'|'remote'} kind */
export function copyPatterns(kind) {
  return [
    // Only the translations: src/locales also holds their test, which must never be deployed.
    { from: '*.json', context: 'src/locales', to: 'locales', noErrorOnMissing: true },
    ...(kind === 'remote'
      ? []
      : [
          {
            from: 'public',
            noErrorOnMissing: true,
            globOptions: { ignore: ['**/*.test.*', `**/${BOOT_SCRIPT}`] },
          },
          // The server-rendered pages name it (api/src/plugins/ssr): under its content hash it is
          // served immutable, and a page load does not ask whether it changed.
          { from: `public/${BOOT_SCRIPT}`, to: 'boot.[contenthash:8].js', noErrorOnMissing: true },
        ]),
  ];
}
