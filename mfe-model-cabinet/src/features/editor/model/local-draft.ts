import type { EditorValues } from './form-values';

/** Unsaved values kept on this device, per profile ("new" before it exists). */
export interface LocalDraft {
  values: EditorValues;
  /** When she last changed them (ms since the epoch). */
  changedAt: number;
  /** `updatedAt` of the server's version these changes were made on (null before it exists). */
  base: string | null;
}

const PREFIX = 'modelCabinet.editor.draft.';
export const localDraftKey = (profileId: number | null) => `${PREFIX}${profileId ?? 'new'}`;

export function readLocalDraft(profileId: number | null): LocalDraft | null {
  try {
    const raw = localStorage.getItem(localDraftKey(profileId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<LocalDraft>;
    if (!parsed.values || typeof parsed.changedAt !== 'number') return null;
    return { values: parsed.values, changedAt: parsed.changedAt, base: parsed.base ?? null };
  } catch {
    return null;
  }
}

export function writeLocalDraft(profileId: number | null, draft: LocalDraft): void {
  try {
    localStorage.setItem(localDraftKey(profileId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the server draft is all there is.
  }
}

export function clearLocalDraft(profileId: number | null): void {
  try {
    localStorage.removeItem(localDraftKey(profileId));
  } catch {
    // Nothing to clear.
  }
}

/**
 * Whether the copy on this device is newer than the server's version: made on that very version
 * (the save never arrived), or changed after the server's version was written.
 */
export function isLocalNewer(local: LocalDraft, serverUpdatedAt: string | null): boolean {
  if (serverUpdatedAt === null) return true;
  return local.base === serverUpdatedAt || local.changedAt > Date.parse(serverUpdatedAt);
}
