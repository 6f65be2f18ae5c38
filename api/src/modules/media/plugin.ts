import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fp from 'fastify-plugin';
import { openIncoming } from './incoming';
import { createLocalStorage } from './local-storage';
import { createS3Storage, type S3StorageConfig } from './s3-storage';
import { createMediaService, type MediaService } from './service';
import type { MediaStorage } from './storage';
import { sweepOrphans } from './sweep';
import { FFMPEG_PATH, ffmpegRuns } from './video';

export interface MediaPluginOptions {
  /** The local storage's folder. Without it (and without S3): a temporary folder, removed on close. */
  dir?: string | undefined;
  /** An S3-compatible bucket instead of the local folder. */
  s3?: S3StorageConfig | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live; other modules delete files through it (`deleteStoredFiles`). */
    mediaStorage: MediaStorage;
    /** Uploads, removals and the order of a profile's working version. */
    mediaService: MediaService;
  }
}

/**
 * The media storage (a folder, or a bucket) and the temporary folder of uploads in progress.
 * Uploads of a process killed mid-way are cleaned up here: at start, the temporary folders of
 * processes that are gone; once the server is ready, in the background, stored files that no
 * media row names (see sweep.ts).
 */
export const mediaPlugin = fp<MediaPluginOptions>(
  async (fastify, options) => {
    const temporaryRoot =
      !options.s3 && !options.dir ? await mkdtemp(path.join(tmpdir(), 'anketa-media-')) : null;
    const dir = options.dir ?? temporaryRoot;
    let storage: MediaStorage;
    if (options.s3) storage = createS3Storage(options.s3);
    else if (dir) storage = createLocalStorage(dir);
    else throw new Error('media: neither a folder nor a bucket');
    // Beside the stored files when they are local, so storing an upload is a rename.
    const incomingBase = dir ? path.join(dir, '.incoming') : path.join(tmpdir(), 'anketa-media-incoming');
    const { incoming, removed } = await openIncoming(incomingBase);
    if (removed > 0) fastify.log.warn({ removed }, 'media: removed temporary uploads of stopped processes');

    fastify.decorate('mediaStorage', storage);
    fastify.decorate(
      'mediaService',
      createMediaService({ db: fastify.db, storage, incoming, log: fastify.log }),
    );

    let sweeping: Promise<void> | null = null;
    fastify.addHook('onReady', async () => {
      // Said once at start, so a deployment without the binary shows in the log, not in refusals.
      if (await ffmpegRuns()) fastify.log.info({ path: FFMPEG_PATH }, 'media: videos are remuxed by ffmpeg');
      else
        fastify.log.error(
          { path: FFMPEG_PATH },
          'media: no ffmpeg to run; every video upload will be refused',
        );
      // In the background: a large bucket takes a while to list, and nothing waits for it.
      sweeping = sweepOrphans(fastify.db, storage).then(
        (count) => {
          if (count > 0) fastify.log.warn({ removed: count }, 'media: swept stored files no medium names');
          else fastify.log.info('media: no orphan files');
        },
        (error: unknown) => fastify.log.error({ err: error }, 'media: the sweep of orphan files failed'),
      );
    });
    fastify.addHook('onClose', async () => {
      await sweeping;
      await incoming.close();
      if (temporaryRoot) await rm(temporaryRoot, { recursive: true, force: true });
    });
  },
  { name: 'media', dependencies: ['db'] },
);
