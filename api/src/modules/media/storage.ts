import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of an object, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where uploaded files live: a folder on this machine by default, an S3-compatible bucket when
 * configured. Keys look like `<random>/<file>` (see `isStorageKey`). Which files a medium has, and
 * who may read them, is the database's business: storage only keeps bytes.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /**
   * Stores a file under `key`. `source` is a path (the storage may move the file away: it is a
   * temporary file made for this) or the bytes themselves. A reader never sees half a file.
   */
  put(key: string, source: { path: string } | Buffer, contentType: string): Promise<void>;
  /** The size of a stored file, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** A stored file's bytes (or some of them), or null when there is no such file. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes a file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file, for the sweep of files no medium references. */
  list(): AsyncIterable<StoredFile>;
}

const KEY = /^[A-Za-z0-9_-]{16,64}\/[a-z0-9-]{1,32}\.[a-z0-9]{2,5}$/;

/**
 * A key this module could have made: one folder level of a random id and a plain file name.
 * Checked before a key taken from a URL reaches a storage, so it can never name anything else.
 */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}
