import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import type { OwnMedia } from 'contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../testing/agent';
import { createAccount, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { startFakeS3 } from '../../testing/fake-s3';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { MediaStorage } from './storage';
import { ORPHAN_MIN_AGE_MS, sweepOrphans } from './sweep';
import { multipart, png } from '../../testing/media-uploads';

const BUCKET = 'anketa-media';
const fakeS3 = await startFakeS3(BUCKET);
const s3Config = {
  bucket: BUCKET,
  region: 'us-east-1',
  endpoint: fakeS3.endpoint,
  accessKeyId: 'test-key',
  secretAccessKey: 'test-secret',
  forcePathStyle: true,
};
// The app itself keeps its media in the fake bucket.
const t = testAppForFile({ mediaS3: { ...s3Config, prefix: 'app/' } });
const localRoot = mkdtempSync(path.join(tmpdir(), 'media-storage-test-'));
afterAll(async () => {
  await fakeS3.close();
  await rm(localRoot, { recursive: true, force: true });
});

const KEY = 'AbCdEfGhIjKlMnOpQrStUv/w640.webp';

async function read(storage: MediaStorage, key: string, range?: { start: number; end: number }) {
  const stream = await storage.get(key, range);
  if (!stream) throw new Error(`no ${key}`);
  return text(stream);
}

describe.each([
  ['local', () => createLocalStorage(path.join(localRoot, 'contract'))],
  ['S3', () => createS3Storage({ ...s3Config, prefix: 'contract/' })],
] as const)('%s media storage', (_name, make) => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = make();
  });

  it('stores bytes and a file under a key, and reads them back whole or in part', async () => {
    await storage.put(KEY, Buffer.from('0123456789'), 'image/webp');
    expect(await storage.stat(KEY)).toEqual({ size: 10 });
    expect(await read(storage, KEY)).toBe('0123456789');
    expect(await read(storage, KEY, { start: 2, end: 4 })).toBe('234');

    const file = path.join(localRoot, 'upload.bin');
    await writeFile(file, 'from a file');
    const videoKey = 'AbCdEfGhIjKlMnOpQrStUv/video.mp4';
    await storage.put(videoKey, { path: file }, 'video/mp4');
    expect(await read(storage, videoKey)).toBe('from a file');

    const listed = [];
    for await (const item of storage.list()) listed.push(item);
    expect(new Map(listed.map((item) => [item.key, item.size]))).toEqual(
      new Map([
        [KEY, 10],
        [videoKey, 11],
      ]),
    );
    expect(Date.now() - (listed[0]?.modifiedAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('deletes, and a missing file is null, not an error', async () => {
    await storage.delete(KEY);
    await storage.delete(KEY);
    expect(await storage.stat(KEY)).toBeNull();
    expect(await storage.get(KEY)).toBeNull();
  });

  it('refuses keys it could not have made', async () => {
    for (const key of [
      '../etc/passwd',
      'AbCdEfGhIjKlMnOpQrStUv/../../x.webp',
      'short/w1.webp',
      '/abs/x.webp',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(
        /not a media storage key/,
      );
    }
  });
});

describe('the app on an S3-compatible bucket', () => {
  it('uploads, serves and removes files in the bucket', async () => {
    const account = await createAccount(t.db);
    const profile = await createProfile(
      t.db,
      { accountId: account.id, status: 'draft', publishedAt: null },
      { photos: [] },
    );
    const agent = createAgent(t.app);
    await agent.signInAs(account.id);
    const { payload, headers } = multipart({ data: await png(400, 300) });
    const response = await agent.post(`/api/profiles/${profile.id}/media`, payload, { headers });
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json<OwnMedia>();

    const keys = item.variants.map((variant) => `app/${variant.url.replace('/media/u/', '')}`);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(fakeS3.objects.get(key)).toMatchObject({
        contentType: 'image/webp',
        cacheControl: 'public, max-age=31536000, immutable',
      });
    }
    const served = await agent.get(item.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(fakeS3.objects.get(keys[1] ?? '')?.data ?? Buffer.alloc(0))).toBe(true);

    expect((await agent.delete(`/api/profiles/${profile.id}/media/${item.id}`)).statusCode).toBe(200);
    for (const key of keys) expect(fakeS3.objects.has(key)).toBe(false);
  });
});

describe('the sweep of orphan files', () => {
  const old = new Date(Date.now() - ORPHAN_MIN_AGE_MS - 60_000);

  it('removes old files of the bucket that no medium names, and nothing else', async () => {
    const account = await createAccount(t.db);
    const profile = await createProfile(
      t.db,
      { accountId: account.id, status: 'draft', publishedAt: null },
      { photos: [] },
    );
    const agent = createAgent(t.app);
    await agent.signInAs(account.id);
    const { payload, headers } = multipart({ data: await png(40, 30) });
    const item = (
      await agent.post(`/api/profiles/${profile.id}/media`, payload, { headers })
    ).json<OwnMedia>();
    const named = `app/${item.url.replace('/media/u/', '')}`;
    const named_ = fakeS3.objects.get(named);
    if (named_) named_.lastModified = old;

    const plant = (key: string, lastModified: Date) =>
      fakeS3.objects.set(key, {
        data: Buffer.from('x'),
        contentType: 'image/webp',
        cacheControl: undefined,
        lastModified,
      });
    plant('app/OrphanOrphanOrphan01/w320.webp', old);
    plant('app/OrphanOrphanOrphan01/w640.webp', old);
    plant('app/FreshFreshFreshFresh01/w320.webp', new Date());
    plant('app/not-ours.txt', old);
    plant('elsewhere/OrphanOrphanOrphan02/w320.webp', old);

    expect(await sweepOrphans(t.db, t.app.mediaStorage)).toBe(2);
    const left = [...fakeS3.objects.keys()].sort();
    expect(left).toContain(named);
    expect(left).toContain('app/FreshFreshFreshFresh01/w320.webp');
    expect(left).toContain('app/not-ours.txt');
    expect(left).toContain('elsewhere/OrphanOrphanOrphan02/w320.webp');
    expect(left).not.toContain('app/OrphanOrphanOrphan01/w320.webp');
    // The listing was read page by page.
    expect(fakeS3.requests.filter((line) => line.includes('continuation-token')).length).toBeGreaterThan(0);
  });

  it('removes old unnamed files of a local folder, half-written ones included, and empty folders', async () => {
    const root = path.join(localRoot, 'sweep');
    const storage = createLocalStorage(root);
    const plant = async (key: string, when: Date) => {
      await mkdir(path.dirname(path.join(root, key)), { recursive: true });
      await writeFile(path.join(root, key), 'x');
      await utimes(path.join(root, key), when, when);
    };
    await plant('OrphanOrphanOrphan03/w320.webp', old);
    await plant('OrphanOrphanOrphan03/w640.webp.x1y2z3.partial', old);
    await plant('FreshFreshFreshFresh02/video.mp4', new Date());
    await plant('.incoming/123-abc/upload', old);
    await mkdir(path.join(root, 'EmptyEmptyEmptyEmpty01'));

    expect(await sweepOrphans(t.db, storage)).toBe(2);
    expect((await readdir(root)).sort()).toEqual(['.incoming', 'FreshFreshFreshFresh02']);
  });
});
