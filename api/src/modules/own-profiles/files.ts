import type { FastifyInstance } from 'fastify';
import { deleteStoredFiles } from '../media/service';

/**
 * Deletes stored files no version of any profile uses any more, after the transaction that
 * dropped their rows committed (a row never points at a missing file; a crash in between leaves
 * orphans, which the media storage's start-up sweep removes). Failures are logged, not thrown:
 * the change the caller made is done either way.
 */
export async function discardFiles(fastify: FastifyInstance, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await deleteStoredFiles(fastify.mediaStorage, keys, fastify.log);
}
