import { describe, expect, it } from 'vitest';
import { PROFILE_STATUSES } from './enums';
import {
  APPROVED_STATUSES,
  DELETED,
  PROFILE_ACTIONS,
  PROFILE_TRANSITIONS,
  awaitsModeration,
  ownerActions,
  transition,
} from './profile-lifecycle';

describe('the profile transition table', () => {
  it('has a row for every status and names only known actions and statuses', () => {
    expect(Object.keys(PROFILE_TRANSITIONS).sort()).toEqual([...PROFILE_STATUSES].sort());
    for (const row of Object.values(PROFILE_TRANSITIONS)) {
      for (const [action, to] of Object.entries(row)) {
        expect(PROFILE_ACTIONS).toContain(action);
        expect([...PROFILE_STATUSES, DELETED]).toContain(to);
      }
    }
  });

  it('lets a new profile go draft -> saved -> pending -> active, or -> rejected and back to pending', () => {
    expect(transition('draft', 'save', { complete: true })).toEqual({ ok: true, to: 'saved' });
    expect(transition('saved', 'submit')).toEqual({ ok: true, to: 'pending' });
    expect(transition('pending', 'approve')).toEqual({ ok: true, to: 'active' });
    expect(transition('pending', 'reject')).toEqual({ ok: true, to: 'rejected' });
    expect(transition('rejected', 'submit')).toEqual({ ok: true, to: 'pending' });
  });

  it('keeps an incomplete form a draft, and a rejected one rejected until it is resent', () => {
    expect(transition('saved', 'save', { complete: false })).toEqual({ ok: true, to: 'draft' });
    expect(transition('pending', 'save', { complete: false })).toEqual({ ok: true, to: 'draft' });
    expect(transition('rejected', 'save', { complete: false })).toEqual({ ok: true, to: 'rejected' });
  });

  it('settles only a pending revision of an approved profile, never changing its status', () => {
    for (const status of APPROVED_STATUSES) {
      expect(transition(status, 'approve', { review: null }).ok).toBe(false);
      expect(transition(status, 'reject', { review: 'rejected' }).ok).toBe(false);
      expect(transition(status, 'approve', { review: 'pending' })).toEqual({ ok: true, to: status });
      expect(transition(status, 'submit')).toEqual({ ok: true, to: status });
    }
  });

  it('extends active and expired profiles (an expired one is listed again), never a draft', () => {
    expect(transition('active', 'extend')).toEqual({ ok: true, to: 'active' });
    expect(transition('expired', 'extend')).toEqual({ ok: true, to: 'active' });
    for (const status of ['draft', 'saved', 'pending', 'rejected', 'cancel'] as const) {
      expect(transition(status, 'extend').ok).toBe(false);
    }
  });

  it('allows nothing on a blocked profile', () => {
    for (const action of PROFILE_ACTIONS) expect(transition('cancel', action).ok).toBe(false);
    expect(ownerActions('cancel', null)).toEqual([]);
  });

  it('expires only approved profiles, and only the expiry job does (not an owner action)', () => {
    for (const status of PROFILE_STATUSES) {
      expect(transition(status, 'expire').ok).toBe(['active', 'published', 'unactive'].includes(status));
    }
    expect(ownerActions('active', null)).not.toContain('expire');
    expect(ownerActions('active', null)).toEqual(['save', 'submit', 'extend', 'deactivate', 'delete']);
  });

  it('tells which profiles a moderator looks at', () => {
    expect(awaitsModeration('pending', null)).toBe(true);
    expect(awaitsModeration('active', 'pending')).toBe(true);
    expect(awaitsModeration('active', 'rejected')).toBe(false);
    expect(awaitsModeration('saved', null)).toBe(false);
  });
});
