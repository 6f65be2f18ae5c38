import {
  isBlankValue,
  modelProfileInputSchema,
  PROFILE_FIELD_KEYS,
  type ProfileChanges,
  validate,
} from 'contracts';

/** The working version as the form normalises it (numbers, trimmed texts) when it passes. */
export function normalisedVersion(revision: Record<string, unknown>): Record<string, unknown> {
  const form = validate(modelProfileInputSchema, revision);
  return form.ok ? (form.value as Record<string, unknown>) : revision;
}

/** Lists whose order means nothing: a model picks places and services, she does not rank them. */
const UNORDERED = new Set(['places', 'services']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text equal for equal values: keys sorted, blank values left out, unordered lists sorted. */
function canonical(value: unknown, unordered = false): string {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item));
    if (unordered) items.sort();
    return `[${items.join(',')}]`;
  }
  if (isRecord(value)) {
    const entries = Object.entries(value)
      .filter(([, item]) => !isBlankValue(item))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return isBlankValue(value) ? 'null' : JSON.stringify(value);
}

function compare(path: string, before: unknown, after: unknown, out: string[]): void {
  if (isBlankValue(before) && isBlankValue(after)) return;
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      compare(`${path}.${key}`, before[key], after[key], out);
    }
    return;
  }
  const unordered = UNORDERED.has(path);
  if (canonical(before, unordered) !== canonical(after, unordered)) out.push(path);
}

/**
 * The form's fields (as dot paths, in the form's order) whose values differ between two
 * versions. A value not filled in equals any other blank one; groups (prices, contacts) are
 * compared part by part, lists as a whole.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of PROFILE_FIELD_KEYS) compare(key, before[key], after[key], out);
  return out;
}

export interface MediaState {
  id: number;
  kind: string;
  isPublic: boolean;
  inRevision: boolean;
  position: number;
  revisionPosition: number;
}

const inOrder = (position: (file: MediaState) => number) => (a: MediaState, b: MediaState) =>
  a.kind.localeCompare(b.kind) || position(a) - position(b) || a.id - b.id;

/** The files of the approved version (public) and of the submitted one, each in its own order. */
export function mediaVersions<T extends MediaState>(files: readonly T[]): { approved: T[]; submitted: T[] } {
  return {
    approved: files.filter((file) => file.isPublic).sort(inOrder((file) => file.position)),
    submitted: files.filter((file) => file.inRevision).sort(inOrder((file) => file.revisionPosition)),
  };
}

/** What the submitted version's files change: added, dropped, and the kept ones reordered. */
export function mediaChanges(
  files: readonly MediaState[],
): Pick<ProfileChanges, 'mediaAdded' | 'mediaRemoved' | 'mediaReordered'> {
  const { approved, submitted } = mediaVersions(files);
  const kept = (list: MediaState[]) =>
    list
      .filter((file) => file.isPublic && file.inRevision)
      .map((file) => file.id)
      .join(',');
  return {
    mediaAdded: submitted.filter((file) => !file.isPublic).map((file) => file.id),
    mediaRemoved: approved.filter((file) => !file.inRevision).map((file) => file.id),
    mediaReordered: kept(approved) !== kept(submitted),
  };
}
