import { TELEMETRY_SAMPLE_DEFAULT } from 'contracts/telemetry';
import { SAMPLE_META_NAME, TAB_SESSION_KEY } from './constants';

export { SAMPLE_META_NAME, TAB_SESSION_KEY } from './constants';

const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;

export interface TabSession {
  /** Random, the batch's `session`: the API counts a session once however many beacons it sends. */
  id: string;
  /** Whether this tab reports at all, decided once at the sample rate. */
  reporting: boolean;
}

/** The sample rate the page names; the default when the tag is missing or says something else. */
export function pageSampleRate(doc: Document): number {
  const content = doc.querySelector(`meta[name="${SAMPLE_META_NAME}"]`)?.getAttribute('content')?.trim();
  if (!content) return TELEMETRY_SAMPLE_DEFAULT;
  const rate = Number(content);
  return Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : TELEMETRY_SAMPLE_DEFAULT;
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function readKept(storage: Storage | null): TabSession | null {
  try {
    const kept = JSON.parse(storage?.getItem(TAB_SESSION_KEY) ?? 'null') as Partial<TabSession> | null;
    if (typeof kept?.id === 'string' && SESSION_ID.test(kept.id) && typeof kept.reporting === 'boolean') {
      return { id: kept.id, reporting: kept.reporting };
    }
  } catch {
    // Storage refused (a privacy mode) or a value someone else wrote: decide again.
  }
  return null;
}

/**
 * This tab's session: the one a reload finds in `storage` (sessionStorage, one per tab), or a new
 * one sampled at `rate`. Without storage the decision lasts for the page.
 */
export function tabSession(
  rate: number,
  storage: Storage | null,
  random: () => number = Math.random,
): TabSession {
  const kept = readKept(storage);
  if (kept) return kept;
  const session: TabSession = { id: randomId(), reporting: random() < rate };
  try {
    storage?.setItem(TAB_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Full or refused: the page still reports, a reload decides again.
  }
  return session;
}
