import { mkdtempSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ApiErrorBody, AuditLog, OwnMedia, OwnMediaList } from 'contracts';
import { and, eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, media, modelProfiles } from '../../db/schema';
import { type Agent, createAgent } from '../../testing/agent';
import { createAccount, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { deleteStoredFiles, publishRevisionMedia, removeProfileFiles } from './service';
import {
  cameraJpeg,
  type FilePart,
  mp4,
  multipart,
  png,
  webm,
  webp,
  webpChunks,
} from '../../testing/media-uploads';
import { movieBoxes, probe, RECORDED_TRACES, recordedVideo } from '../../testing/videos';

const mediaDir = mkdtempSync(path.join(tmpdir(), 'media-test-'));
const t = testAppForFile({ mediaDir, mediaUploadsPerHour: { max: 12, windowSeconds: 3600 } });
afterAll(() => rm(mediaDir, { recursive: true, force: true }));

/** Clips recorded with a location, as phones do, made once for the file. */
const clips = {} as Record<'mp4' | 'mov' | 'webm', Buffer>;
beforeAll(async () => {
  for (const format of ['mp4', 'mov', 'webm'] as const) clips[format] = await recordedVideo(format);
});

const errorOf = (response: { json<T>(): T }) => response.json<ApiErrorBody>();
const MB = 1024 * 1024;

/** Every stored file, as `<key>/<file>`; the temporary folder of uploads in progress apart. */
async function storedFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const folder of await readdir(mediaDir)) {
    if (folder.startsWith('.')) continue;
    for (const name of await readdir(path.join(mediaDir, folder))) out.push(`${folder}/${name}`);
  }
  return out.sort();
}

/** Files of uploads in progress, of every process. */
async function temporaryFiles(): Promise<string[]> {
  const base = path.join(mediaDir, '.incoming');
  const out: string[] = [];
  for (const dir of await readdir(base)) {
    for (const name of await readdir(path.join(base, dir))) out.push(`${dir}/${name}`);
  }
  return out;
}

const fileOf = (url: string) => readFile(path.join(mediaDir, url.replace('/media/u/', '')));

async function model() {
  const account = await createAccount(t.db);
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  const profile = await createProfile(
    t.db,
    { accountId: account.id, status: 'draft', publishedAt: null },
    { photos: [] },
  );
  return { account, agent, profile };
}

async function admin() {
  const account = await createAccount(t.db, { role: 'admin' });
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  return agent;
}

function upload(agent: Agent, profileId: number, ...parts: FilePart[]) {
  const { payload, headers } = multipart(...parts);
  return agent.post(`/api/profiles/${profileId}/media`, payload, { headers });
}

async function uploaded(agent: Agent, profileId: number, part: FilePart): Promise<OwnMedia> {
  const response = await upload(agent, profileId, part);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OwnMedia>();
}

/** Asserts that a refused upload changed nothing: no new row, no new file, no temporary file. */
async function expectNothingStored(profileId: number, filesBefore: string[]) {
  expect(await t.db.select().from(media).where(eq(media.profileId, profileId))).toEqual([]);
  expect(await storedFiles()).toEqual(filesBefore);
  expect(await temporaryFiles()).toEqual([]);
}

describe('POST /api/profiles/:id/media: photos', () => {
  it('turns a camera JPEG upright and stores it as WebP sizes without EXIF, GPS, XMP, IPTC or ICC', async () => {
    const { agent, profile } = await model();
    const jpeg = await cameraJpeg(1600, 900);
    // The upload really carries all of it.
    expect(await exifr.gps(jpeg)).toMatchObject({ latitude: expect.closeTo(55.75, 2) });
    const before = await sharp(jpeg).metadata();
    expect([before.width, before.height, before.orientation, !!before.icc, !!before.xmp]).toEqual([
      1600,
      900,
      6,
      true,
      true,
    ]);

    const item = await uploaded(agent, profile.id, {
      data: jpeg,
      filename: 'IMG_0001.JPG',
      contentType: 'image/jpeg',
    });
    // Orientation 6 turns it a quarter: 900 wide and 1600 high, in widths for srcset, never upscaled.
    expect(item).toMatchObject({ kind: 'photo', width: 900, height: 1600, position: 0, approved: false });
    expect(item.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 569],
      [640, 1138],
      [900, 1600],
    ]);
    expect(item.url).toBe(item.variants[2]?.url);

    for (const variant of item.variants) {
      const file = await fileOf(variant.url);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // Read at the level of the container too: pixel data only.
      expect(webpChunks(file).filter((name) => !['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(name))).toEqual([]);
      expect(file.includes(Buffer.from('TestCam'))).toBe(false);
    }
    expect(await temporaryFiles()).toEqual([]);
  });

  it('takes PNG and WebP photos, read from their bytes', async () => {
    const { agent, profile } = await model();
    const fromPng = await uploaded(agent, profile.id, {
      data: await png(200, 100),
      filename: 'a.png',
      contentType: 'image/png',
    });
    expect(fromPng).toMatchObject({ kind: 'photo', width: 200, height: 100, position: 0 });
    expect(fromPng.variants).toHaveLength(1);
    // A name and a type that say otherwise do not matter.
    const fromWebp = await uploaded(agent, profile.id, {
      data: await webp(700, 500),
      filename: 'b.gif',
      contentType: 'image/gif',
    });
    expect(fromWebp).toMatchObject({ kind: 'photo', width: 700, height: 500, position: 1 });
    expect(fromWebp.variants.map((variant) => variant.width)).toEqual([320, 640, 700]);
  });

  it('refuses a text file named .jpg as an unsupported format, and stores nothing', async () => {
    const { agent, profile } = await model();
    const before = await storedFiles();
    const response = await upload(agent, profile.id, {
      data: Buffer.from('Hello, I am not a photo at all.\n'.repeat(400)),
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toMatchObject({
      code: 'UNSUPPORTED_FORMAT',
      message: 'Неподдерживаемый формат файла',
    });
    await expectNothingStored(profile.id, before);
  });

  it('refuses a truncated JPEG as an image it cannot process, and stores nothing', async () => {
    const { agent, profile } = await model();
    const jpeg = await cameraJpeg(800, 600);
    const before = await storedFiles();
    const response = await upload(agent, profile.id, {
      data: jpeg.subarray(0, Math.floor(jpeg.length * 0.7)),
      filename: 'cut.jpg',
      contentType: 'image/jpeg',
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).code).toBe('IMAGE_PROCESSING_FAILED');
    await expectNothingStored(profile.id, before);
  });

  it('refuses a small file that decodes to more than 50 megapixels (a decompression bomb)', async () => {
    const { agent, profile } = await model();
    const bomb = await sharp({ create: { width: 10_000, height: 6000, channels: 3, background: '#336699' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MB);
    const before = await storedFiles();
    const response = await upload(agent, profile.id, { data: bomb, filename: 'bomb.png' });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).code).toBe('IMAGE_PROCESSING_FAILED');
    await expectNothingStored(profile.id, before);
  });

  it('refuses a sixth photo with MEDIA_LIMIT', async () => {
    const { agent, profile } = await model();
    const small = await png(40, 30);
    for (let n = 0; n < 5; n++) await uploaded(agent, profile.id, { data: small, filename: `${n}.png` });
    const before = await storedFiles();
    const response = await upload(agent, profile.id, { data: small, filename: '6.png' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: 'MEDIA_LIMIT',
      message: 'Можно загрузить не более 5 фото',
    });
    expect(await storedFiles()).toEqual(before);
    expect(await t.db.select().from(media).where(eq(media.profileId, profile.id))).toHaveLength(5);
    // A video still fits.
    await uploaded(agent, profile.id, { data: clips.mp4, filename: 'v.mp4' });
  });
});

describe('two uploads at once', () => {
  it('take the last free place once: the other is refused and its stored files are deleted', async () => {
    const { agent, profile } = await model();
    const small = await png(40, 30);
    for (let n = 0; n < 4; n++) await uploaded(agent, profile.id, { data: small });
    const before = await storedFiles();
    const [first, second] = await Promise.all([
      upload(agent, profile.id, { data: await webp(900, 600) }),
      upload(agent, profile.id, { data: await webp(900, 600) }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([201, 409]);
    const winner = (first?.statusCode === 201 ? first : second)?.json<OwnMedia>();
    const added = (await storedFiles()).filter((file) => !before.includes(file));
    expect(added.sort()).toEqual(
      (winner?.variants ?? []).map((variant) => variant.url.replace('/media/u/', '')).sort(),
    );
    expect(await t.db.select().from(media).where(eq(media.profileId, profile.id))).toHaveLength(5);
    expect(await temporaryFiles()).toEqual([]);
  });
});

describe('POST /api/profiles/:id/media: videos', () => {
  /** Boxes that hold metadata rather than pictures and sound: a phone's location among them. */
  const METADATA_BOX = /(^|\/)(udta|meta|uuid|XMP_|loci|keys|ilst|©\w{3})(\/|$)/;

  it.each([
    ['an MP4', 'mp4', 'video/mp4', 'IMG_0001.mp4'],
    ['a MOV', 'mov', 'video/quicktime', 'IMG_0002.MOV'],
  ] as const)(
    'stores %s recorded with a location without it: no tag, no metadata box, the same playable clip',
    async (_, format, mime, filename) => {
      const { agent, profile } = await model();
      const recorded = clips[format];
      // The upload really carries its location and device: in tags, in boxes and in an XMP packet.
      const uploadedBoxes = movieBoxes(recorded);
      expect(uploadedBoxes).toEqual(expect.arrayContaining(['moov/udta', 'uuid']));
      expect(uploadedBoxes).toContain(format === 'mov' ? 'moov/udta/©xyz' : 'moov/udta/loci');
      if (format === 'mp4') expect(uploadedBoxes).toContain('moov/udta/meta/keys');
      for (const trace of RECORDED_TRACES) expect(recorded.includes(trace), trace).toBe(true);
      const folder = await mkdtemp(path.join(tmpdir(), 'recorded-'));
      const original = path.join(folder, `clip.${format}`);
      await writeFile(original, recorded);
      const before = await probe(original);
      expect(before.header).toContain('55.7558');
      expect(before.header).toContain('creation_time   : 2026-05-01');

      const item = await uploaded(agent, profile.id, { data: recorded, filename, contentType: mime });
      expect(item).toMatchObject({ kind: 'video', width: null, height: null, variants: [] });
      expect(item.url).toMatch(new RegExp(`^/media/u/[\\w-]+/video\\.${format}$`));
      const stored = await fileOf(item.url);
      expect(item.sizeBytes).toBe(stored.length);
      const [row] = await t.db.select().from(media).where(eq(media.id, item.id));
      expect(row?.mimeType).toBe(mime);

      // Read at the level of the container: not a box of metadata left, nor a byte of what they held.
      const boxes = movieBoxes(stored);
      expect(boxes.filter((box) => METADATA_BOX.test(box))).toEqual([]);
      expect(boxes).toEqual(expect.arrayContaining(['ftyp', 'moov', 'moov/trak', 'mdat']));
      // The index first (`+faststart`): a browser plays it before the rest has arrived.
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
      for (const trace of [...RECORDED_TRACES, 'Lavf']) expect(stored.includes(trace), trace).toBe(false);
      // The same pictures and sound, copied: every frame decodes, as long as before.
      const copy = path.join(folder, `stored.${format}`);
      await writeFile(copy, stored);
      const after = await probe(copy);
      expect(after.streams).toEqual(before.streams);
      expect(after.duration).toBeCloseTo(before.duration, 1);
      expect(after.header).not.toMatch(/location|creation_time|make|model|encoder|artist|2026-05-01/i);
      await rm(folder, { recursive: true, force: true });
      expect(await temporaryFiles()).toEqual([]);
    },
  );

  it('keeps one video: a second is refused with MEDIA_LIMIT before it is read', async () => {
    const { agent, profile } = await model();
    await uploaded(agent, profile.id, { data: clips.mp4, filename: 'clip.mp4' });
    const before = await storedFiles();
    const second = await upload(agent, profile.id, { data: webm(), filename: 'clip.webm' });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'MEDIA_LIMIT', message: 'Можно загрузить только 1 видео' });
    expect(await storedFiles()).toEqual(before);
  });

  it('stores a WebM with its own type whatever the request says, without its tags', async () => {
    const { agent, profile } = await model();
    for (const trace of RECORDED_TRACES.slice(0, 4)) expect(clips.webm.includes(trace), trace).toBe(true);
    const item = await uploaded(agent, profile.id, {
      data: clips.webm,
      filename: 'clip.mp4',
      contentType: 'video/mp4',
    });
    expect(item.url).toMatch(/\/video\.webm$/);
    const [row] = await t.db.select().from(media).where(eq(media.id, item.id));
    expect(row?.mimeType).toBe('video/webm');
    const stored = await fileOf(item.url);
    for (const trace of RECORDED_TRACES) expect(stored.includes(trace), trace).toBe(false);
    const after = await probe(path.join(mediaDir, item.url.replace('/media/u/', '')));
    expect([after.container, after.streams]).toEqual(['matroska,webm', ['video vp8', 'audio opus']]);
    expect(after.duration).toBeCloseTo(1, 1);
  });

  it("refuses a file that reads as an MP4 but does not play, in the visitor's language, and stores nothing", async () => {
    const { agent, profile } = await model();
    const before = await storedFiles();
    // An `ftyp` box is all it takes to pass for an MP4; no movie follows.
    const response = await upload(agent, profile.id, { data: mp4(), filename: 'clip.mp4' });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({
      code: 'VIDEO_PROCESSING_FAILED',
      message: 'Не удалось обработать видео: загрузите файл MP4, WebM или MOV, который воспроизводится',
    });
    await expectNothingStored(profile.id, before);
    const { payload, headers } = multipart({ data: mp4(), filename: 'clip.mp4' });
    const english = await agent.post(`/api/profiles/${profile.id}/media`, payload, {
      headers: { ...headers, 'accept-language': 'en' },
    });
    expect([english.statusCode, errorOf(english).message]).toEqual([
      422,
      'The video could not be processed: upload an MP4, WebM or MOV file that plays',
    ]);
    await expectNothingStored(profile.id, before);
  });
});

describe('POST /api/profiles/:id/media: the request', () => {
  it('takes one file per request: two are refused and nothing is stored', async () => {
    const { agent, profile } = await model();
    const before = await storedFiles();
    const small = await png(40, 30);
    const response = await upload(
      agent,
      profile.id,
      { data: small, filename: 'a.png' },
      { data: small, filename: 'b.png' },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { file: 'validation.oneFilePerUpload' },
      message: 'Загружайте по одному файлу за раз',
    });
    await expectNothingStored(profile.id, before);
  });

  it('refuses a request without a file, an empty file and a body that is not multipart', async () => {
    const { agent, profile } = await model();
    const none = multipart();
    expect(
      (await agent.post(`/api/profiles/${profile.id}/media`, none.payload, { headers: none.headers }))
        .statusCode,
    ).toBe(400);
    const empty = await upload(agent, profile.id, { data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields).toEqual({ file: 'validation.emptyFile' });
    const json = await agent.post(`/api/profiles/${profile.id}/media`, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(await temporaryFiles()).toEqual([]);
  });

  it('needs a model session and the CSRF header', async () => {
    const { profile } = await model();
    const { payload, headers } = multipart({ data: await png(40, 30) });
    expect(
      (await createAgent(t.app).post(`/api/profiles/${profile.id}/media`, payload, { headers })).statusCode,
    ).toBe(401);
    const advertiser = await createAccount(t.db, { accountType: 'advister' });
    const agent = createAgent(t.app);
    await agent.signInAs(advertiser.id);
    expect((await agent.post(`/api/profiles/${profile.id}/media`, payload, { headers })).statusCode).toBe(
      403,
    );
    const { agent: owner } = await model();
    const forged = await owner.post(`/api/profiles/${profile.id}/media`, payload, {
      headers,
      withoutCsrf: true,
    });
    expect(forged.statusCode).toBe(403);
    expect(errorOf(forged).code).toBe('CSRF_FAILED');
  });

  it('limits uploads per account', async () => {
    const { agent, profile } = await model();
    const text = { data: Buffer.from('not a picture'), filename: 'x.jpg' };
    for (let n = 0; n < 12; n++) expect((await upload(agent, profile.id, text)).statusCode).toBe(415);
    const limited = await upload(agent, profile.id, text);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
  });

  it('refuses changes to a blocked profile before reading the file', async () => {
    const { agent, profile } = await model();
    await t.db.update(modelProfiles).set({ isBlocked: true }).where(eq(modelProfiles.id, profile.id));
    const before = await storedFiles();
    const response = await upload(agent, profile.id, { data: await png(40, 30) });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('TRANSITION_NOT_ALLOWED');
    await expectNothingStored(profile.id, before);
  });

  it('records the edit: a profile waiting for moderation is taken back out of the queue', async () => {
    const { agent, profile } = await model();
    await t.db
      .update(modelProfiles)
      .set({ status: 'pending', submittedAt: new Date(), submittedHash: 'x' })
      .where(eq(modelProfiles.id, profile.id));
    await uploaded(agent, profile.id, { data: await png(40, 30) });
    const [row] = await t.db.select().from(modelProfiles).where(eq(modelProfiles.id, profile.id));
    // The revision's form is still empty, so it is a draft again.
    expect(row).toMatchObject({ status: 'draft', submittedAt: null, submittedHash: null });
  });
});

describe('another account', () => {
  it('finds nothing of a model profile it does not own: no list, upload, order, removal or file', async () => {
    const { agent: owner, profile } = await model();
    const item = await uploaded(owner, profile.id, { data: await png(40, 30) });
    const { agent: other } = await model();
    const before = await storedFiles();

    const list = await other.get(`/api/profiles/${profile.id}/media`);
    expect([list.statusCode, errorOf(list).code]).toEqual([404, 'MODEL_NOT_FOUND']);
    expect((await upload(other, profile.id, { data: await png(40, 30) })).statusCode).toBe(404);
    expect((await other.put(`/api/profiles/${profile.id}/media/order`, { ids: [item.id] })).statusCode).toBe(
      404,
    );
    expect((await other.delete(`/api/profiles/${profile.id}/media/${item.id}`)).statusCode).toBe(404);
    expect((await other.get(item.url)).statusCode).toBe(404);
    expect(await storedFiles()).toEqual(before);
    expect((await owner.get(`/api/profiles/${profile.id}/media`)).json<OwnMediaList>().items).toHaveLength(1);
  });
});

describe('GET /media/u/:key/:file', () => {
  it('serves a pending photo to its owner and administrators only, never cached', async () => {
    const { agent: owner, profile } = await model();
    const item = await uploaded(owner, profile.id, { data: await png(40, 30) });

    const guest = await createAgent(t.app).get(item.url);
    expect(guest.statusCode).toBe(404);
    expect(guest.headers['cache-control']).toBe('no-store');

    const mine = await owner.get(item.url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.rawPayload.equals(await fileOf(item.url))).toBe(true);

    const moderator = await (await admin()).get(item.url);
    expect(moderator.statusCode).toBe(200);
    expect(moderator.headers['cache-control']).toBe('private, no-store');
  });

  it('serves an approved file of a listed profile to anyone, cached briefly and revalidated, and without cookies', async () => {
    const { agent: owner, profile } = await model();
    const item = await uploaded(owner, profile.id, { data: await png(40, 30) });
    await t.db.transaction((tx) => publishRevisionMedia(tx, profile.id));
    await t.db
      .update(modelProfiles)
      .set({ status: 'active', publishedAt: new Date() })
      .where(eq(modelProfiles.id, profile.id));

    const guest = await createAgent(t.app).get(item.url);
    expect(guest.statusCode).toBe(200);
    // Never `immutable` for a year: a copy a browser or CDN keeps is asked about again within minutes.
    expect(guest.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(guest.headers['set-cookie']).toBeUndefined();
    expect(guest.headers['x-content-type-options']).toBe('nosniff');
    // A CDN can purge every file of the profile by one tag.
    expect(guest.headers['cache-tag']).toBe(`profile-${profile.id}`);
    expect(guest.headers['surrogate-key']).toBe(`profile-${profile.id}`);
    const etag = String(guest.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await createAgent(t.app).get(item.url, { headers: { 'if-none-match': etag } });
    expect([revalidated.statusCode, revalidated.rawPayload.length]).toEqual([304, 0]);

    // Hidden again (blocked): only its owner sees it, and a cache asking again is told it is gone.
    await t.db.update(modelProfiles).set({ isBlocked: true }).where(eq(modelProfiles.id, profile.id));
    expect((await createAgent(t.app).get(item.url)).statusCode).toBe(404);
    const gone = await createAgent(t.app).get(item.url, { headers: { 'if-none-match': etag } });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    expect((await owner.get(item.url)).statusCode).toBe(200);
  });

  it('answers ranges of a video', async () => {
    const { agent, profile } = await model();
    const item = await uploaded(agent, profile.id, { data: clips.mp4 });
    const bytes = await fileOf(item.url);
    const part = await agent.get(item.url, { headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await agent.get(item.url, { headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const past = await agent.get(item.url, { headers: { range: `bytes=${bytes.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(part.headers['accept-ranges']).toBe('bytes');
    // Several ranges at once (no player asks for them): the whole file.
    const several = await agent.get(item.url, { headers: { range: 'bytes=0-0,5-9' } });
    expect([several.statusCode, several.rawPayload.length]).toEqual([200, bytes.length]);
    const head = await t.app.inject({
      method: 'HEAD',
      url: item.url,
      cookies: Object.fromEntries(agent.jar),
    });
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([
      200,
      String(bytes.length),
      0,
    ]);
  });

  it('answers 404 for names that are not stored files', async () => {
    const { agent, profile } = await model();
    const item = await uploaded(agent, profile.id, { data: await png(40, 30) });
    const folder = item.url.split('/')[3];
    for (const url of [
      `/media/u/${folder}/w640.webp`,
      `/media/u/${folder}/..%2F..%2Fetc%2Fpasswd`,
      '/media/u/short/w40.webp',
      `/media/u/${'a'.repeat(22)}/w40.webp`,
    ]) {
      expect((await agent.get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('PUT /api/profiles/:id/media/order', () => {
  it('orders the photos (the first is the main one) and refuses a list that is not the working version', async () => {
    const { agent, profile } = await model();
    const small = await png(40, 30);
    const a = await uploaded(agent, profile.id, { data: small });
    const b = await uploaded(agent, profile.id, { data: small });
    const video = await uploaded(agent, profile.id, { data: clips.mp4 });
    const c = await uploaded(agent, profile.id, { data: small });

    const response = await agent.put(`/api/profiles/${profile.id}/media/order`, {
      ids: [c.id, video.id, a.id, b.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OwnMediaList>().items.map((item) => [item.id, item.position])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
      [video.id, 0],
    ]);
    const list = await agent.get(`/api/profiles/${profile.id}/media`);
    expect(list.json<OwnMediaList>().items.map((item) => item.id)).toEqual([c.id, a.id, b.id, video.id]);

    for (const ids of [
      [c.id, a.id, b.id],
      [c.id, a.id, b.id, video.id, 999_999],
      [c.id, a.id, b.id, 999_999],
    ]) {
      const bad = await agent.put(`/api/profiles/${profile.id}/media/order`, { ids });
      expect(bad.statusCode, JSON.stringify(ids)).toBe(400);
      expect(errorOf(bad).code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('DELETE /api/profiles/:id/media/:mediaId', () => {
  it('deletes a file visitors never saw at once, with its stored sizes', async () => {
    const { agent, profile } = await model();
    const item = await uploaded(agent, profile.id, { data: await webp(700, 500) });
    const keys = item.variants.map((variant) => variant.url.replace('/media/u/', ''));
    expect(await storedFiles()).toEqual(expect.arrayContaining(keys));

    const response = await agent.delete(`/api/profiles/${profile.id}/media/${item.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<OwnMediaList>().items).toEqual([]);
    expect(await t.db.select().from(media).where(eq(media.id, item.id))).toEqual([]);
    for (const key of keys) expect(await storedFiles()).not.toContain(key);
    expect((await agent.delete(`/api/profiles/${profile.id}/media/${item.id}`)).statusCode).toBe(404);
  });

  it('keeps a public file public until the next approval, which removes it', async () => {
    const { agent, profile } = await model();
    const kept = await uploaded(agent, profile.id, { data: await png(40, 30) });
    const dropped = await uploaded(agent, profile.id, { data: await png(50, 30) });
    await t.db.transaction((tx) => publishRevisionMedia(tx, profile.id));
    await t.db
      .update(modelProfiles)
      .set({ status: 'active', publishedAt: new Date() })
      .where(eq(modelProfiles.id, profile.id));

    const response = await agent.delete(`/api/profiles/${profile.id}/media/${dropped.id}`);
    expect(response.json<OwnMediaList>().items.map((item) => item.id)).toEqual([kept.id]);
    // Visitors still see the approved version.
    expect((await createAgent(t.app).get(dropped.url)).statusCode).toBe(200);
    const [row] = await t.db.select().from(media).where(eq(media.id, dropped.id));
    expect(row).toMatchObject({ isPublic: true, inRevision: false });

    const keys = await t.db.transaction((tx) => publishRevisionMedia(tx, profile.id));
    expect(keys).toEqual([dropped.url.replace('/media/u/', '')]);
    expect(await t.db.select().from(media).where(eq(media.id, dropped.id))).toEqual([]);
    await deleteStoredFiles(t.app.mediaStorage, keys);
    expect(await storedFiles()).not.toContain(keys[0]);
    expect((await createAgent(t.app).get(kept.url)).statusCode).toBe(200);
  });
});

describe('an administrator changing a model’s files', () => {
  const auditOf = (profileId: number) =>
    t.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.targetType, 'profile'), eq(adminActions.targetId, profileId)))
      .orderBy(adminActions.id);

  it('writes one audit line per upload, removal and new order, naming the administrator', async () => {
    const { agent, profile } = await model();
    const own = await uploaded(agent, profile.id, { data: await png(40, 30) });
    const moderator = await createAccount(t.db, { role: 'admin' });
    const adminAgent = createAgent(t.app);
    await adminAgent.signInAs(moderator.id);

    const added = await uploaded(adminAgent, profile.id, { data: await png(50, 30) });
    const video = await uploaded(adminAgent, profile.id, { data: clips.mp4, filename: 'v.mp4' });
    const ordered = await adminAgent.put(`/api/profiles/${profile.id}/media/order`, {
      ids: [added.id, own.id, video.id],
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    // The same order again changes nothing and writes nothing.
    await adminAgent.put(`/api/profiles/${profile.id}/media/order`, { ids: [added.id, own.id, video.id] });
    const removed = await adminAgent.delete(`/api/profiles/${profile.id}/media/${video.id}`);
    expect(removed.statusCode, removed.body).toBe(200);

    expect(
      (await auditOf(profile.id)).map(({ adminId, action, details }) => ({ adminId, action, details })),
    ).toEqual([
      { adminId: moderator.id, action: 'media.upload', details: { mediaId: added.id, kind: 'photo' } },
      { adminId: moderator.id, action: 'media.upload', details: { mediaId: video.id, kind: 'video' } },
      { adminId: moderator.id, action: 'media.reorder', details: { ids: [added.id, own.id, video.id] } },
      {
        adminId: moderator.id,
        action: 'media.remove',
        details: { mediaId: video.id, kind: 'video', public: false },
      },
    ]);
    const log = await adminAgent.get(`/api/admin-panel/audit?action=media.reorder&targetId=${profile.id}`);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json<AuditLog>().items).toHaveLength(1);
  });

  it('writes nothing for the model’s own changes, nor for a refused one', async () => {
    const { agent, profile } = await model();
    const item = await uploaded(agent, profile.id, { data: await png(40, 30) });
    await agent.put(`/api/profiles/${profile.id}/media/order`, { ids: [item.id] });
    await agent.delete(`/api/profiles/${profile.id}/media/${item.id}`);
    const adminAgent = await admin();
    expect((await adminAgent.delete(`/api/profiles/${profile.id}/media/999999`)).statusCode).toBe(404);
    expect((await adminAgent.put(`/api/profiles/${profile.id}/media/order`, { ids: [1] })).statusCode).toBe(
      400,
    );
    expect(await auditOf(profile.id)).toEqual([]);
  });
});

describe('publishRevisionMedia and removeProfileFiles', () => {
  it('make the working order public, and give the keys of every file of a deleted profile', async () => {
    const { agent, profile } = await model();
    const a = await uploaded(agent, profile.id, { data: await png(40, 30) });
    const b = await uploaded(agent, profile.id, { data: await webp(400, 300) });
    await agent.put(`/api/profiles/${profile.id}/media/order`, { ids: [b.id, a.id] });
    expect(await t.db.transaction((tx) => publishRevisionMedia(tx, profile.id))).toEqual([]);
    const rows = await t.db.select().from(media).where(eq(media.profileId, profile.id));
    expect(rows.map((row) => [row.id, row.isPublic, row.position]).sort()).toEqual(
      [
        [a.id, true, 1],
        [b.id, true, 0],
      ].sort(),
    );

    const keys = await t.db.transaction((tx) => removeProfileFiles(tx, profile.id));
    expect(keys.sort()).toEqual(
      [...a.variants, ...b.variants].map((variant) => variant.url.replace('/media/u/', '')).sort(),
    );
    await deleteStoredFiles(t.app.mediaStorage, keys);
    for (const key of keys) expect(await storedFiles()).not.toContain(key);
  });
});
