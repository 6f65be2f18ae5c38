import { mkdtempSync } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type ApiErrorBody, MEDIA, type OwnMedia } from 'contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { createAccount, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import {
  JPEG_HEAD,
  MP4_HEAD,
  signedInOverHttp,
  streamUpload,
  type UploadSession,
} from '../../testing/media-uploads';
import { largeVideo, probe, recordedVideo } from '../../testing/videos';

// Real HTTP on a real port: the body is a stream the client generates as it sends, so these
// tests see what a browser's upload does to the server (memory, disk, an abort mid-way).
const mediaDir = mkdtempSync(path.join(tmpdir(), 'media-stream-test-'));
const t = testAppForFile({ mediaDir });
let base = '';
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => rm(mediaDir, { recursive: true, force: true }));

const MB = 1024 * 1024;

// The garbage collector on demand, so that a sample of Buffer memory counts live buffers only.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
/** A model signed in with a fresh profile, as a browser holds it: cookies and the CSRF token. */
async function session(): Promise<UploadSession> {
  const account = await createAccount(t.db);
  const profile = await createProfile(
    t.db,
    { accountId: account.id, status: 'draft', publishedAt: null },
    { photos: [] },
  );
  const tokens = await t.app.sessions.create(account.id);
  return signedInOverHttp(base, t.app.cookieNames, tokens.accessToken, profile.id);
}

async function storedFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const folder of await readdir(mediaDir)) {
    if (folder.startsWith('.')) continue;
    for (const name of await readdir(path.join(mediaDir, folder))) out.push(`${folder}/${name}`);
  }
  return out.sort();
}

/** Temporary files of uploads in progress, with their sizes. */
async function temporaryFiles(): Promise<{ file: string; size: number }[]> {
  const incoming = path.join(mediaDir, '.incoming');
  const out: { file: string; size: number }[] = [];
  for (const own of await readdir(incoming)) {
    for (const upload of await readdir(path.join(incoming, own))) {
      const folder = path.join(incoming, own, upload);
      for (const name of await readdir(folder).catch(() => [])) {
        const info = await stat(path.join(folder, name)).catch(() => null);
        if (info) out.push({ file: path.join(folder, name), size: info.size });
      }
    }
  }
  return out;
}

async function temporaryFolders(): Promise<string[]> {
  const incoming = path.join(mediaDir, '.incoming');
  const out: string[] = [];
  for (const own of await readdir(incoming)) out.push(...(await readdir(path.join(incoming, own))));
  return out;
}

async function eventually(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const rowsOf = (profileId: number) => t.db.select().from(media).where(eq(media.profileId, profileId));

describe('streamed uploads over HTTP', () => {
  // First, while the process's memory has not yet grown for anything else of this size.
  it('takes a 50 MB video without holding it in memory', async () => {
    const who = await session();
    // Real videos, which the server remuxes: a phone's short clip and one of exactly 50 MB.
    const videos = mkdtempSync(path.join(tmpdir(), 'stream-videos-'));
    const warmFile = path.join(videos, 'warm.mp4');
    await writeFile(warmFile, await recordedVideo('mp4'));
    const maxFile = path.join(videos, 'max.mov');
    await largeVideo(maxFile, MEDIA.maxVideoBytes);
    expect((await stat(maxFile)).size).toBe(MEDIA.maxVideoBytes);
    const original = await probe(maxFile);
    // Warm up: the first upload loads modules and fills pools that are not the upload's.
    const warmSize = (await stat(warmFile)).size;
    expect(
      await streamUpload(base, who, { size: warmSize, path: warmFile, filename: 'warm.mp4' }),
    ).toMatchObject({
      status: 201,
    });
    const [warm] = await rowsOf(who.profileId);
    if (warm) await t.db.delete(media).where(eq(media.id, warm.id));

    collectGarbage();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakBuffers = before.arrayBuffers;
    let samples = 0;
    const sample = () => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      if (++samples % 5 === 0) {
        collectGarbage();
        peakBuffers = Math.max(peakBuffers, process.memoryUsage().arrayBuffers);
      }
    };
    const sampler = setInterval(sample, 10);
    const started = Date.now();
    const cpuBefore = process.cpuUsage();
    const outcome = await streamUpload(base, who, {
      size: MEDIA.maxVideoBytes,
      path: maxFile,
      filename: 'max.mov',
    });
    const ms = Date.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(sampler);
    sample();
    const rssGrowth = (peakRss - before.rss) / MB;
    const bufferGrowth = (peakBuffers - before.arrayBuffers) / MB;
    console.info(
      `RSS during a streamed 50 MB upload: ${(before.rss / MB).toFixed(0)} MB before, peak ${(peakRss / MB).toFixed(0)} MB ` +
        `(+${rssGrowth.toFixed(1)} MB); live Buffer memory peak +${bufferGrowth.toFixed(1)} MB`,
    );
    console.info(
      `a streamed 50 MB upload, remuxed: ${ms} ms, this process's CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`,
    );
    expect(outcome).toMatchObject({ status: 201 });
    const item = JSON.parse((outcome as { body: string }).body) as OwnMedia;
    const storedFile = path.join(mediaDir, item.url.replace('/media/u/', ''));
    const stored = await stat(storedFile);
    expect(item).toMatchObject({ kind: 'video', sizeBytes: stored.size });
    // Remuxed, not kept byte for byte: every frame is there, and the padding is not.
    expect(stored.size).toBeGreaterThan(MEDIA.maxVideoBytes - 2 * MB);
    expect(stored.size).toBeLessThan(MEDIA.maxVideoBytes);
    const copy = await probe(storedFile);
    expect([copy.streams, copy.duration]).toEqual([original.streams, original.duration]);
    await rm(videos, { recursive: true, force: true });
    expect(rssGrowth).toBeLessThan(60);
    // RSS is coarse (a process keeps pages it once used, and garbage waits for a collection); live
    // Buffer memory shows the file was never held whole: a few chunks in flight at a time.
    expect(bufferGrowth).toBeLessThan(24);
    expect(await temporaryFolders()).toEqual([]);
  }, 60_000);

  it('refuses a 51 MB video with FILE_TOO_LARGE and keeps nothing of it', async () => {
    const who = await session();
    const before = await storedFiles();
    const outcome = await streamUpload(base, who, { size: 51 * MB, head: MP4_HEAD, filename: 'big.mp4' });
    expect(outcome).toMatchObject({ status: 413 });
    const error = JSON.parse((outcome as { body: string }).body) as ApiErrorBody;
    expect(error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'Файл слишком большой. Максимальный размер видео — 50 МБ',
    });
    expect(await rowsOf(who.profileId)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
    expect(await temporaryFolders()).toEqual([]);
  }, 30_000);

  it('refuses a photo over 20 MB as soon as it passes 20 MB', async () => {
    const who = await session();
    const outcome = await streamUpload(base, who, {
      size: MEDIA.maxPhotoBytes + MB,
      head: JPEG_HEAD,
      filename: 'huge.jpg',
    });
    expect(outcome).toMatchObject({ status: 413 });
    expect(JSON.parse((outcome as { body: string }).body)).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'Фото слишком большое: максимум 20 МБ',
    });
    expect(await rowsOf(who.profileId)).toEqual([]);
    expect(await temporaryFolders()).toEqual([]);
  }, 30_000);

  it('keeps nothing of an upload the client abandons mid-way, which reached the disk as it arrived', async () => {
    const who = await session();
    const before = await storedFiles();
    let sawPartialFile = false;
    const outcome = await streamUpload(
      base,
      who,
      { size: 30 * MB, head: MP4_HEAD, filename: 'gone.mp4' },
      async (sent) => {
        if (sent < 8 * MB) return false;
        // Streamed to a temporary file as it comes, not buffered: part of it is on disk already.
        await eventually(
          async () => (await temporaryFiles()).some((file) => file.size >= 4 * MB),
          'a partial file',
        );
        sawPartialFile = true;
        return true;
      },
    );
    expect(outcome).toEqual({ aborted: true });
    expect(sawPartialFile).toBe(true);
    await eventually(async () => (await temporaryFolders()).length === 0, 'the temporary folder to go');
    expect(await rowsOf(who.profileId)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  }, 30_000);
});
