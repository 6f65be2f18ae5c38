import { UI } from 'contracts';
import { atom, type createStore } from 'jotai';

/**
 * localStorage `refresh`: the string "false" means "signed out, do not ask for the profile".
 * Sign-in writes "true"; logout writes "false". Other tabs notice within a second.
 */
export const REFRESH_FLAG_KEY = 'refresh';

export function readRefreshFlag(): string | null {
  try {
    return globalThis.localStorage?.getItem(REFRESH_FLAG_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeRefreshFlag(value: 'true' | 'false'): void {
  try {
    globalThis.localStorage?.setItem(REFRESH_FLAG_KEY, value);
  } catch {
    // Storage unavailable (private mode): the session still works for this tab.
  }
}

export const refreshFlagAtom = atom<string | null>(readRefreshFlag());

type Store = ReturnType<typeof createStore>;

/**
 * Keeps the atom in step with localStorage: on `storage` events from other tabs and by
 * re-reading every second (some browsers do not fire the event for every write).
 */
export function watchRefreshFlag(store: Store, intervalMs: number = UI.sessionFlagPollMs): () => void {
  const sync = () => {
    const value = readRefreshFlag();
    if (store.get(refreshFlagAtom) !== value) store.set(refreshFlagAtom, value);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === REFRESH_FLAG_KEY || event.key === null) sync();
  };
  window.addEventListener('storage', onStorage);
  const timer = window.setInterval(sync, intervalMs);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.clearInterval(timer);
  };
}
