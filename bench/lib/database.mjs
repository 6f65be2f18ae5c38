// A bench's database with many profiles, as the api-listing bench makes it: a scratch database on a
// PostgreSQL server (created here, dropped at the end) or an embedded PGlite folder; the server's
// first start (NODE_ENV=test) migrates and seeds the demo data, then the server is stopped and the
// seeded profiles are copied up to `profiles` (bench/api-listing/generate.mjs).
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { generateInPglite, generateInPostgres } from '../api-listing/generate.mjs';
import { root, startServer } from './server.mjs';

const requireApi = createRequire(path.join(root, 'api', 'package.json'));

/**
 * A new database on the server of `adminUrl` (a superuser's URL), named `<prefix>_<pid>`.
 * @param {string} adminUrl
 * @param {string} prefix
 */
export async function scratchDatabase(adminUrl, prefix) {
  const pg = requireApi('pg');
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      try {
        await again.query(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}

/**
 * @typedef {object} BenchDatabase
 * @property {'postgresql' | 'pglite'} engine
 * @property {number} profiles the profiles in the database after growing it
 * @property {string} dataDir the server's DATA_DIR (PGlite's database, or only its secret beside it)
 * @property {string | undefined} databaseUrl PostgreSQL's URL; undefined on PGlite
 * @property {string | undefined} databaseName the scratch database's name on PostgreSQL
 * @property {Record<string, string>} env what a server started on this database needs (DATABASE_URL)
 * @property {() => Promise<void>} drop drops the scratch database or removes the PGlite folder
 */

/**
 * Makes a database of `profiles` profiles. `port` is the one the seeding server starts on; `built`
 * seeds with the production build (api/dist) rather than the sources under tsx.
 * @param {{ engine: 'postgresql' | 'pglite', adminUrl?: string, profiles: number, port: number, prefix: string, built?: boolean }} options
 * @returns {Promise<BenchDatabase>}
 */
export async function prepareDatabase({ engine, adminUrl, profiles, port, prefix, built = false }) {
  if (engine === 'postgresql' && !adminUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL');
  const scratch = engine === 'postgresql' && adminUrl ? await scratchDatabase(adminUrl, prefix) : null;
  /** @type {Record<string, string>} */
  const env = scratch ? { DATABASE_URL: scratch.url } : {};
  /** @type {string | undefined} */
  let dataDir;
  const drop = async () => {
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // A production start seeds no demo profiles: the test environment does.
    const first = await startServer(
      port,
      { ...env, RATE_LIMIT_FACTOR: '1000', NODE_ENV: 'test' },
      undefined,
      {
        built,
      },
    );
    dataDir = first.dataDir;
    await first.stop();
    const count = scratch
      ? await generateInPostgres(scratch.url, profiles)
      : await generateInPglite(first.dataDir, profiles);
    return {
      engine,
      profiles: count,
      dataDir: first.dataDir,
      databaseUrl: scratch?.url,
      databaseName: scratch?.name,
      env,
      drop,
    };
  } catch (error) {
    await drop();
    throw error;
  }
}
