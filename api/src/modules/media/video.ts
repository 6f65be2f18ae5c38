import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, rm, stat } from 'node:fs/promises';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { blankMovieMetadata } from './movie-boxes';
import { processing } from './processing';

/** How long one remux may take (a 50 MB file takes well under a second) before it is killed. */
export const VIDEO_TIMEOUT_MS = 60_000;

/** ffmpeg's reader and writer for each accepted format: the upload keeps its own container. */
const FORMATS: Record<string, { demuxer: string; muxer: string; boxes: boolean }> = {
  'video/mp4': { demuxer: 'mov', muxer: 'mp4', boxes: true },
  'video/quicktime': { demuxer: 'mov', muxer: 'mov', boxes: true },
  'video/webm': { demuxer: 'matroska', muxer: 'webm', boxes: false },
};

/** The last bytes of ffmpeg's complaints, for the log. */
const STDERR_KEPT = 2048;

/** The ffmpeg binary of `@ffmpeg-installer/ffmpeg`, found from its package, built server or not. */
export const FFMPEG_PATH = ffmpeg.path;

/** Whether the ffmpeg binary is there to run: without it, every video upload is refused. */
export function ffmpegRuns(): Promise<boolean> {
  return access(FFMPEG_PATH, constants.X_OK).then(
    () => true,
    () => false,
  );
}

export const videoProcessingFailed = () => new ApiError(422, 'VIDEO_PROCESSING_FAILED');

function ffmpegArguments(
  input: string,
  output: string,
  format: { demuxer: string; muxer: string },
): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    // The file as the type its bytes showed, from the disk only: never a playlist or a URL it names.
    '-protocol_whitelist',
    'file',
    '-f',
    format.demuxer,
    '-i',
    input,
    // The pictures and the sound: no data tracks (a phone's timed location or motion), no
    // subtitles, no cover art, no chapters.
    '-map',
    '0:V',
    '-map',
    '0:a?',
    '-map_chapters',
    '-1',
    // No global or per-stream tags (location, make, model, creation time, encoder).
    '-map_metadata',
    '-1',
    // Copied, not encoded again: the same pictures and sound, at the cost of copying a file.
    '-c',
    'copy',
    // Without ffmpeg's own version and encoder tags.
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    // The index first, so a browser can start playing before the whole file has arrived.
    '-movflags',
    '+faststart',
    '-f',
    format.muxer,
    '-y',
    output,
  ];
}

function run(args: string[], timeoutMs: number): Promise<{ ok: boolean; stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(FFMPEG_PATH, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEPT);
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, stderr: error.message, timedOut });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0 && !timedOut, stderr, timedOut });
    });
  });
}

/**
 * Writes the uploaded video at `input` to `output` without its metadata: remuxed by ffmpeg (the
 * streams copied, not encoded again) with no global or stream tags, chapters, data tracks or
 * cover art, then, for MP4 and MOV, with any `udta`, `meta`, `uuid` or `XMP_` box left in the
 * movie box blanked. A phone's GPS position, maker, model and recording time do not survive.
 * Runs in turn with other media processing, and is killed past `timeoutMs`. A file ffmpeg cannot
 * read is 422 VIDEO_PROCESSING_FAILED, with nothing written at `output`. Returns the new size.
 */
export function stripVideoMetadata(
  input: string,
  output: string,
  mime: string,
  log?: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn'>,
  timeoutMs = VIDEO_TIMEOUT_MS,
): Promise<number> {
  const format = FORMATS[mime];
  if (!format) return Promise.reject(videoProcessingFailed());
  return processing.run(async () => {
    const started = Date.now();
    const result = await run(ffmpegArguments(input, output, format), timeoutMs);
    try {
      if (!result.ok)
        throw new Error(result.timedOut ? `timed out after ${timeoutMs} ms` : result.stderr.trim());
      if (format.boxes) await blankMovieMetadata(output);
      const { size } = await stat(output);
      log?.debug({ ms: Date.now() - started, size }, 'media: a video remuxed without metadata');
      return size;
    } catch (error) {
      await rm(output, { force: true });
      const details = { reason: (error as Error).message };
      // A broken upload is the client's; a remux that runs out of time is the server's to look at.
      if (result.timedOut) log?.warn(details, 'media: a video remux timed out');
      else log?.info(details, 'media: a video could not be remuxed');
      throw videoProcessingFailed();
    }
  });
}
