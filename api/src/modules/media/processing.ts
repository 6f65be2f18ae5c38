/**
 * Media processing at once, photos and videos together: decoding a photo takes a core, and a
 * video's remux a core's share of disk work, so two at a time fill a 2-core server without
 * ten uploads at once starting ten decoders or ffmpegs. The rest wait their turn, first come
 * first served.
 */
export const MAX_CONCURRENT_PROCESSING = 2;

export interface Turns {
  /** Runs `task` once fewer than the limit run, and frees its place however it ends. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** How many run now, and how many wait. */
  readonly running: number;
  readonly waiting: number;
}

export function createTurns(max: number): Turns {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      try {
        return await task();
      } finally {
        running--;
        waiting.shift()?.();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/** The one queue every photo and video of this process goes through. */
export const processing = createTurns(MAX_CONCURRENT_PROCESSING);
