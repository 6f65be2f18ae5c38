import { ApiError } from 'platform';
import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveState =
  /** Nothing to save yet. */
  | { kind: 'idle' }
  /** Changes wait for her to pause typing. */
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: number }
  /** The save failed for the connection or the server; it is tried again by itself. */
  | { kind: 'retrying'; offline: boolean }
  /** The server refused a field: its message is at the field, the next change tries again. */
  | { kind: 'refused' };

export const SAVE_DELAY_MS = 1200;
const MAX_RETRY_MS = 30_000;

/** Worth trying again: no connection, the server's trouble or a rate limit, not bad input. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.code === 'NETWORK' || error.status === 0 || error.status === 429 || error.status >= 500;
}

interface Options<T> {
  initial: SaveState;
  /** What was last saved (or loaded): equal values are not sent again. */
  savedKey: string;
  keyOf: (values: T) => string;
  /** Sends the values; throws to fail (an ApiError). Returns false when there was nothing to send yet. */
  persist: (values: T) => Promise<boolean>;
  onSettled?: (values: T) => void;
  delayMs?: number;
}

/**
 * Saves a form as it changes: debounced, one save at a time, the newest values win, failed saves
 * retried with backoff (at once when the connection returns). `flush` saves now and says whether
 * everything typed is saved.
 */
export function useDraftSaver<T>({ initial, savedKey, keyOf, persist, onSettled, delayMs }: Options<T>) {
  const [state, setState] = useState<SaveState>(initial);
  const latest = useRef<T | null>(null);
  const saved = useRef(savedKey);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<Promise<boolean> | null>(null);
  const attempts = useRef(0);
  const handlers = useRef({ persist, keyOf, onSettled });
  handlers.current = { persist, keyOf, onSettled };
  const delay = delayMs ?? SAVE_DELAY_MS;

  const run = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    if (running.current) {
      await running.current;
      return run();
    }
    const values = latest.current;
    if (values === null) return true;
    const key = handlers.current.keyOf(values);
    if (key === saved.current) return true;
    const attempt = (async () => {
      setState({ kind: 'saving' });
      try {
        const sent = await handlers.current.persist(values);
        attempts.current = 0;
        if (!sent) {
          setState({ kind: 'idle' });
          return false;
        }
        saved.current = key;
        const current = latest.current;
        if (current !== null && handlers.current.keyOf(current) !== key) {
          setState({ kind: 'pending' });
          timer.current = setTimeout(() => void run(), delay);
        } else {
          setState({ kind: 'saved', at: Date.now() });
          handlers.current.onSettled?.(values);
        }
        return true;
      } catch (error) {
        if (!isRetryable(error)) {
          setState({ kind: 'refused' });
          return false;
        }
        attempts.current += 1;
        const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
        setState({ kind: 'retrying', offline });
        timer.current = setTimeout(() => void run(), Math.min(MAX_RETRY_MS, 1000 * 2 ** attempts.current));
        return false;
      }
    })();
    running.current = attempt;
    try {
      return await attempt;
    } finally {
      running.current = null;
    }
  }, [delay]);

  const schedule = useCallback(
    (values: T) => {
      latest.current = values;
      if (handlers.current.keyOf(values) === saved.current && !running.current) {
        clearTimeout(timer.current);
        setState((current) => (current.kind === 'pending' ? { kind: 'saved', at: Date.now() } : current));
        return;
      }
      setState((current) =>
        current.kind === 'retrying' || current.kind === 'saving' ? current : { kind: 'pending' },
      );
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(), delay);
    },
    [delay, run],
  );

  useEffect(() => {
    const retryNow = () => {
      if (latest.current !== null && handlers.current.keyOf(latest.current) !== saved.current) void run();
    };
    window.addEventListener('online', retryNow);
    return () => {
      window.removeEventListener('online', retryNow);
      clearTimeout(timer.current);
    };
  }, [run]);

  return { state, schedule, flush: run };
}
