import { hasApprovedVersion } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { recordAdminAction } from '../audit/repository';
import { claims } from '../claims/repository';
import { publishRevisionMedia } from '../media/service';
import { cityIdBySlug, monthsFromNow, replaceServices, revisionMedia, updateProfile } from './repository';
import { checkRevision, lockProfile, targetOf } from './revision';

export interface ModerationOutcome {
  /** Files no version uses any more, to delete once the transaction committed. */
  storageKeys: string[];
}

export function createModeration(fastify: FastifyInstance) {
  const { db } = fastify;

  return {
    /**
     * Approves the submitted version: copies it into the columns a visitor reads (with its
     * services and files), lists a new profile for the months paid, and tells the owner.
     */
    async approve(adminId: number, profileId: number): Promise<ModerationOutcome> {
      const outcome = await db.transaction(async (tx) => {
        const row = await lockProfile(tx, profileId, null);
        const to = targetOf(row, 'approve');
        if (to === 'deleted') throw new Error('approve never deletes');
        await claims.assertFree(tx, 'profile', profileId, adminId);
        const files = await revisionMedia(tx, profileId);
        const { values } = checkRevision(row.revision, files);
        // Sent complete; only a change of the catalogue (a city removed) can make it incomplete.
        if (!values) throw new ApiError(409, 'PROFILE_INCOMPLETE');
        const cityId = await cityIdBySlug(tx, values.city);
        if (cityId === null) throw new ApiError(409, 'PROFILE_INCOMPLETE');
        const firstListing = !hasApprovedVersion(row.status);
        const now = new Date();
        await updateProfile(tx, profileId, {
          name: values.name,
          category: values.category,
          cityId,
          metroId: values.metro,
          age: values.age,
          height: values.height,
          weight: values.weight,
          boobs: values.boobs,
          appearance: values.appearance,
          priceHour: values.prices.hour,
          priceTwoHours: values.prices.twoHours,
          priceNight: values.prices.night,
          places: values.places,
          phone: values.contacts.phone,
          telegram: values.contacts.telegram,
          whatsapp: values.contacts.whatsapp,
          viber: values.contacts.viber,
          description: values.description,
          hasVideo: files.some((file) => file.kind === 'video'),
          status: to,
          review: null,
          rejectReason: null,
          approvedHash: row.submittedHash,
          submittedAt: null,
          updatedAt: now,
          ...(firstListing
            ? {
                publishedAt: row.publishedAt ?? now,
                bumpedAt: now,
                // The paid months start now.
                expiresAt: monthsFromNow(Math.max(1, row.prepaidMonths)),
                prepaidMonths: 0,
              }
            : {}),
        });

        await replaceServices(tx, profileId, values.services);
        const storageKeys = await publishRevisionMedia(tx, profileId);
        if (row.accountId !== null) {
          await fastify.notifications.notify(
            row.accountId,
            'profile_approved',
            { profileName: values.name },
            tx,
          );
        }
        await claims.clear(tx, 'profile', profileId);
        await recordAdminAction(tx, {
          adminId,
          action: 'profile.approve',
          targetType: 'profile',
          targetId: profileId,
        });
        return { storageKeys };
      });
      fastify.listingCache.clear();
      return outcome;
    },

    /**
     * Refuses the submitted version with a reason the owner reads. A new profile becomes
     * `rejected`; an approved one keeps its approved version listed and its changes are marked.
     */
    async reject(adminId: number, profileId: number, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockProfile(tx, profileId, null);
        const to = targetOf(row, 'reject');
        if (to === 'deleted') throw new Error('reject never deletes');
        await claims.assertFree(tx, 'profile', profileId, adminId);
        await updateProfile(tx, profileId, {
          status: to,
          review: hasApprovedVersion(row.status) ? 'rejected' : null,
          rejectReason: reason,
          submittedAt: null,
          updatedAt: new Date(),
        });
        const name = typeof row.revision.name === 'string' ? row.revision.name : row.name;
        if (row.accountId !== null) {
          await fastify.notifications.notify(
            row.accountId,
            'profile_rejected',
            { profileName: name, reason },
            tx,
          );
        }
        await claims.clear(tx, 'profile', profileId);
        await recordAdminAction(tx, {
          adminId,
          action: 'profile.reject',
          targetType: 'profile',
          targetId: profileId,
          reason,
        });
      });
    },
  };
}

export type Moderation = ReturnType<typeof createModeration>;
