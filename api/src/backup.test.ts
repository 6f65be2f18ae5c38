// The documented backup and restore (scripts/backup.mjs, scripts/restore.mjs, docs/production.md)
// on a real PostgreSQL server: a database seeded as the server seeds it, with uploaded files,
// backed up while nothing changes, restored into a fresh database and folder, and the server
// started on the copy. Everything a backup is for must be there: every table's rows, every
// balance and what its ledger adds up to, every file byte for byte.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { OwnMedia } from 'contracts';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { seed } from './db/seed';
import { seedAccounts } from './db/seed-accounts';
import { createAgent } from './testing/agent';
import { createAccount, createProfile } from './testing/builders';
import { multipart, png } from './testing/media-uploads';
import {
  adminQuery,
  databaseOnServer,
  startServer,
  stopAllServers,
  stopServer,
} from './testing/server-process';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const serverUrl = process.env.DATABASE_URL;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** What a backup must keep, read from a database and a media folder. */
interface Books {
  /** Rows of every table of every schema (the migrations' own journal included). */
  rows: Record<string, number>;
  /** Every account's balance beside the sum of its ledger entries. */
  balances: { id: number; balance: string; ledger: string }[];
  /** The ledger's sum per system account (the other side of every entry). */
  systemLedger: { account: string; sum: string }[];
  /** sha256 of every stored file, by its path under the media folder. */
  files: Record<string, string>;
}

async function booksOf(url: string, mediaDir: string): Promise<Books> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ schema: string; name: string }>(
      `select schemaname as schema, tablename as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
    );
    const rows: Record<string, number> = {};
    for (const { schema, name } of tables.rows) {
      const qualified = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
      const result = await client.query<{ n: string }>(`select count(*) as n from ${qualified}`);
      rows[`${schema}.${name}`] = Number(result.rows[0]?.n);
    }
    const balances = await client.query<Books['balances'][number]>(
      `select a.id, a.balance_kopecks::text as balance,
              coalesce((select sum(e.amount_kopecks) from ledger_entries e where e.account_id = a.id), 0)::text as ledger
       from accounts a order by a.id`,
    );
    const systemLedger = await client.query<Books['systemLedger'][number]>(
      `select system_account as account, sum(amount_kopecks)::text as sum from ledger_entries
       where system_account is not null group by 1 order by 1`,
    );
    const files: Record<string, string> = {};
    for (const entry of await readdir(mediaDir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const relative = path.relative(mediaDir, path.join(entry.parentPath, entry.name));
      // Uploads in progress are the server's working files, not media.
      if (relative.startsWith('.')) continue;
      files[relative] = createHash('sha256')
        .update(await readFile(path.join(mediaDir, relative)))
        .digest('hex');
    }
    return { rows, balances: balances.rows, systemLedger: systemLedger.rows, files };
  } finally {
    await client.end();
  }
}

/** A script of scripts/ as an operator runs it: its own environment, its output on failure. */
async function script(name: string, args: string[], env: Record<string, string>): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(root, 'scripts', name), ...args],
      {
        cwd: root,
        env: { PATH: process.env.PATH, ...env },
      },
    );
    return stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${name} failed: ${failed.message}\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

// pg_dump reads a PostgreSQL server; an embedded PGlite database is a folder, copied while its
// server is stopped (docs/production.md), so the PGlite run of the suite has nothing to test here.
describe.skipIf(!serverUrl)('backup and restore (PostgreSQL only: DATABASE_URL is set in its pass)', () => {
  it('restores every row, balance, ledger entry and file into a fresh database and folder, and the server starts on it', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'backup-test-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const mediaDir = path.join(folder, 'media');
    const source = await databaseOnServer(serverUrl as string, 'backup_source');
    cleanups.push(source.drop);

    // Seeded as `npm start` seeds a fresh server (demo profiles, accounts with their payments,
    // campaigns and history), and a model who uploads two photos.
    const app = await buildApp({ database: { url: source.url }, mediaDir, secret: SECRET });
    let ownerToken = '';
    const uploaded: OwnMedia[] = [];
    let profileId = 0;
    const cookieNames = app.cookieNames;
    try {
      await seed(app.db, { profiles: 40 });
      await seedAccounts(app.db, {
        admin: { email: 'admin@backup.test', password: 'backup-admin-password' },
        demoPassword: 'backup-demo-password',
        rubPerUsd: 90,
      });
      const model = await createAccount(app.db);
      const profile = await createProfile(
        app.db,
        { accountId: model.id, status: 'draft', publishedAt: null },
        { photos: [] },
      );
      profileId = profile.id;
      const agent = createAgent(app);
      ownerToken = (await agent.signInAs(model.id)).accessToken;
      for (const [width, height] of [
        [1400, 900],
        [500, 700],
      ] as const) {
        const { payload, headers } = multipart({
          data: await png(width, height),
          filename: 'photo.png',
          contentType: 'image/png',
        });
        const response = await agent.post(`/api/profiles/${profile.id}/media`, payload, { headers });
        expect(response.statusCode, response.body).toBe(201);
        uploaded.push(response.json<OwnMedia>());
      }
    } finally {
      await app.close();
    }

    // Stored names are random base64url, so one in 64 begins with a dash, which tar once read as
    // an option: one such file, whatever the uploads drew.
    await writeFile(path.join(mediaDir, '-begins-with-a-dash.webp'), 'a file like any other');
    const before = await booksOf(source.url, mediaDir);
    // Enough to compare: the seed wrote books and the uploads wrote files.
    expect(before.rows['public.model_profiles']).toBeGreaterThanOrEqual(41);
    expect(before.rows['public.ledger_entries']).toBeGreaterThan(0);
    expect(before.balances.some((account) => account.balance !== '0')).toBe(true);
    expect(Object.keys(before.files).length).toBeGreaterThanOrEqual(4);

    const backupFolder = (
      await script('backup.mjs', ['--out', path.join(folder, 'backups')], {
        DATABASE_URL: source.url,
        MEDIA_DIR: mediaDir,
      })
    ).trim();
    expect(path.dirname(backupFolder)).toBe(path.join(folder, 'backups'));
    expect((await readdir(backupFolder)).sort()).toEqual(['database.dump', 'manifest.json', 'media.tar']);

    // A fresh database (not the suite's migrated template) and a folder that does not exist yet.
    const name = `backup_restored_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl as string, `create database ${name}`);
    cleanups.push(() => adminQuery(serverUrl as string, `drop database if exists ${name} with (force)`));
    const restoredUrl = new URL(serverUrl as string);
    restoredUrl.pathname = `/${name}`;
    const restoredMedia = path.join(folder, 'restored-media');
    const env = { DATABASE_URL: restoredUrl.toString(), MEDIA_DIR: restoredMedia };
    expect(await script('restore.mjs', [backupFolder], env)).toContain('restored the backup');

    // A restore never mixes with what is there: the same again into the now full database refuses.
    await expect(script('restore.mjs', [backupFolder], env)).rejects.toThrow(
      /restore into an empty database/,
    );

    // The server, as deployed (production: it seeds nothing over the restored data), on the copy.
    const server = await startServer((base) => ({
      NODE_ENV: 'production',
      DATABASE_URL: restoredUrl.toString(),
      MEDIA_DIR: restoredMedia,
      STATIC_ROOT: folder,
      AUTH_SECRET: SECRET,
      PUBLIC_URL: base,
      SMTP_URL: 'smtp://127.0.0.1:9',
    }));
    const health = await fetch(`${server.base}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' });
    // A session from before the backup still signs its owner in (same AUTH_SECRET), and her
    // files are served from the restored folder.
    const list = await fetch(`${server.base}/api/profiles/${profileId}/media`, {
      headers: { cookie: `${cookieNames.access}=${ownerToken}` },
    });
    expect(list.status).toBe(200);
    for (const medium of uploaded) {
      const file = await fetch(`${server.base}${medium.url}`, {
        headers: { cookie: `${cookieNames.access}=${ownerToken}` },
      });
      expect(file.status, medium.url).toBe(200);
      const served = createHash('sha256')
        .update(Buffer.from(await file.arrayBuffer()))
        .digest('hex');
      expect(served).toBe(before.files[medium.url.replace(/^\/media\/u\//, '')]);
    }
    await stopServer(server);

    const after = await booksOf(restoredUrl.toString(), restoredMedia);
    expect(after.rows).toEqual(before.rows);
    expect(after.balances).toEqual(before.balances);
    for (const account of after.balances)
      expect(account.ledger, `account ${account.id}`).toBe(account.balance);
    expect(after.systemLedger).toEqual(before.systemLedger);
    expect(after.files).toEqual(before.files);
  }, 180_000);
});
