import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { declareRoutes } from '../scripts/pin-remotes.mjs';
import { createConfig, createServerConfig } from '../tools/rspack/create-config.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));
const devRemotes = {
  catalog: 3001,
  auth: 3002,
  'model-cabinet': 3003,
  'advertiser-office': 3004,
  admin: 3005,
};

export default (_env, argv) => {
  const config = createConfig({
    appDir,
    name: 'shell',
    kind: 'host',
    port: 3000,
    mode: argv.mode,
    title: 'Anketa',
    favicon: '/favicon.svg',
  });
  config.name = 'shell';
  // In development the shell's registry points at /mfe/<name>/, proxied to each remote's dev server.
  config.devServer.proxy.push(
    ...Object.entries(devRemotes).map(([name, port]) => ({
      pathFilter: [`/mfe/${name}`],
      target: `http://localhost:${port}`,
      pathRewrite: { [`^/mfe/${name}`]: '' },
    })),
  );
  // ...and its /remotes.json carries the routes each remote declares (its remote.json), as the
  // production build's does: the registry says which remote owns a path.
  config.devServer.setupMiddlewares = (middlewares) => {
    middlewares.unshift({
      name: 'registry-with-routes',
      path: '/remotes.json',
      middleware: (_request, response) => {
        const file = path.join(tmpdir(), `shell-dev-remotes-${process.pid}.json`);
        copyFileSync(path.join(appDir, 'public', 'remotes.json'), file);
        declareRoutes(path.dirname(appDir), file);
        response.setHeader('content-type', 'application/json');
        response.setHeader('cache-control', 'no-cache');
        response.end(readFileSync(file));
      },
    });
    return middlewares;
  };
  if (argv.mode !== 'production') return config;
  // Production builds the server target too: the server renders the public pages with it.
  return [
    config,
    createServerConfig({
      appDir,
      name: 'shell',
      kind: 'host',
      entry: './src/server.tsx',
      dependsOn: 'shell',
    }),
  ];
};
