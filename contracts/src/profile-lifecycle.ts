import type { ProfileStatus } from './enums';

/**
 * What can happen to a model profile. The owner saves, submits (sends for moderation, or
 * resends after a rejection), extends, deactivates, activates and deletes; an administrator
 * approves and rejects; the expiry job expires. Blocking is not a transition: it hides a profile
 * in whatever status it is (shown as `cancel`) and unblocking brings that status back.
 */
export const PROFILE_ACTIONS = [
  'save',
  'submit',
  'approve',
  'reject',
  'extend',
  'deactivate',
  'activate',
  'expire',
  'delete',
] as const;
export type ProfileAction = (typeof PROFILE_ACTIONS)[number];

/** A profile's status as its owner sees it: `cancel` while it is blocked. */
export type EffectiveProfileStatus = ProfileStatus;

/** Deleting ends a profile; there is no status after it. */
export const DELETED = 'deleted' as const;
type Target = ProfileStatus | typeof DELETED;

/**
 * Statuses of a profile that has an approved version. A change to such a profile is a
 * *revision*: the approved version stays as it is (and visible, when active) while the revision
 * waits for moderation; `review` says where the revision is.
 */
export const APPROVED_STATUSES: readonly ProfileStatus[] = ['active', 'published', 'unactive', 'expired'];
/** Statuses a visitor may see (also not blocked, not held, not past `expires_at`). */
export const LISTED_STATUSES: readonly ProfileStatus[] = ['active', 'published'];

export const REVIEW_STATES = ['pending', 'rejected'] as const;
/** Where the revision of an approved profile is: waiting for moderation, rejected, or null. */
export type ReviewState = (typeof REVIEW_STATES)[number];

/** Statuses a moderator may look at. */
export function awaitsModeration(status: ProfileStatus, review: ReviewState | null): boolean {
  return status === 'pending' || (APPROVED_STATUSES.includes(status) && review === 'pending');
}

export function hasApprovedVersion(status: ProfileStatus): boolean {
  return APPROVED_STATUSES.includes(status);
}

const approvedProfile = (settled: ProfileStatus): Partial<Record<ProfileAction, Target>> => ({
  save: settled,
  submit: settled,
  approve: settled,
  reject: settled,
  delete: DELETED,
});

/**
 * THE transition table: for each status, the actions it allows and the status they lead to.
 * The routes ask `transition` before changing anything and the tests walk this table; an action
 * missing here is answered 409 TRANSITION_NOT_ALLOWED and changes nothing.
 */
export const PROFILE_TRANSITIONS: Readonly<Record<ProfileStatus, Partial<Record<ProfileAction, Target>>>> = {
  // Never approved: the status itself follows the submission. `save` leads to `saved`, or to
  // `draft` while the form is incomplete (see `transition`).
  draft: { save: 'saved', submit: 'pending', delete: DELETED },
  saved: { save: 'saved', submit: 'pending', delete: DELETED },
  // Editing a profile under moderation takes it back out of the queue.
  pending: { save: 'saved', approve: 'active', reject: 'rejected', delete: DELETED },
  // Edited after a rejection it stays rejected (the reason stays in view) until it is resent.
  rejected: { save: 'rejected', submit: 'pending', delete: DELETED },
  // Approved: a save or submit changes the revision, not the status; approve and reject settle
  // the revision (only while it is pending, see `transition`).
  active: {
    ...approvedProfile('active'),
    extend: 'active',
    deactivate: 'unactive',
    expire: 'expired',
  },
  published: {
    ...approvedProfile('published'),
    extend: 'published',
    deactivate: 'unactive',
    expire: 'expired',
  },
  unactive: { ...approvedProfile('unactive'), activate: 'active', extend: 'unactive', expire: 'expired' },
  // Extending an expired profile pays for a month and lists the approved version again.
  expired: { ...approvedProfile('expired'), extend: 'active' },
  // Blocked: nothing until an administrator unblocks it.
  cancel: {},
};

export interface TransitionContext {
  /** Whether the revision passes the whole profile form (a draft may be incomplete). */
  complete?: boolean;
  /** The revision's moderation state, for profiles with an approved version. */
  review?: ReviewState | null;
}

export type TransitionResult = { ok: true; to: Target } | { ok: false };

/** Where `action` takes a profile in `status`, or `{ ok: false }` when the table forbids it. */
export function transition(
  status: EffectiveProfileStatus,
  action: ProfileAction,
  context: TransitionContext = {},
): TransitionResult {
  const to = PROFILE_TRANSITIONS[status][action];
  if (to === undefined) return { ok: false };
  const approved = hasApprovedVersion(status);
  // Only a pending submission can be approved or rejected.
  if ((action === 'approve' || action === 'reject') && approved && context.review !== 'pending') {
    return { ok: false };
  }
  if (action === 'save' && !approved && status !== 'rejected' && context.complete === false) {
    return { ok: true, to: 'draft' };
  }
  return { ok: true, to };
}

/** The actions the owner may take now, for the cabinet's buttons. */
export function ownerActions(status: EffectiveProfileStatus, review: ReviewState | null): ProfileAction[] {
  const ownerOnly: ProfileAction[] = ['save', 'submit', 'extend', 'deactivate', 'activate', 'delete'];
  return ownerOnly.filter((action) => transition(status, action, { review }).ok);
}
