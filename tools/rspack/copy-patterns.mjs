// What a build copies as it is, beside the bundles. Kept apart from create-config.mjs (and free of
// imports) so a test can run these exact patterns through Rspack's copy plugin.

/** @param {'host'|'remote'} kind */
export function copyPatterns(kind) {
  return [
    // Only the translations: src/locales also holds their test, which must never be deployed.
    { from: '*.json', context: 'src/locales', to: 'locales', noErrorOnMissing: true },
    ...(kind === 'remote'
      ? []
      : [{ from: 'public', noErrorOnMissing: true, globOptions: { ignore: ['**/*.test.*'] } }]),
  ];
}
