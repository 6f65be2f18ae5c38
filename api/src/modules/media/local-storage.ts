import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomToken } from '../../lib/tokens';
import { type ByteRange, isStorageKey, type MediaStorage, type StoredFile } from './storage';

/** Folders under the root that hold no stored files (temporary uploads, see incoming.ts). */
export const RESERVED_PREFIX = '.';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Keys `put` takes are `isStorageKey`s; `list` also finds what a crash left (a `.partial` file),
 * which `delete` must be able to remove. Neither part may start with a dot, so none is `..`.
 */
const LOCAL_KEY = /^[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Files in a folder on this machine (`.data/media` by default): one instance, or a shared disk. */
export function createLocalStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    if (!LOCAL_KEY.test(key)) throw new Error(`not a media storage key: ${key}`);
    return path.join(root, key);
  };

  return {
    kind: 'local',

    async put(key, source, _contentType) {
      if (!isStorageKey(key)) throw new Error(`not a media storage key: ${key}`);
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      if (Buffer.isBuffer(source)) {
        // Written beside the target and renamed, so the key never names half a file; a crash
        // leaves the partial file as an orphan the start-up sweep removes.
        const partial = `${target}.${randomToken(6)}.partial`;
        await writeFile(partial, source);
        await rename(partial, target);
        return;
      }
      try {
        await rename(source.path, target);
      } catch (error) {
        // Another filesystem (a temporary folder elsewhere): copy, then the caller deletes its own.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const partial = `${target}.${randomToken(6)}.partial`;
        await copyFile(source.path, partial);
        await rename(partial, target);
      }
    },

    async stat(key) {
      try {
        const info = await stat(fileOf(key));
        return info.isFile() ? { size: info.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async get(key, range?: ByteRange) {
      const file = fileOf(key);
      if (!(await this.stat(key))) return null;
      const stream: Readable = createReadStream(file, range ? { start: range.start, end: range.end } : {});
      return stream;
    },

    async delete(key) {
      const file = fileOf(key);
      try {
        await unlink(file);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      // The medium's folder goes with its last file.
      await rmdir(path.dirname(file)).catch(() => undefined);
    },

    async *list(): AsyncIterable<StoredFile> {
      const folders = await readdir(root, { withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const folder of folders) {
        if (!folder.isDirectory() || folder.name.startsWith(RESERVED_PREFIX)) continue;
        const names = await readdir(path.join(root, folder.name)).catch(() => [] as string[]);
        if (names.length === 0) {
          // An empty folder left by a crash between mkdir and rename.
          await rmdir(path.join(root, folder.name)).catch(() => undefined);
          continue;
        }
        for (const name of names) {
          const info = await stat(path.join(root, folder.name, name)).catch(() => null);
          if (info?.isFile())
            yield { key: `${folder.name}/${name}`, size: info.size, modifiedAt: info.mtime };
        }
      }
    },
  };
}
