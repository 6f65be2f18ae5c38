import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppOptions, buildApp } from '../app';
import type { Database, DatabaseConfig } from '../db/client';
import { lendTemplateCopy } from './pglite-pool';
import { dropDatabaseOnceIdle } from './server-process';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/**
 * The real app on a real, empty, migrated database: an in-memory PGlite, or, when
 * DATABASE_URL is set, a fresh database on that server that is dropped again on close.
 * Both are copies of the database the suite migrated once (testing/global-setup.ts); the app
 * still runs its migrations on start, which finds them all applied. On PGlite the copy is the
 * worker's database emptied back to the template (testing/pglite-pool.ts).
 * Build one per test file and seed what the file needs.
 */
export async function createTestApp(options: Omit<AppOptions, 'database'> = {}): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  const temporary = serverUrl ? await createTemporaryDatabase(serverUrl, inject('databaseTemplate')) : null;
  const app = await buildApp({
    ...options,
    database: temporary ? { url: temporary.url } : await pgliteCopy(inject('pgliteTemplate')),
  });
  // Not made ready here: a test may still add routes of its own before the first inject.
  return {
    app,
    db: app.db,
    async close() {
      await app.close();
      await temporary?.drop();
    },
  };
}

/** A copy of the suite's migrated template: the worker's own database, emptied when given back. */
async function pgliteCopy(template: string): Promise<DatabaseConfig> {
  // Without the suite's global setup (a file run on its own by another runner): a fresh database.
  return template ? { lent: await lendTemplateCopy(template) } : { dataDir: 'memory' };
}

/**
 * One test app shared by every test of a file: opened before the first test, closed after the
 * last; `prepare` seeds what the file needs. The object is filled in when the file starts.
 */
export function testAppForFile(
  options: Omit<AppOptions, 'database'> = {},
  prepare?: (t: TestApp) => Promise<unknown>,
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
    await prepare?.(t);
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

/** PostgreSQL's answer when the template is being copied or read by another session. */
const SOURCE_IN_USE = '55006';

async function createTemporaryDatabase(
  serverUrl: string,
  template: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `api_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Two test files may copy the template at the same moment; the loser waits and copies again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(
          template ? `create database ${name} template ${template}` : `create database ${name}`,
        );
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== SOURCE_IN_USE || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropDatabaseOnceIdle(serverUrl, name),
  };
}
