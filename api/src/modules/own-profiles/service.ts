import { randomUUID } from 'node:crypto';
import {
  hasApprovedVersion,
  type OwnComplaintsResponse,
  type OwnProfile,
  type ProfileDraft,
  type ProfileViewsResponse,
  PUBLICATION_PRICE_CODE,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { ApiError, ValidationError } from '../../lib/api-error';
import { analyticsDay } from '../../lib/visitor';
import { createAnalyticsRepository } from '../analytics/repository';
import { balanceOf, latestPurchaseOf, post, spentIn } from '../ledger/repository';
import { removeProfileFiles } from '../media/service';
import { openStreamIdsOf } from '../streams/repository';
import { baselineFingerprint, ownProfiles, revisionOf, toOwnProfile } from './own-profile';
import {
  cityIdBySlug,
  citySlugOf,
  complaintsByReason,
  deleteProfile,
  extendPaidTime,
  findProfile,
  insertProfile,
  metroStationCity,
  type ProfileRow,
  revisionMedia,
  servicesByCode,
  updateProfile,
} from './repository';
import { checkRevision, fingerprint, lockProfile, recordEdit, targetOf } from './revision';

/** A month of publication bought for a profile: the ledger transaction names it. */
const PUBLICATION_ITEM = 'publication_month';

/**
 * City, metro and services of a draft must exist (and the metro be in the city): the form's
 * schema checks their shape, only the database knows the catalogue.
 */
async function checkReferences(tx: Database, draft: ProfileDraft): Promise<void> {
  const fields: Record<string, string> = {};
  let cityId: number | null = null;
  if (typeof draft.city === 'string') {
    cityId = await cityIdBySlug(tx, draft.city);
    if (cityId === null) fields.city = 'validation.invalidCity';
  }
  if (typeof draft.metro === 'number') {
    const stationCity = await metroStationCity(tx, draft.metro);
    if (stationCity === null || (cityId !== null && stationCity !== cityId))
      fields.metro = 'validation.invalidMetro';
  }
  if (Array.isArray(draft.services) && draft.services.length > 0) {
    const wanted = draft.services as { category: string; code: string }[];
    const found = await servicesByCode(tx, wanted);
    const known = new Set(found.map((item) => `${item.category}.${item.code}`));
    wanted.forEach((item, index) => {
      if (!known.has(`${item.category}.${item.code}`))
        fields[`services.${index}`] = 'validation.invalidService';
    });
    if (new Set(wanted.map((item) => `${item.category}.${item.code}`)).size !== wanted.length) {
      fields.services = 'validation.invalidService';
    }
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

/** The city a price is looked up for: the working version's, else the approved one's. */
async function priceCityOf(
  tx: Database,
  row: ProfileRow,
  revision: Record<string, unknown>,
): Promise<string | null> {
  if (typeof revision.city === 'string') return revision.city;
  if (!row.cityId) return null;
  return citySlugOf(tx, row.cityId);
}

export function createProfileService(fastify: FastifyInstance) {
  const { db, pricing } = fastify;

  const answer = async (row: ProfileRow): Promise<OwnProfile> => toOwnProfile(db, pricing, row);
  const analytics = createAnalyticsRepository(db);

  /** The caller's profile; another account's is "not found", exactly like a missing one. */
  async function ownRow(accountId: number, id: number): Promise<ProfileRow> {
    const row = await findProfile(db, id, accountId);
    if (!row) throw new ApiError(404, 'MODEL_NOT_FOUND');
    return row;
  }

  /** Charges a month of publication to the owner's balance, in the caller's transaction. */
  async function chargeMonth(tx: Database, row: ProfileRow, citySlug: string | null): Promise<void> {
    if (row.accountId === null) throw new ApiError(409, 'TRANSITION_NOT_ALLOWED');
    const kopecks = await pricing.kopecksOf(tx, 'models_boosting', PUBLICATION_PRICE_CODE, citySlug);
    await post(tx, {
      kind: 'purchase',
      reference: `${PUBLICATION_ITEM}:${row.id}:${randomUUID()}`,
      metadata: { item: PUBLICATION_ITEM, profileId: row.id },
      entries: [
        [{ accountId: row.accountId }, -kopecks],
        [{ systemAccount: 'revenue' }, kopecks],
      ],
    });
  }

  const changed = async (tx: Database, id: number): Promise<ProfileRow> => {
    const row = await findProfile(tx, id, null);
    if (!row) throw new Error(`profile ${id} vanished`);
    return row;
  };

  return {
    /** A new profile in `draft` (or `saved`, when the body already fills the whole form). */
    async create(accountId: number, draft: ProfileDraft): Promise<OwnProfile> {
      // The columns hold the approved version; until there is one they carry the name and
      // category so lists read well. Both are the editor's first fields.
      const missing: Record<string, string> = {};
      if (typeof draft.name !== 'string') missing.name = 'validation.nameRequired';
      if (typeof draft.category !== 'string') missing.category = 'validation.categoryRequired';
      if (Object.keys(missing).length > 0) throw new ValidationError(missing);
      const row = await db.transaction(async (tx) => {
        await checkReferences(tx, draft);
        const complete = checkRevision(draft, []).complete;
        const created = await insertProfile(tx, {
          accountId,
          name: String(draft.name),
          category: draft.category as ProfileRow['category'],
          status: complete ? 'saved' : 'draft',
          revision: draft as Record<string, unknown>,
        });
        if (!created) throw new Error('profile was not created');
        return created;
      });
      return answer(row);
    },

    list: (accountId: number): Promise<OwnProfile[]> => ownProfiles(db, pricing, accountId),

    async get(accountId: number, id: number): Promise<OwnProfile> {
      return answer(await ownRow(accountId, id));
    },

    /** Views per day over the last `days` days (today included, in the analytics time zone). */
    async views(accountId: number, id: number, days: number): Promise<ProfileViewsResponse> {
      await ownRow(accountId, id);
      const to = analyticsDay();
      const from = analyticsDay(new Date(Date.parse(`${to}T12:00:00Z`) - (days - 1) * 86_400_000));
      const perDay = await analytics.viewsByDay(id, from, to);
      return { days: perDay, total: perDay.reduce((sum, day) => sum + day.views, 0) };
    },

    /** Complaints about the profile per reason; who complained stays with the moderators. */
    async complaints(accountId: number, id: number): Promise<OwnComplaintsResponse> {
      await ownRow(accountId, id);
      const rows = await complaintsByReason(db, id);
      return {
        items: rows.map((row) => ({
          reason: row.reason,
          count: row.count,
          lastAt: row.lastAt.toISOString(),
        })),
        total: rows.reduce((sum, row) => sum + row.count, 0),
      };
    },

    /** Replaces the working version with the body (the editor sends every field it has). */
    async save(accountId: number, id: number, draft: ProfileDraft): Promise<OwnProfile> {
      const row = await db.transaction(async (tx) => {
        const locked = await lockProfile(tx, id, accountId);
        targetOf(locked, 'save');
        await checkReferences(tx, draft);
        const files = await revisionMedia(tx, id);
        const approved = hasApprovedVersion(locked.status);
        await updateProfile(tx, id, {
          revision: draft as Record<string, unknown>,
          ...(!approved && typeof draft.name === 'string' ? { name: draft.name } : {}),
          ...(!approved && typeof draft.category === 'string'
            ? { category: draft.category as ProfileRow['category'] }
            : {}),
        });
        return recordEdit(tx, { ...locked, revision: draft }, checkRevision(draft, files).complete);
      });
      return answer(row);
    },

    /**
     * Sends the working version to moderation (or resends it after a rejection). It must pass
     * the whole form, have a file, and differ from what was last sent or approved. A profile that
     * has never been listed pays its first month now; the month starts when it is approved.
     */
    async submit(accountId: number, id: number): Promise<{ profile: OwnProfile; balance: number }> {
      const row = await db.transaction(async (tx) => {
        const locked = await lockProfile(tx, id, accountId);
        targetOf(locked, 'submit');
        const revision = await revisionOf(tx, locked);
        const files = await revisionMedia(tx, id);
        const check = checkRevision(revision, files);
        if (!check.complete) {
          throw new ApiError(409, 'PROFILE_INCOMPLETE', { fields: check.problems });
        }
        const current = fingerprint(
          revision,
          files.map((file) => file.id),
        );
        if ((await baselineFingerprint(tx, locked)) === current) throw new ApiError(409, 'UPDATE_REQUIRED');
        const approved = hasApprovedVersion(locked.status);
        if (!approved && locked.prepaidMonths === 0) {
          await chargeMonth(tx, locked, await priceCityOf(tx, locked, revision));
        }
        await updateProfile(tx, id, {
          ...(approved ? { review: 'pending' as const } : { status: 'pending' as const }),
          ...(approved ? {} : { prepaidMonths: Math.max(1, locked.prepaidMonths) }),
          revision,
          rejectReason: null,
          submittedAt: new Date(),
          submittedHash: current,
          updatedAt: new Date(),
        });
        return changed(tx, id);
      });
      return { profile: await answer(row), balance: (await balanceOf(db, accountId)) / 100 };
    },

    /**
     * Pays for another month. An active profile's time runs a month longer; an expired one is
     * listed again (its approved version) for a month from now.
     */
    async extend(accountId: number, id: number): Promise<{ profile: OwnProfile; balance: number }> {
      const row = await db.transaction(async (tx) => {
        const locked = await lockProfile(tx, id, accountId);
        const to = targetOf(locked, 'extend');
        if (to === 'deleted') throw new Error('extend never deletes');
        await chargeMonth(tx, locked, await priceCityOf(tx, locked, {}));
        await extendPaidTime(tx, id, to);
        return changed(tx, id);
      });
      fastify.listingCache.clear();
      return { profile: await answer(row), balance: (await balanceOf(db, accountId)) / 100 };
    },

    /** Hides a listed profile (deactivate) or lists it again (activate) within its paid time. */
    async setActive(accountId: number, id: number, action: 'activate' | 'deactivate'): Promise<OwnProfile> {
      const row = await db.transaction(async (tx) => {
        const locked = await lockProfile(tx, id, accountId);
        const to = targetOf(locked, action);
        if (to === 'deleted') throw new Error(`${action} never deletes`);
        // Activating after the paid time ended finds it expired instead.
        const expired = action === 'activate' && locked.expiresAt !== null && locked.expiresAt <= new Date();
        await updateProfile(tx, id, { status: expired ? 'expired' : to, updatedAt: new Date() });
        return changed(tx, id);
      });
      fastify.listingCache.clear();
      return answer(row);
    },

    /**
     * Deletes a profile with its files. A first month paid and never started (the profile was
     * never approved) is refunded.
     */
    async remove(accountId: number, id: number): Promise<{ storageKeys: string[] }> {
      const { keys: storageKeys, streams } = await db.transaction(async (tx) => {
        const locked = await lockProfile(tx, id, accountId);
        targetOf(locked, 'delete');
        if (locked.prepaidMonths > 0 && locked.accountId !== null) {
          await refundPrepaid(tx, locked.accountId, id);
        }
        const keys = await removeProfileFiles(tx, id);
        // Its stream on air ends with it (the row goes with the profile).
        const streams = await openStreamIdsOf(tx, [id]);
        await deleteProfile(tx, id);
        return { keys, streams };
      });
      fastify.listingCache.clear();
      await fastify.streams.endStreams(streams, 'deleted');
      return { storageKeys };
    },
  };
}

/** Refunds the latest unrefunded month paid for a profile; the refund's reference makes it once only. */
async function refundPrepaid(tx: Database, accountId: number, profileId: number): Promise<void> {
  const paid = await latestPurchaseOf(tx, PUBLICATION_ITEM, profileId);
  if (!paid) return;
  const kopecks = await spentIn(tx, paid.id, accountId);
  if (kopecks <= 0) return;
  await post(tx, {
    kind: 'refund',
    reference: `refund:${paid.reference}`,
    metadata: { item: PUBLICATION_ITEM, profileId },
    entries: [
      [{ systemAccount: 'revenue' }, -kopecks],
      [{ accountId }, kopecks],
    ],
  });
}

export type ProfileService = ReturnType<typeof createProfileService>;
