import type { Database } from '../../db/client';
import { createMediaRepository } from './repository';
import { storedKeysOf } from './service';
import type { MediaStorage } from './storage';

/**
 * Files younger than this are left alone: an upload in progress (here or on another instance)
 * stores its files a moment before it commits the row that names them.
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/** The first part of every key this module makes; anything else in a shared bucket is not ours. */
const OUR_KEY = /^[A-Za-z0-9_-]{16,64}\//;

/**
 * Removes stored files that no media row names and that are older than `minAgeMs`: what a
 * process killed between storing an upload and committing its row left, or a deletion that
 * failed after its commit. Returns how many it removed.
 */
export async function sweepOrphans(
  db: Database,
  storage: MediaStorage,
  { minAgeMs = ORPHAN_MIN_AGE_MS, now = Date.now() }: { minAgeMs?: number; now?: number } = {},
): Promise<number> {
  // Read before listing: a row committed after this read names files stored just now, and
  // those are younger than `minAgeMs`.
  const repository = createMediaRepository(db);
  const referenced = new Set((await repository.storedMedia()).flatMap(storedKeysOf));
  for (const key of await repository.adImageKeys()) referenced.add(key);
  let removed = 0;
  for await (const file of storage.list()) {
    if (!OUR_KEY.test(file.key) || referenced.has(file.key)) continue;
    if (now - file.modifiedAt.getTime() < minAgeMs) continue;
    await storage.delete(file.key);
    removed++;
  }
  return removed;
}
