import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../tools/rspack/create-config.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv) =>
  createConfig({
    appDir,
    name: 'mfe_admin',
    kind: 'remote',
    exposes: { './routes': './src/app/routes.tsx' },
    port: 3005,
    mode: argv.mode,
  });
