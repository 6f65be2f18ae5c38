import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from '../../lib/tokens';

/**
 * Temporary files of uploads in progress. Each process works in a folder of its own,
 * `<base>/<pid>-<random>`, and removes each upload's files when the request ends (whatever the
 * outcome). A process killed mid-upload cannot: the next one to start removes the folders of
 * processes that no longer run, so nothing is left behind for long.
 */
export interface Incoming {
  /** This process's folder. */
  readonly dir: string;
  /** A new, empty folder for one upload; the caller removes it when done (`discard`). */
  folder(): Promise<string>;
  discard(folder: string): Promise<void>;
  /** Removes this process's folder (on close). */
  close(): Promise<void>;
}

const OWN_FOLDER = /^(\d+)-[A-Za-z0-9_-]+$/;
/** Folders open in this process (two apps of one process may share a base, as tests do). */
const openHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Opens this process's folder under `base` after removing those of processes that are gone (or
 * that had this process's id before it); returns how many it removed too.
 */
export async function openIncoming(base: string): Promise<{ incoming: Incoming; removed: number }> {
  await mkdir(base, { recursive: true });
  let removed = 0;
  for (const name of await readdir(base)) {
    const pid = Number(OWN_FOLDER.exec(name)?.[1] ?? Number.NaN);
    if (openHere.has(path.join(base, name))) continue;
    if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) continue;
    await rm(path.join(base, name), { recursive: true, force: true });
    removed++;
  }
  const dir = path.join(base, `${process.pid}-${randomToken(6)}`);
  await mkdir(dir);
  openHere.add(dir);
  return {
    removed,
    incoming: {
      dir,
      folder: async () => {
        // Made again if something removed it while the server ran.
        await mkdir(dir, { recursive: true });
        return mkdtemp(path.join(dir, 'u-'));
      },
      discard: (folder) => rm(folder, { recursive: true, force: true }),
      close: async () => {
        openHere.delete(dir);
        await rm(dir, { recursive: true, force: true });
      },
    },
  };
}
