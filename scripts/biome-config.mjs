// biome.json is written by this script (`node scripts/biome-config.mjs`): each import rule is
// stated once here, and the overrides Biome needs (one per app and folder depth, because a
// relative import's "../" count depends on how deep the file sits) are generated from it.
// tools/biome-config.test.mjs fails when the committed biome.json differs from what this writes.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const APPS = ['shell', 'shell/**', '**/shell/**', 'mfe-*', 'mfe-*/**', '**/mfe-*/**'];
const REMOTES = ['mfe-*', 'mfe-*/**', '**/mfe-*/**'];
const ACCOUNT_UI = ['account-ui', 'account-ui/**', '**/account-ui/src/**'];

/** What each workspace package may not import, and why: the build-time layering of ARCHITECTURE.md. */
const packageRules = {
  platform: {
    group: [...APPS, 'shared-ui', 'shared-ui/**', '**/shared-ui/**', 'api', '**/api/src/**', ...ACCOUNT_UI],
    message: 'platform may import only contracts among the workspace packages.',
  },
  'shared-ui': {
    group: [
      ...APPS,
      'platform',
      'platform/**',
      '**/platform/**',
      'contracts',
      'api',
      '**/api/src/**',
      'react-router-dom',
      'react-router',
      '@tanstack/react-query',
      'i18next',
      'react-i18next',
      ...ACCOUNT_UI,
    ],
    message: 'shared-ui is presentation only: no apps, no data fetching, no router, no i18n.',
  },
  contracts: {
    group: [
      ...APPS,
      'platform',
      'shared-ui',
      'api',
      '**/platform/**',
      '**/shared-ui/**',
      '**/api/src/**',
      'react',
      'react-dom',
      ...ACCOUNT_UI,
    ],
    message: 'contracts is shared by the API and front ends and imports none of them.',
  },
  api: {
    group: [
      ...APPS,
      'platform',
      'platform/**',
      '**/platform/**',
      'shared-ui',
      'shared-ui/**',
      '**/shared-ui/**',
      'react',
      'react-dom',
      ...ACCOUNT_UI,
    ],
    message: 'The API imports only contracts among the workspace packages.',
  },
};

/**
 * The front ends laid out in layers (app -> features -> components/lib/api), each with the rule
 * that keeps it apart from the others. account-ui has no app/: its entries (src/*.ts) compose its
 * features for the remotes, and the same rules hold below them.
 */
const layeredApps = [
  {
    root: 'mfe-*',
    apart: {
      group: APPS,
      message:
        'A remote meets the shell and other remotes only at run time, through federation: import platform, shared-ui or contracts instead.',
    },
  },
  {
    root: 'shell',
    apart: {
      group: REMOTES,
      message:
        "The shell loads remotes at run time (platform's remote loader); it never imports their source.",
    },
  },
  {
    root: 'account-ui',
    apart: {
      group: [...APPS, 'api', '**/api/src/**'],
      message:
        "account-ui is built into the remotes that use it: it imports platform, shared-ui and contracts, never an app's source.",
    },
  },
];

/**
 * An app's src/api/ holds only what several features (or the frame) share: the query key factories
 * through which one feature's mutation refreshes another's lists, and the queries more than one
 * reads. An endpoint one feature calls lives in that feature's api/.
 */
const BOTTOM_LAYERS = ['components', 'lib', 'hooks', 'api'];
const bottomLayerRule = {
  group: ['**/features', '**/features/**', '**/app', '**/app/**'],
  message:
    'components/, lib/ and api/ (what several features share) are the bottom layer of an app: imports go app -> features -> components/lib/api, so they import no feature and no app code.',
};
const noAppInFeatures = {
  group: ['**/app', '**/app/**'],
  message: 'A feature does not import app code: app/ composes features, not the other way round.',
};
/** Files as deep as features/<feature>/a/b/c/d are covered; a deeper one would need one more. */
const FEATURE_DEPTHS = [1, 2, 3, 4];
const noOtherFeature = (depth) => {
  const up = '../'.repeat(depth);
  return {
    group: [`${up}*`, `${up}*/**`, `!${up}../**`],
    message:
      "One feature does not import another feature's internals: move what both need to components/ or lib/, or compose them in app/.",
  };
};

const OUTSIDE_TESTS = ['!**/*.test.*', '!**/testing/**'];

const restrictImports = (includes, patterns) => ({
  includes,
  linter: {
    rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } },
  },
});

function layerOverrides({ root: app, apart }) {
  return [
    restrictImports(
      [...BOTTOM_LAYERS.map((layer) => `${app}/src/${layer}/**`), ...OUTSIDE_TESTS],
      [apart, bottomLayerRule],
    ),
    ...FEATURE_DEPTHS.map((depth) =>
      restrictImports(
        [`${app}/src/features/${'*/'.repeat(depth)}*`, ...OUTSIDE_TESTS],
        [apart, noAppInFeatures, noOtherFeature(depth)],
      ),
    ),
  ];
}

export function biomeConfig() {
  return {
    $schema: './node_modules/@biomejs/biome/configuration_schema.json',
    vcs: { enabled: true, clientKind: 'git', useIgnoreFile: true },
    files: {
      includes: [
        '**',
        '!**/dist',
        '!**/dist-server',
        '!**/.data',
        '!**/drizzle/meta',
        '!**/test-results',
        '!**/playwright-report',
        '!tools/rspack/index.html',
      ],
    },
    formatter: { enabled: true, indentStyle: 'space', indentWidth: 2, lineWidth: 110 },
    javascript: { formatter: { quoteStyle: 'single', trailingCommas: 'all', semicolons: 'always' } },
    css: { parser: { cssModules: true } },
    linter: {
      enabled: true,
      rules: {
        preset: 'recommended',
        style: { noNonNullAssertion: 'error', useImportType: 'error' },
        suspicious: { noExplicitAny: 'error' },
      },
    },
    assist: { actions: { source: { organizeImports: 'off' } } },
    overrides: [
      ...layeredApps.map(({ root: app, apart }) => restrictImports([`${app}/**`], [apart])),
      ...layeredApps.flatMap(layerOverrides),
      ...Object.entries(packageRules).map(([pkg, rule]) => restrictImports([`${pkg}/**`], [rule])),
    ],
  };
}

/** Writes biome.json and lets Biome format it, so the committed file reads as the linter writes JSON. */
export function writeBiomeConfig(file = path.join(root, 'biome.json')) {
  writeFileSync(file, `${JSON.stringify(biomeConfig(), null, 2)}\n`);
  const biome = spawnSync(path.join(root, 'node_modules', '.bin', 'biome'), ['format', '--write', file], {
    cwd: root,
    encoding: 'utf8',
  });
  if (biome.status !== 0) throw new Error(`biome format failed: ${biome.stdout}${biome.stderr}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeBiomeConfig();
