import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
