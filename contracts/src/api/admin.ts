import * as v from 'valibot';
import type * as responses from '../responses';
import { pageQueryEntries, positiveIntString } from '../common';
import { EMAIL_MAX_LENGTH } from '../constants';
import { ADMIN_ACTIONS, ADMIN_TARGET_TYPES } from '../enums';

/** Rows per page of the administration's lists, unless the query asks for another size. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
/** A search names an e-mail, a login or a profile id: never longer than an e-mail. */
export const ADMIN_SEARCH_MAX_LENGTH = EMAIL_MAX_LENGTH;
/** How many of an account's latest ledger entries its page shows. */
export const ADMIN_LEDGER_ENTRIES = 20;
/** How many of an account's latest campaigns its page shows. */
export const ADMIN_ACCOUNT_CAMPAIGNS = 50;

/**
 * How long a moderator's claim on a queue item lasts: while it is live, no other moderator can
 * claim, approve or reject the item. Claiming again renews it; an expired claim counts for nothing.
 */
export const MODERATION_CLAIM_MINUTES = 5;
/** What can be claimed: the two moderation queues. */
export const MODERATION_CLAIM_TARGETS = ['profile', 'campaign'] as const;
export type ModerationClaimTarget = (typeof MODERATION_CLAIM_TARGETS)[number];

const pageEntries = pageQueryEntries(ADMIN_MAX_PAGE_SIZE);

/** Query of the administration's paged lists (moderation queue, complaints). */
export const adminPageQuerySchema = v.object(pageEntries, 'validation.invalidQuery');
export type AdminPageQuery = v.InferOutput<typeof adminPageQuerySchema>;

/**
 * Query of GET /api/admin-panel/accounts: `q` finds accounts by part of the e-mail or login, or
 * the owner of a profile by its id; without it the newest accounts come first.
 */
export const adminAccountSearchQuerySchema = v.object(
  {
    q: v.optional(
      v.pipe(
        v.string('validation.invalidSearch'),
        v.trim(),
        v.maxLength(ADMIN_SEARCH_MAX_LENGTH, 'validation.invalidSearch'),
      ),
    ),
    ...pageEntries,
  },
  'validation.invalidQuery',
);
export type AdminAccountSearchQuery = v.InferOutput<typeof adminAccountSearchQuerySchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const isoTimestamp = v.pipe(v.string(), v.isoTimestamp());
/** Years a filter may name: PostgreSQL has no year 0, and nothing here predates 2000. */
const YEARS = { min: 2000, max: 2999 };

/**
 * A day (`2025-03-01`, UTC) or an ISO 8601 date and time with its offset, as the moment a range
 * starts (`from`) or the moment it ends before (`to`, exclusive: a day's end, or just past the
 * moment given). Null when it names no real moment between the YEARS.
 */
function rangeBoundOf(text: string, end: 'from' | 'to'): Date | null {
  const day = DAY.test(text);
  if (!day && !v.is(isoTimestamp, text)) return null;
  const at = new Date(day ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(at.getTime())) return null;
  // Days that do not exist (2025-02-30) roll over in Date; they must not.
  if (day && at.toISOString().slice(0, 10) !== text) return null;
  if (at.getUTCFullYear() < YEARS.min || at.getUTCFullYear() > YEARS.max) return null;
  return end === 'from' ? at : new Date(at.getTime() + (day ? DAY_MS : 1));
}

const rangeBound = (end: 'from' | 'to') =>
  v.pipe(
    v.string('validation.invalidDate'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const at = rangeBoundOf(dataset.value, end);
      if (at) return at;
      addIssue({ message: 'validation.invalidDate' });
      return NEVER;
    }),
  );

/**
 * Query of GET /api/admin-panel/audit. `from` and `to` bound when the action was taken; `to` is
 * exclusive once parsed (a day's end, or just past a moment).
 */
export const adminAuditQuerySchema = v.pipe(
  v.object(
    {
      action: v.optional(v.picklist(ADMIN_ACTIONS, 'validation.invalidAction')),
      adminId: v.optional(positiveIntString('validation.invalidId')),
      targetType: v.optional(v.picklist(ADMIN_TARGET_TYPES, 'validation.invalidTargetType')),
      targetId: v.optional(positiveIntString('validation.invalidId')),
      from: v.optional(rangeBound('from')),
      to: v.optional(rangeBound('to')),
      ...pageEntries,
    },
    'validation.invalidQuery',
  ),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      ({ from, to }) => !from || !to || from < to,
      'validation.invalidRange',
    ),
    ['to'],
  ),
);
export type AdminAuditQueryInput = v.InferInput<typeof adminAuditQuerySchema>;
export type AdminAuditQuery = v.InferOutput<typeof adminAuditQuerySchema>;

export type AdminCounts = v.InferOutput<typeof responses.adminCounts>;
export type AdminRef = v.InferOutput<typeof responses.adminRef>;
export type ModerationClaim = v.InferOutput<typeof responses.moderationClaim>;
export type ModerationClaimed = v.InferOutput<typeof responses.moderationClaimed>;
export type ModerationQueue = v.InferOutput<typeof responses.moderationQueue>;
export type ModerationQueueItem = v.InferOutput<typeof responses.moderationQueueItem>;
export type ModerationDetails = v.InferOutput<typeof responses.moderationDetails>;
export type ProfileChanges = v.InferOutput<typeof responses.profileChanges>;
export type AdminProfile = v.InferOutput<typeof responses.adminProfile>;
export type AdminAccount = v.InferOutput<typeof responses.adminAccount>;
export type AdminAccountList = v.InferOutput<typeof responses.adminAccountList>;
export type AdminAccountDetails = v.InferOutput<typeof responses.adminAccountDetails>;
export type AdminAccountCampaign = v.InferOutput<typeof responses.adminAccountCampaign>;
export type AdminAccountSession = v.InferOutput<typeof responses.adminAccountSession>;
export type AdminLedgerLine = v.InferOutput<typeof responses.adminLedgerLine>;
export type ComplaintQueue = v.InferOutput<typeof responses.complaintQueue>;
export type ComplaintQueueItem = v.InferOutput<typeof responses.complaintQueueItem>;
export type ProfileComplaints = v.InferOutput<typeof responses.profileComplaints>;
export type AdminComplaint = v.InferOutput<typeof responses.adminComplaint>;
export type AuditLog = v.InferOutput<typeof responses.auditLog>;
export type AuditEntry = v.InferOutput<typeof responses.auditEntry>;
