import type { FastifyInstance } from 'fastify';

/**
 * Deletes stored files no version of any profile uses any more, after the transaction that
 * dropped their rows committed (a row never points at a missing file; a crash in between leaves
 * orphans, which the media storage's start-up sweep removes). Failures are logged, not thrown:
 * the change the caller made is done either way.
 */
export async function discardFiles(fastify: FastifyInstance, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  // TODO(merge of the media module): fastify.mediaStorage, typed by its plugin.
  const storage = (fastify as unknown as { mediaStorage?: { delete(key: string): Promise<void> } })
    .mediaStorage;
  if (!storage) throw new Error('media storage is not registered');
  await Promise.all(
    keys.map((key) =>
      storage
        .delete(key)
        .catch((error: unknown) => fastify.log.warn({ err: error, key }, 'stored file not deleted')),
    ),
  );
}
