import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, createServerConfig } from '../tools/rspack/create-config.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv) => {
  const browser = {
    ...createConfig({
      appDir,
      name: 'mfe_catalog',
      kind: 'remote',
      exposes: { './routes': './src/app/routes.tsx' },
      port: 3001,
      mode: argv.mode,
    }),
    name: 'mfe_catalog',
  };
  if (argv.mode !== 'production') return browser;
  // The server target, beside the browser one in dist/server/: the registry names both.
  return [
    browser,
    createServerConfig({
      appDir,
      name: 'mfe_catalog',
      kind: 'remote',
      entry: './src/server.ts',
      dependsOn: 'mfe_catalog',
    }),
  ];
};
