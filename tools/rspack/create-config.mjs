// One Rspack + Module Federation configuration for the shell and every remote, so the
// shared-singleton map and the build rules cannot drift apart between independently
// deployed apps.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { copyPatterns } from './copy-patterns.mjs';

const sharedRouter = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'platform',
  'src',
  'shared-router',
  'index.ts',
);

/** Every entry is a singleton: one React tree, one router, one store, one i18n instance. */
export function sharedSingletons(appDir) {
  const require = createRequire(path.join(appDir, 'package.json'));
  const version = (name) => require(`${name}/package.json`).version;
  const lib = (name, extra = {}) => ({ singleton: true, requiredVersion: `^${version(name)}`, ...extra });
  const workspace = { singleton: true, requiredVersion: /** @type {false} */ (false) };
  return {
    react: lib('react'),
    'react/': lib('react'),
    'react-dom': lib('react-dom'),
    // Without the prefix entry react-dom/client would be inlined into each app's bundle.
    'react-dom/': lib('react-dom'),
    // The router is shared as platform's selection of it (see shared-router/index.ts), not as the
    // whole package. Apps import only `react-router-dom`: `react-router` itself stays inside that
    // one shared module, with its contexts.
    'react-router-dom': lib('react-router-dom', {
      import: sharedRouter,
      version: version('react-router-dom'),
    }),
    jotai: lib('jotai'),
    // jotai's index re-exports jotai/vanilla and jotai/react.
    'jotai/': lib('jotai'),
    '@tanstack/react-query': lib('@tanstack/react-query'),
    i18next: lib('i18next'),
    'react-i18next': lib('react-i18next'),
    platform: workspace,
    'shared-ui': workspace,
    // Its heavier entries (dialog, tabs, toast) are singletons of their own, loaded on use.
    'shared-ui/': workspace,
    contracts: workspace,
  };
}

/** Everything but the lazily loaded `shared-ui/` entries goes into the host's first script. */
function eagerCore(shared) {
  return Object.fromEntries(
    Object.entries(shared).map(([key, options]) => [
      key,
      key === 'shared-ui/' ? options : { ...options, eager: true },
    ]),
  );
}

/**
 * The design system's folder. Its CSS modules are named for the package, not for the app that
 * bundles them: whichever copy a page ends up using (the shell's, or a remote's fallback copy of
 * an entry the shell does not load) and whichever build rendered it (browser or server), a
 * component's class names are the same.
 */
const sharedUiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared-ui');

/** The CSS-module rules: the design system's salted by its package, an app's own by the app. */
function cssModuleRules(name, dev, use) {
  return [
    {
      test: /\.module\.css$/,
      include: [sharedUiDir],
      use: use(cssModules('shared-ui', dev)),
      type: 'javascript/auto',
    },
    {
      test: /\.module\.css$/,
      exclude: [sharedUiDir],
      use: use(cssModules(name, dev)),
      type: 'javascript/auto',
    },
  ];
}

/** TypeScript and JSX through SWC, for the browser (`targets` browsers) or Node. */
function scriptRule(dev, targets) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: dev, refresh: dev } },
      },
      env: { targets },
    },
    type: 'javascript/auto',
  };
}

/** CSS-module class names: the same in the browser build and the server build of an app. */
function cssModules(name, dev) {
  return {
    namedExport: false,
    exportLocalsConvention: 'as-is',
    // The app name in the hash keeps one remote's classes from colliding with another's.
    localIdentName: dev ? '[name]__[local]--[hash:base64:5]' : '[hash:base64:7]',
    localIdentHashSalt: name,
  };
}

/**
 * Writes `ssr-assets.json` beside the host's build: every stylesheet it emitted, so the server
 * can link them in a rendered page's head (the layout's styles live in a lazily loaded chunk).
 */
class SsrAssetsPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SsrAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'SsrAssetsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const css = compilation
            .getAssets()
            .map((asset) => asset.name)
            .filter((file) => file.endsWith('.css'))
            .sort();
          compilation.emitAsset('ssr-assets.json', new rspack.sources.RawSource(JSON.stringify({ css })));
        },
      );
    });
  }
}

/**
 * @param {object} o
 * @param {string} o.appDir       absolute path of the app
 * @param {string} o.name         federation name (mfe_catalog) or 'shell'
 * @param {'host'|'remote'} o.kind
 * @param {Record<string,string>} [o.exposes]
 * @param {number} o.port         dev-server port
 * @param {string} o.mode         'production' | 'development'
 * @param {string} [o.title]      the page title (a remote's standalone page by default)
 * @param {string} [o.favicon]    URL of the page's icon
 */
/**
 * Where a remote's build goes: dist/, or RELEASE_OUT_DIR for a release build (scripts/release-build.mjs),
 * which leaves the build the server serves from dist/ as it is.
 */
function releaseOutDir(appDir) {
  return process.env.RELEASE_OUT_DIR ? path.resolve(process.env.RELEASE_OUT_DIR) : path.join(appDir, 'dist');
}

/** The release's semver and fault drill (see types/build-env.d.ts), the same in both targets. */
function releaseDefines(appDir) {
  const { version } = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  return {
    __RELEASE_SEMVER__: JSON.stringify(process.env.RELEASE_SEMVER || version || '0.0.0'),
    __RELEASE_FAULT__: JSON.stringify(process.env.RELEASE_FAULT || ''),
  };
}

export function createConfig({ appDir, name, kind, exposes = {}, port, mode, title, favicon = '' }) {
  const dev = mode !== 'production';
  // In production CSS leaves the bundles for files of their own: a server-rendered page links them
  // in its head, so it is styled before any script has run (and without scripts at all).
  const cssOutput = dev ? 'style-loader' : rspack.CssExtractRspackPlugin.loader;
  const require = createRequire(path.join(appDir, 'package.json'));
  const routerDir = path.dirname(require.resolve('react-router/package.json'));
  const isRemote = kind === 'remote';

  return {
    mode: dev ? 'development' : 'production',
    context: appDir,
    entry: { main: './src/index.ts' },
    devtool: dev ? 'cheap-module-source-map' : 'source-map',
    output: {
      path: isRemote ? releaseOutDir(appDir) : path.join(appDir, 'dist'),
      // A remote is served under /mfe/<name>/ (or any CDN path) and must find its own chunks.
      publicPath: isRemote ? 'auto' : '/',
      uniqueName: name,
      filename: dev ? '[name].js' : '[name].[contenthash:10].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:10].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: dev
        ? {}
        : {
            // react-router's package exports point at its development build.
            'react-router$': path.join(routerDir, 'dist/production/index.mjs'),
            'react-router/dom$': path.join(routerDir, 'dist/production/dom-export.mjs'),
          },
    },
    module: {
      rules: [
        scriptRule(dev, 'chrome >= 109, firefox >= 115, safari >= 15.4'),
        ...cssModuleRules(name, dev, (modules) => [
          cssOutput,
          { loader: 'css-loader', options: { modules } },
        ]),
        {
          test: /\.css$/,
          exclude: /\.module\.css$/,
          use: [cssOutput, 'css-loader'],
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      !dev &&
        new rspack.CssExtractRspackPlugin({
          filename: '[name].[contenthash:10].css',
          chunkFilename: '[name].[contenthash:10].css',
          // Modules reach a page in different orders through federation; their rules do not overlap.
          ignoreOrder: true,
        }),
      !dev && !isRemote && new SsrAssetsPlugin(),
      new ModuleFederationPlugin({
        name,
        ...(isRemote
          ? { filename: 'remoteEntry.js', exposes, manifest: true }
          : { remotes: {}, manifest: false }),
        shared: isRemote || dev ? sharedSingletons(appDir) : eagerCore(sharedSingletons(appDir)),
        // 'version-first' would fetch every registered remote's entry to compare versions the
        // first time anything shared loads, so one dead remote could break unrelated lazy imports.
        shareStrategy: 'loaded-first',
        dts: false,
        experiments: {
          asyncStartup: true,
          // In production the shell provides the federation runtime and remotes use it instead of
          // each shipping their own copy (about 34 KiB gzip per remote). A standalone remote in
          // development keeps its own runtime.
          ...(dev ? {} : isRemote ? { externalRuntime: true } : { provideExternalRuntime: true }),
        },
      }),
      new rspack.HtmlRspackPlugin({
        // One page for every app: only the title (and the shell's icon) differ.
        template: path.join(path.dirname(fileURLToPath(import.meta.url)), 'index.html'),
        templateParameters: { title: title ?? `${path.basename(appDir)} (standalone)`, favicon },
        // Only the app's own entry: injecting the federation entry too breaks hot updates.
        chunks: ['main'],
        // Absolute in development so a standalone remote's deep links (/girl/12) find main.js.
        publicPath: isRemote && !dev ? 'auto' : '/',
        minify: !dev,
      }),
      new rspack.CopyRspackPlugin({ patterns: copyPatterns(kind) }),
      new rspack.DefinePlugin({
        __DEV__: JSON.stringify(dev),
        __SERVER__: 'false',
        ...releaseDefines(appDir),
      }),
      dev && new ReactRefreshRspackPlugin(),
    ].filter(Boolean),
    optimization: {
      minimize: !dev,
      // The host's first script is split by library into files the HTML lists side by side:
      // the same round trip, and the browser compiles each in a task of its own.
      ...(!isRemote && !dev
        ? {
            splitChunks: {
              chunks: 'initial',
              cacheGroups: {
                reactDom: {
                  test: /[\\/]node_modules[\\/].*(react-dom|scheduler)[\\/]/,
                  name: 'react-dom',
                  priority: 20,
                },
                router: { test: /[\\/]node_modules[\\/].*react-router/, name: 'router', priority: 15 },
                vendor: { test: /[\\/]node_modules[\\/]/, name: 'vendor', priority: 10 },
              },
            },
          }
        : {}),
    },
    performance: { hints: false },
    devServer: {
      port,
      historyApiFallback: true,
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // Standalone development talks to the API of a running `npm start` (or `pnpm --filter api start`).
      // The dev server's own hot-reload socket is /ws; the API's sockets live below /ws/.
      proxy: [
        {
          pathFilter: ['/api', '/media', '/ws/'],
          target: process.env.API_URL ?? 'http://localhost:8080',
          ws: true,
        },
      ],
    },
  };
}

/** What a remote's server build takes from the host at run time instead of bundling a copy. */
function isSharedRequest(request, shared) {
  return Object.keys(shared).some((key) => (key.endsWith('/') ? request.startsWith(key) : request === key));
}

/**
 * The server target of an app, built beside its browser target from the same sources: one
 * CommonJS file for Node, no chunks (lazy imports stay in the file), CSS modules reduced to their
 * class names (the browser build's names), no styles. The host's file bundles every library and
 * hands them to remotes; a remote's file leaves the shared singletons to the host, as in the
 * browser, so server and browser render with one React, router, store and i18n.
 *
 * @param {object} o
 * @param {string} o.appDir
 * @param {string} o.name        federation name (mfe_catalog) or 'shell'
 * @param {'host'|'remote'} o.kind
 * @param {string} o.entry       the server entry module
 * @param {string} o.dependsOn   the browser build's name: it cleans dist/ first
 */
export function createServerConfig({ appDir, name, kind, entry, dependsOn }) {
  const require = createRequire(path.join(appDir, 'package.json'));
  const routerDir = path.dirname(require.resolve('react-router/package.json'));
  const isRemote = kind === 'remote';
  const shared = sharedSingletons(appDir);
  return {
    name: `${name}-server`,
    dependencies: [dependsOn],
    mode: 'production',
    target: 'node20',
    context: appDir,
    entry: { server: entry },
    devtool: false,
    output: {
      // A remote's server file is deployed with its browser build (the registry names its URL);
      // the host's stays with the server.
      path: isRemote ? path.join(releaseOutDir(appDir), 'server') : path.join(appDir, 'dist-server'),
      filename: isRemote ? 'remoteEntry.js' : 'server.cjs',
      library: { type: 'commonjs2' },
      chunkFormat: 'commonjs',
      publicPath: '',
      uniqueName: `${name}_server`,
      clean: !isRemote,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: {
        'react-router$': path.join(routerDir, 'dist/production/index.mjs'),
        'react-router/dom$': path.join(routerDir, 'dist/production/dom-export.mjs'),
        // The host renders with the server's useTranslation (shell/src/server-react-i18next.ts),
        // Link and NavLink (shell/src/server-react-router-dom.ts) and useQuery
        // (shell/src/server-react-query.ts), and gives those packages so to the remotes it renders.
        ...(isRemote
          ? {}
          : {
              'react-i18next$': path.join(appDir, 'src', 'server-react-i18next.ts'),
              'react-i18next-original$': path.join(
                path.dirname(require.resolve('react-i18next/package.json')),
                'dist/es/index.js',
              ),
              'react-router-dom$': path.join(appDir, 'src', 'server-react-router-dom.ts'),
              'react-router-dom-original$': path.join(
                path.dirname(require.resolve('react-router-dom/package.json')),
                'dist/index.mjs',
              ),
              '@tanstack/react-query$': path.join(appDir, 'src', 'server-react-query.ts'),
              '@tanstack/react-query-original$': path.join(
                path.dirname(require.resolve('@tanstack/react-query/package.json')),
                'build/modern/index.js',
              ),
            }),
      },
    },
    externalsType: 'commonjs',
    externals: isRemote
      ? [
          ({ request }, callback) =>
            request && isSharedRequest(request, shared)
              ? callback(undefined, `commonjs ${request}`)
              : callback(),
        ]
      : [],
    module: {
      rules: [
        scriptRule(false, 'node 20'),
        ...cssModuleRules(name, false, (modules) => [
          { loader: 'css-loader', options: { modules: { ...modules, exportOnlyLocals: true } } },
        ]),
        // Plain stylesheets have no class names to export: nothing of them runs on the server.
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'asset/source', generator: { emit: false } },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ __DEV__: 'false', __SERVER__: 'true', ...releaseDefines(appDir) }),
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
  };
}
