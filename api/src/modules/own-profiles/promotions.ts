import { randomUUID } from 'node:crypto';
import {
  LISTED_STATUSES,
  type OwnProfile,
  type ProfilePromotions,
  PROMOTION_PRICE_CODES,
  TOP_PLACEMENT,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { ApiError } from '../../lib/api-error';
import { balanceOf, post } from '../ledger/repository';
import { toOwnProfile } from './own-profile';
import {
  cityById,
  extendTop,
  extendVideo,
  findProfile,
  hasPublicVideo,
  lockCity,
  markBumped,
  type ProfileRow,
  topEndsInCity,
} from './repository';
import { lockProfile } from './revision';

export interface TopPlacementSettings {
  /** Profiles that can be in a city's top at once. */
  slotsPerCity: number;
  /** How long one purchase keeps a profile there. */
  days: number;
}

export const PROMOTIONS = ['top', 'bump', 'video'] as const;
export type Promotion = (typeof PROMOTIONS)[number];

const PRICE_CODE: Record<Promotion, string> = PROMOTION_PRICE_CODES;

interface CityOfProfile {
  id: number;
  slug: string;
}

/**
 * Paid promotions of a listed profile (PRODUCT_SPEC.md sections 4, 6 and 9): top placement in its
 * city, a bump to the top of the city's list, a month of video display. Each is one transaction:
 * the profile's row is locked, the price is read from the price table, the balance is charged
 * through the ledger (never below zero) and the promotion applied, or nothing happens.
 */
export function createPromotions(fastify: FastifyInstance, top: TopPlacementSettings = TOP_PLACEMENT) {
  const { db, pricing } = fastify;

  /** Only a listed profile (active, not blocked or held, within its paid time) can be promoted. */
  const isListed = (row: ProfileRow): boolean =>
    LISTED_STATUSES.includes(row.status) &&
    !row.isBlocked &&
    row.heldAt === null &&
    (row.expiresAt === null || row.expiresAt > new Date());
  function requireListed(row: ProfileRow): void {
    if (!isListed(row)) throw new ApiError(409, 'PROFILE_NOT_ACTIVE');
  }

  async function cityOf(tx: Database, row: ProfileRow): Promise<CityOfProfile> {
    if (row.cityId === null) throw new ApiError(409, 'SERVICE_NOT_ACTIVATED');
    const city = await cityById(tx, row.cityId);
    if (!city) throw new ApiError(409, 'SERVICE_NOT_ACTIVATED');
    return city;
  }

  async function charge(
    tx: Database,
    row: ProfileRow,
    promotion: Promotion,
    citySlug: string,
  ): Promise<number> {
    if (row.accountId === null) throw new ApiError(409, 'SERVICE_NOT_ACTIVATED');
    const kopecks = await pricing.kopecksOf(tx, 'models_boosting', PRICE_CODE[promotion], citySlug);
    await post(tx, {
      kind: 'purchase',
      reference: `${promotion}:${row.id}:${randomUUID()}`,
      metadata: { item: PRICE_CODE[promotion], profileId: row.id },
      entries: [
        [{ accountId: row.accountId }, -kopecks],
        [{ systemAccount: 'revenue' }, kopecks],
      ],
    });
    return kopecks;
  }

  /**
   * THE slot rule of a city's top, for a sale and for the promotion screen alike: the other
   * profiles in the city's top now, the free slots, and when full the nearest day one frees.
   */
  async function topAvailability(
    tx: Database,
    cityId: number,
    profileId: number,
  ): Promise<{ free: number; nextFreeDate: string | null }> {
    const taken = await topEndsInCity(tx, cityId, profileId);
    const free = Math.max(0, top.slotsPerCity - taken.length);
    const nearest = taken[0] ?? new Date();
    return { free, nextFreeDate: free === 0 ? nearest.toISOString().slice(0, 10) : null };
  }

  const inTopNow = (row: ProfileRow) => row.topUntil !== null && row.topUntil > new Date();

  /**
   * Top placement. A purchase while the profile is in the top extends its time and takes no new
   * slot. The city's row is locked first, so two models buying the last slot at once queue: one
   * gets it, the other is told the slots are full and the nearest date one frees.
   */
  async function buyTop(tx: Database, row: ProfileRow, city: CityOfProfile): Promise<number> {
    await lockCity(tx, city.id);
    if (!inTopNow(row)) {
      const { nextFreeDate } = await topAvailability(tx, city.id, row.id);
      if (nextFreeDate !== null) throw new ApiError(409, 'SLOTS_FULL', { params: { date: nextFreeDate } });
    }
    const kopecks = await charge(tx, row, 'top', city.slug);
    await extendTop(tx, row.id, top.days);
    return kopecks;
  }

  return {
    /**
     * What the promotion screen shows for one own profile: each promotion's price in its city and
     * what is running, the top's days and slots (free now, or the nearest free day when full).
     */
    async info(accountId: number, profileId: number): Promise<ProfilePromotions> {
      const row = await findProfile(db, profileId, accountId);
      if (!row) throw new ApiError(404, 'MODEL_NOT_FOUND');
      const city = row.cityId ? await cityById(db, row.cityId) : null;
      const rubles = async (promotion: Promotion) =>
        (await pricing.kopecksOf(db, 'models_boosting', PRICE_CODE[promotion], city?.slug ?? null)) / 100;
      // A profile in the top keeps its slot when it buys again; no city means no one to share with.
      const slots =
        city && !inTopNow(row)
          ? await topAvailability(db, city.id, row.id)
          : { free: top.slotsPerCity, nextFreeDate: null };
      const hasVideo = await hasPublicVideo(db, profileId);
      return {
        active: isListed(row),
        top: {
          price: await rubles('top'),
          days: top.days,
          slots: top.slotsPerCity,
          free: slots.free,
          nextFreeDate: slots.nextFreeDate,
          until: inTopNow(row) && row.topUntil ? row.topUntil.toISOString() : null,
        },
        bump: { price: await rubles('bump'), bumpedAt: row.bumpedAt?.toISOString() ?? null },
        video: {
          price: await rubles('video'),
          until: row.videoUntil && row.videoUntil > new Date() ? row.videoUntil.toISOString() : null,
          hasVideo,
        },
      };
    },

    async buy(
      accountId: number,
      profileId: number,
      promotion: Promotion,
    ): Promise<{ profile: OwnProfile; balance: number }> {
      const row = await db.transaction(async (tx) => {
        const locked = await lockProfile(tx, profileId, accountId);
        requireListed(locked);
        const city = await cityOf(tx, locked);
        let charged = 0;
        if (promotion === 'top') {
          charged = await buyTop(tx, locked, city);
        } else if (promotion === 'bump') {
          charged = await charge(tx, locked, 'bump', city.slug);
          await markBumped(tx, profileId);
        } else {
          // Video display needs an approved video to show.
          if (!(await hasPublicVideo(tx, profileId))) throw new ApiError(409, 'VIDEO_REQUIRED');
          charged = await charge(tx, locked, 'video', city.slug);
          await extendVideo(tx, profileId);
        }
        const updated = await findProfile(tx, profileId, null);
        if (!updated || locked.accountId === null) throw new Error(`profile ${profileId} vanished`);
        const { notifications } = fastify;
        if (promotion === 'top' && updated.topUntil) {
          await notifications.notify(
            locked.accountId,
            'top_placement',
            { profileName: updated.name, city: city.slug, until: updated.topUntil },
            tx,
          );
        } else if (promotion === 'bump') {
          await notifications.notify(
            locked.accountId,
            'raised_in_city',
            { profileName: updated.name, city: city.slug, price: charged / 100 },
            tx,
          );
        } else if (promotion === 'video' && updated.videoUntil) {
          await notifications.notify(
            locked.accountId,
            'video_activated',
            { profileName: updated.name, until: updated.videoUntil },
            tx,
          );
        }
        return updated;
      });
      fastify.listingCache.clear();
      return {
        profile: await toOwnProfile(db, pricing, row),
        balance: (await balanceOf(db, accountId)) / 100,
      };
    },
  };
}
