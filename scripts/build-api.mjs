// Builds the API for production: api/src/server.ts and the `contracts` sources it imports, bundled
// by esbuild into one ES module, api/dist/server.js, that plain Node runs without a TypeScript
// loader. npm packages stay outside the bundle and load from api/node_modules as usual: some find
// files beside their own code (PGlite's WebAssembly, swagger-ui's assets, argon2's binary).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { log, root } from './lib.mjs';

const apiDir = path.join(root, 'api');
export const API_ENTRY = path.join(apiDir, 'dist', 'server.js');

export async function buildApi() {
  const started = Date.now();
  const esbuild = createRequire(path.join(apiDir, 'package.json'))('esbuild');
  const manifest = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8'));
  // Workspace packages are TypeScript sources, so they are bundled; everything else is external.
  const external = Object.entries(manifest.dependencies)
    .filter(([, version]) => !String(version).startsWith('workspace:'))
    .flatMap(([name]) => [name, `${name}/*`]);
  await esbuild.build({
    entryPoints: [path.join(apiDir, 'src', 'server.ts')],
    outfile: API_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
  log(
    `built the API into ${path.relative(root, API_ENTRY)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildApi().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
