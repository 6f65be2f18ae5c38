import { existsSync, openAsBlob } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** What repositories take: the same query builder whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseConfig {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  url?: string | undefined;
  /** PGlite's data directory, or 'memory' for a database that lives as long as the process. */
  dataDir?: string | undefined;
  /**
   * A PGlite data directory dumped to a tar file (`dumpDataDir`) to start from instead of an empty
   * cluster: the test suite migrates one database once and opens a copy per test file, which
   * skips PGlite's initdb and the migrations (about 5 s a file).
   */
  pgliteTemplate?: string | undefined;
  /**
   * An open PGlite its owner lends (the API suite's database of a test worker, emptied between
   * test files): the app uses it and gives it back when it closes instead of closing it.
   */
  lent?: LentPglite | undefined;
}

export interface LentPglite {
  client: PGlite;
  giveBack(): Promise<void>;
}

export interface DatabaseConnection {
  db: Database;
  kind: DatabaseKind;
  /** Where the data lives, for the start-up line; never contains a password. */
  location: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool, for its figures (/metrics); null on PGlite, which has one connection. */
  pool: PoolUse | null;
}

/** What a pool says about its connections (pg.Pool's own counts). */
export type PoolUse = Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;

/**
 * api/drizzle: two folders up from this file in src/db/, one up from the bundled dist/server.js
 * that production runs (scripts/build-api.mjs).
 */
const migrationsFolder =
  ['../../drizzle', '../drizzle']
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((folder) => existsSync(path.join(folder, 'meta', '_journal.json'))) ?? 'api/drizzle (not found)';

/** Any number to share between instances; it only has to differ from other advisory locks. */
const MIGRATION_LOCK_KEY = 7_310_001;

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseConnection> {
  if (config.url) return openPostgres(config.url);
  const { lent } = config;
  if (lent) return pgliteConnection(lent.client, 'in memory', () => lent.giveBack());
  const dataDir = config.dataDir ?? 'memory';
  const client = await openPgliteClient(dataDir, config.pgliteTemplate);
  return pgliteConnection(client, dataDir === 'memory' ? 'in memory' : dataDir, () => client.close());
}

/** A PGlite in memory or in `dataDir`, empty or a copy of a dumped data directory. */
export async function openPgliteClient(dataDir: string, template?: string): Promise<PGlite> {
  const inMemory = dataDir === 'memory';
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const client = new PGlite({
    ...(inMemory ? {} : { dataDir }),
    ...(template ? { loadDataDir: await openAsBlob(template), ...(await pgliteRuntime()) } : {}),
  });
  await client.waitReady;
  return client;
}

function pgliteConnection(client: PGlite, location: string, close: () => Promise<void>): DatabaseConnection {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    location,
    // PGlite has one connection, so there is nobody to race with.
    migrate: () => migratePglite(db, { migrationsFolder }),
    close,
    pool: null,
  };
}

/**
 * PGlite's WebAssembly compiled once per process, and its file bundle read once: a process that
 * opens many databases from a template (a test worker, one per test file) skips compiling them
 * again for each (about a second each).
 */
let runtime: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
function pgliteRuntime() {
  runtime ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, fsBundle] = await Promise.all([
      readFile(path.join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(new Uint8Array(bytes))),
      openAsBlob(path.join(dist, 'pglite.data')),
    ]);
    return { pgliteWasmModule, fsBundle };
  })();
  return runtime;
}

async function openPostgres(url: string): Promise<DatabaseConnection> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Fail at start-up, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    location: describeUrl(url),
    migrate: () => migratePostgres(pool),
    close: () => pool.end(),
    pool,
  };
}

/**
 * Several API instances may start at once against one server: a session advisory lock on one
 * connection makes the others wait until the first has applied the migrations.
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    const db = drizzleNodePg({ client, schema });
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await migrateNodePg(db, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  } finally {
    client.release();
  }
}

/** Dumps a PGlite database's data directory (uncompressed), to be opened again as `pgliteTemplate`. */
export async function dumpPglite(connection: DatabaseConnection): Promise<Blob> {
  const client = (connection.db as unknown as { $client?: PGlite }).$client;
  if (connection.kind !== 'pglite' || !client) throw new Error('only an embedded database can be dumped');
  return client.dumpDataDir('none');
}

function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
