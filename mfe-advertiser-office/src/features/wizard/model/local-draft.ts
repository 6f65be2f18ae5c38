import type { CampaignDraft } from '../../../lib/campaign';

/**
 * The wizard's fields as last typed, kept in this browser, so a reload (or a crash before the
 * save) loses nothing. The server's draft (PUT) is the other half: it survives another device.
 */
const keyOf = (id: string | undefined) => `advister:campaign-draft:${id ?? 'new'}`;

export function readLocalDraft(id: string | undefined): CampaignDraft | null {
  try {
    const raw = globalThis.localStorage?.getItem(keyOf(id));
    const value = raw ? (JSON.parse(raw) as unknown) : null;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as CampaignDraft) : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(id: string | undefined, draft: CampaignDraft): void {
  try {
    globalThis.localStorage?.setItem(keyOf(id), JSON.stringify(draft));
  } catch {
    // Storage full or unavailable: the server's draft still holds what was saved.
  }
}

export function forgetLocalDraft(id: string | undefined): void {
  try {
    globalThis.localStorage?.removeItem(keyOf(id));
  } catch {
    // Nothing kept.
  }
}
