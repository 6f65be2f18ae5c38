import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movieBoxes, probe, recordedVideo } from '../../testing/videos';
import { blankMovieMetadata } from './movie-boxes';
import { MAX_CONCURRENT_PROCESSING, processing } from './processing';
import { FFMPEG_PATH, stripVideoMetadata } from './video';

let folder = '';
let clip = '';
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'video-test-'));
  clip = path.join(folder, 'clip.mp4');
  await writeFile(clip, await recordedVideo('mp4'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('stripVideoMetadata', () => {
  it('runs two remuxes at once, however many videos arrive: the rest wait their turn', async () => {
    expect(MAX_CONCURRENT_PROCESSING).toBe(2);
    const outputs = Array.from({ length: 10 }, (_, n) => path.join(folder, `out-${n}.mp4`));
    const remuxes = outputs.map((output) => stripVideoMetadata(clip, output, 'video/mp4'));
    expect([processing.running, processing.waiting]).toEqual([2, 8]);
    const sizes = await Promise.all(remuxes);
    expect([processing.running, processing.waiting]).toEqual([0, 0]);
    expect(new Set(sizes).size).toBe(1);
    // The same bytes each time: nothing of the moment or the machine is written into the file.
    const [first, last] = await Promise.all([readFile(outputs[0] ?? ''), readFile(outputs[9] ?? '')]);
    expect(first.equals(last)).toBe(true);
  });

  it('keeps a portrait video upright: the rotation in its track header is not metadata', async () => {
    const turned = path.join(folder, 'turned.mp4');
    // What a phone held upright writes: the picture as the sensor saw it, and a quarter turn.
    await promisify(execFile)(FFMPEG_PATH, [
      ...['-loglevel', 'error', '-i', clip, '-map', '0', '-c', 'copy'],
      ...['-metadata:s:v:0', 'rotate=90', '-y', turned],
    ]);
    expect((await probe(turned)).header).toContain('rotation of 90.00 degrees');
    const output = path.join(folder, 'turned-out.mp4');
    await stripVideoMetadata(turned, output, 'video/mp4');
    expect((await probe(output)).header).toContain('rotation of 90.00 degrees');
  });

  it('kills a remux that runs out of time, and leaves nothing where its file would have been', async () => {
    const output = path.join(folder, 'late.mp4');
    await expect(stripVideoMetadata(clip, output, 'video/mp4', undefined, 1)).rejects.toMatchObject({
      statusCode: 422,
      code: 'VIDEO_PROCESSING_FAILED',
    });
    expect(existsSync(output)).toBe(false);
    expect([processing.running, processing.waiting]).toEqual([0, 0]);
  });

  it('refuses a file of another format than its bytes showed, and writes nothing', async () => {
    const output = path.join(folder, 'wrong.webm');
    await expect(stripVideoMetadata(clip, output, 'video/webm')).rejects.toMatchObject({
      code: 'VIDEO_PROCESSING_FAILED',
    });
    expect(existsSync(output)).toBe(false);
  });
});

describe('blankMovieMetadata', () => {
  it('turns metadata boxes inside the movie and at the top into zeroed free boxes of the same size', async () => {
    const file = path.join(folder, 'boxes.mp4');
    const original = await readFile(clip);
    await writeFile(file, original);
    expect(await blankMovieMetadata(file)).toBe(2);
    const blanked = await readFile(file);
    expect(blanked.length).toBe(original.length);
    expect(movieBoxes(blanked).filter((box) => /udta|meta|uuid|loci/.test(box))).toEqual([]);
    expect(movieBoxes(blanked)).toEqual(expect.arrayContaining(['moov/free', 'free']));
    for (const trace of ['55.7558', 'TestPhone', 'Somebody']) expect(blanked.includes(trace)).toBe(false);
    // The pictures and sound are where they were.
    const mdat = original.indexOf('mdat');
    expect(blanked.subarray(mdat, mdat + 4096).equals(original.subarray(mdat, mdat + 4096))).toBe(true);
  });

  it('refuses a file whose boxes run past its end', async () => {
    const file = path.join(folder, 'cut.mp4');
    const original = await readFile(clip);
    await writeFile(file, original.subarray(0, original.length - 100));
    await expect(blankMovieMetadata(file)).rejects.toThrow(/box/);
  });
});
