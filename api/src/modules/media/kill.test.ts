import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OwnMedia, OwnMediaList } from 'contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createAccount, createProfile } from '../../testing/builders';
import { migratedDataDir, startServer, stopAllServers, stopServer } from '../../testing/server-process';
import { CSRF_HEADER } from '../../plugins/auth';
import { ORPHAN_MIN_AGE_MS } from './sweep';
import {
  MP4_HEAD,
  png,
  signedInOverHttp,
  streamUpload,
  type UploadSession,
} from '../../testing/media-uploads';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const MB = 1024 * 1024;

let folder = '';
afterAll(async () => {
  await stopAllServers();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The real server (`src/server.ts` through tsx's loader, in one process), on the given folders. */
const startOn = (dataDir: string, mediaDir: string) =>
  startServer((base) => ({
    // Production: reference data only, no demo profiles to seed.
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    MEDIA_DIR: mediaDir,
    STATIC_ROOT: folder,
    AUTH_SECRET: SECRET,
    PUBLIC_URL: base,
    SMTP_URL: 'smtp://127.0.0.1:9',
  }));

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.relative(dir, path.join(entry.parentPath, entry.name)));
  }
  return out.sort();
}

async function eventually(check: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function listMedia(base: string, who: UploadSession): Promise<OwnMedia[]> {
  const response = await fetch(`${base}/api/profiles/${who.profileId}/media`, {
    headers: { cookie: who.cookie },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as OwnMediaList).items;
}

// The built server opens its own embedded database whatever DATABASE_URL says, so the PostgreSQL
// run of this suite would only repeat it.
describe.skipIf(!!process.env.DATABASE_URL)('a server killed mid-upload', () => {
  it('leaves no row without its files, and the next start removes its temporary and orphan files', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'media-kill-test-'));
    const dataDir = path.join(folder, 'pglite');
    const mediaDir = path.join(folder, 'media');

    // A model with a profile, and her session, written straight into the server's database.
    const setup = await buildApp({
      database: { dataDir: await migratedDataDir(dataDir) },
      mediaDir,
      secret: SECRET,
    });
    const account = await createAccount(setup.db);
    const profile = await createProfile(
      setup.db,
      { accountId: account.id, status: 'draft', publishedAt: null },
      { photos: [] },
    );
    const { accessToken } = await setup.sessions.create(account.id);
    const names = setup.cookieNames;
    await setup.close();

    const longAgo = new Date(Date.now() - ORPHAN_MIN_AGE_MS - 60_000);
    const first = await startOn(dataDir, mediaDir);
    const who = await signedInOverHttp(first.base, names, accessToken, profile.id);
    // One upload that completes.
    const form = new FormData();
    form.append('file', new Blob([await png(300, 200)], { type: 'image/png' }), 'kept.png');
    const done = await fetch(`${first.base}/api/profiles/${profile.id}/media`, {
      method: 'POST',
      headers: { cookie: who.cookie, [CSRF_HEADER]: who.csrf },
      body: form,
    });
    expect(done.status, await done.clone().text()).toBe(201);
    const kept = (await done.json()) as OwnMedia;

    // One that the server is killed in the middle of, once part of it is on disk.
    let partial = '';
    let partialSeen: () => void = () => undefined;
    const onDisk = new Promise<void>((resolve) => {
      partialSeen = resolve;
    });
    const upload = streamUpload(
      first.base,
      who,
      { size: 40 * MB, head: MP4_HEAD, filename: 'big.mp4' },
      async (sent) => {
        if (sent < 6 * MB || partial) return false;
        await eventually(async () => {
          const incoming = await filesUnder(path.join(mediaDir, '.incoming'));
          for (const file of incoming) {
            if ((await stat(path.join(mediaDir, '.incoming', file))).size >= 2 * MB) partial = file;
          }
          return partial !== '';
        }, 'part of the upload on disk');
        partialSeen();
        return false;
      },
    ).catch((error: unknown) => error);
    await onDisk;
    await stopServer(first, 'SIGKILL');
    expect(await upload).toBeInstanceOf(Error);
    // Killed: nobody cleaned up.
    expect(existsSync(path.join(mediaDir, '.incoming', partial))).toBe(true);
    // Everything on disk is older than the sweep's hour now, referenced files included.
    for (const file of await filesUnder(mediaDir)) await utimes(path.join(mediaDir, file), longAgo, longAgo);
    // What a process killed between storing an upload and committing its row would leave.
    const orphan = path.join(mediaDir, 'OrphanOrphanOrphan77', 'w320.webp');
    await mkdir(path.dirname(orphan), { recursive: true });
    await writeFile(orphan, 'half an upload');
    await utimes(orphan, longAgo, longAgo);

    const second = await startOn(dataDir, mediaDir);
    await eventually(async () => !existsSync(orphan), 'the orphan to be swept');
    // The killed process's temporary folder is gone; the new one's is empty.
    const incoming = await readdir(path.join(mediaDir, '.incoming'));
    expect(incoming).toHaveLength(1);
    expect(incoming[0]).toMatch(new RegExp(`^${second.child.pid}-`));
    expect(await filesUnder(path.join(mediaDir, '.incoming'))).toEqual([]);

    // The one committed upload is all there is, with every file it names.
    const items = await listMedia(
      second.base,
      await signedInOverHttp(second.base, names, accessToken, profile.id),
    );
    expect(items.map((item) => item.id)).toEqual([kept.id]);
    const named = items.flatMap((item) =>
      item.variants.map((variant) => variant.url.replace('/media/u/', '')),
    );
    expect(named.length).toBeGreaterThan(0);
    expect((await filesUnder(mediaDir)).filter((file) => !file.startsWith('.'))).toEqual(named.sort());
    await eventually(
      async () => second.output().includes('swept stored files no medium names'),
      'the log line',
    );
  }, 120_000);
});
