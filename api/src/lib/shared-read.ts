/**
 * How long a rendered page's site-wide parts (the header's online count, the live strip) are
 * shared: every page rendered within a second reads them once. They are the same for every
 * address, and each page keeps them current itself after it loads (polled every 30 s).
 */
export const PAGE_SHARED_READ_MS = 1_000;

/** A read whose answer is shared by every request for `freshMs`; `clear()` forgets it. */
export interface SharedRead<T> {
  /** The answer read at most `freshMs` ago, or the read under way, or a new read. */
  get(): Promise<T>;
  /** The next `get` reads again (a change this instance or another one made). */
  clear(): void;
}

/**
 * `read` done at most once per `freshMs`, and once at a time: requests within that window share its
 * answer, or the read under way. A read that fails is not kept (the next request reads again), and
 * a read started before `clear()` is not kept either.
 */
export function sharedRead<T>(
  freshMs: number,
  read: () => Promise<T>,
  now: () => number = () => Date.now(),
): SharedRead<T> {
  let kept: { at: number; answer: Promise<T> } | null = null;
  return {
    get() {
      const at = now();
      if (kept && at - kept.at < freshMs) return kept.answer;
      const entry = { at, answer: read() };
      kept = entry;
      entry.answer.catch(() => {
        if (kept === entry) kept = null;
      });
      return entry.answer;
    },
    clear() {
      kept = null;
    },
  };
}
