import { createHash } from 'node:crypto';
import {
  type EffectiveProfileStatus,
  hasApprovedVersion,
  mediaSetSchema,
  modelProfileInputSchema,
  type ModelProfileInput,
  type ProfileAction,
  type ProfileStatus,
  type ReviewState,
  transition,
  validate,
} from 'contracts';
import type { Database } from '../../db/client';
import { ApiError } from '../../lib/api-error';
import { lockProfileRow, type ProfileRow, updateProfile } from './repository';

/** The status the owner sees: `cancel` while blocked. */
export function effectiveStatus(row: Pick<ProfileRow, 'status' | 'isBlocked'>): EffectiveProfileStatus {
  return row.isBlocked ? 'cancel' : row.status;
}

/**
 * Reads a profile for a change and locks its row until the transaction ends, so two changes of
 * one profile (a save and an approval, two uploads) run one after the other. `owner` narrows it
 * to the caller's own profiles: another account's profile is "not found", never "forbidden".
 */
export async function lockProfile(
  tx: Database,
  profileId: number,
  owner: number | null,
): Promise<ProfileRow> {
  const row = await lockProfileRow(tx, profileId, owner);
  if (!row) throw new ApiError(404, 'MODEL_NOT_FOUND');
  return row;
}

/** The target of `action`, or 409 TRANSITION_NOT_ALLOWED when the table forbids it. */
export function targetOf(
  row: Pick<ProfileRow, 'status' | 'isBlocked' | 'review'>,
  action: ProfileAction,
  complete?: boolean,
): ProfileStatus | 'deleted' {
  const result = transition(effectiveStatus(row), action, {
    review: row.review,
    ...(complete === undefined ? {} : { complete }),
  });
  if (!result.ok) throw new ApiError(409, 'TRANSITION_NOT_ALLOWED');
  return result.to;
}

export interface RevisionCheck {
  complete: boolean;
  /** Field path -> message key of what still fails the form (`media` when there is no file). */
  problems: Record<string, string>;
  /** The form's output when complete: what approval copies into the public columns. */
  values: ModelProfileInput | null;
}

/** Whether the working version could be sent: the whole form and at least one photo or video. */
export function checkRevision(
  revision: Record<string, unknown>,
  mediaRows: readonly { kind: string }[],
): RevisionCheck {
  const form = validate(modelProfileInputSchema, revision);
  const files = validate(mediaSetSchema, mediaRows);
  const problems: Record<string, string> = form.ok ? {} : { ...form.fields };
  if (!files.ok) problems.media = Object.values(files.fields)[0] ?? 'validation.mediaRequired';
  const complete = form.ok && files.ok;
  return { complete, problems, values: complete && form.ok ? form.value : null };
}

/**
 * A fingerprint of a version: its fields (as the form normalises them when it can) and its files
 * in order. Sending needs a fingerprint different from the one last sent or approved.
 */
export function fingerprint(revision: Record<string, unknown>, mediaIds: readonly number[]): string {
  const form = validate(modelProfileInputSchema, revision);
  const fields = form.ok ? form.value : revision;
  return createHash('sha256')
    .update(canonicalJson({ fields, media: mediaIds }))
    .digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Records that the owner changed the working version (its fields or its files), inside the
 * transaction that changed it, on a row `lockProfile` locked: the table's `save` transition. A
 * profile under moderation is taken back out of the queue; a pending revision of an approved
 * profile is withdrawn; a rejected one keeps its reason until it is resent.
 */
export async function recordEdit(tx: Database, row: ProfileRow, complete: boolean): Promise<ProfileRow> {
  const to = targetOf(row, 'save', complete);
  if (to === 'deleted') throw new Error('save never deletes');
  const approved = hasApprovedVersion(row.status);
  const review: ReviewState | null = approved && row.review === 'pending' ? null : row.review;
  const updated = await updateProfile(tx, row.id, {
    status: to,
    review,
    // Withdrawn from the queue: nobody reviewed it, so it may be sent again as it was.
    ...(row.status === 'pending' || (approved && row.review === 'pending')
      ? { submittedAt: null, submittedHash: null }
      : {}),
    updatedAt: new Date(),
  });
  if (!updated) throw new Error(`profile ${row.id} vanished inside its own transaction`);
  return updated;
}
