import { ADS_PER_PAGE_MAX, type AdsQuery, adDayOf, type ServedAd } from 'contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isbot } from 'isbot';
import type { Database } from '../../db/client';
import { hmac, safeEqual, sha256 } from '../../lib/tokens';
import { imageUrlOf } from '../campaigns/service';
import {
  type ApprovedAd,
  addToDailyStats,
  approvedAdOf,
  bookedCampaigns,
  countClickOf,
  countImpressionOf,
  recordAdEvent,
} from './repository';

/** How long a served token may be counted: a page left open longer shows a new one on reload. */
export const AD_TOKEN_TTL_SECONDS = 30 * 60;

interface Candidate {
  id: number;
  approved: ApprovedAd;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The ads each page may show, shared between visitors for a moment; cleared when a campaign changes. */
    adsCache: { clear(): void };
  }
}

/** Placement keys whose bookings a page shows: its own and `everywhere`. */
function pageKeys(query: AdsQuery): string[] {
  return query.place === 'main' ? ['main', 'everywhere'] : [`city:${query.city}`, 'everywhere'];
}

/**
 * Campaigns a page may show today: approved (their approved content, while an edit waits), on
 * their dates, booked for this page today, and short of the impressions they bought.
 */
function candidatesOf(db: Database, query: AdsQuery, today: string): Promise<Candidate[]> {
  return bookedCampaigns(db, pageKeys(query), today);
}

export interface ServingOptions {
  /** Signs the tokens (the server's secret). */
  secret: string;
  /** How long a page's candidates are shared between visitors; 0 reads the database every time. */
  cacheMs: number;
}

export type CountResult = 'counted' | 'ignored';

export function createServing(fastify: FastifyInstance, options: ServingOptions) {
  const { db } = fastify;
  const cache = new Map<string, { at: number; day: string; items: Candidate[] }>();
  let turn = 0;

  const signatureOf = (campaignId: number, slot: number, expires: number, visitorId: string) =>
    hmac(options.secret, `ad|${campaignId}|${slot}|${expires}|${visitorId}`).slice(0, 32);

  function tokenFor(campaignId: number, slot: number, visitorId: string): string {
    const expires = Math.floor(Date.now() / 1000) + AD_TOKEN_TTL_SECONDS;
    return `${campaignId}.${slot}.${expires}.${signatureOf(campaignId, slot, expires, visitorId)}`;
  }

  /** The campaign a token names, when it was signed for this visitor and has not expired. */
  function readToken(token: string, visitorId: string): { campaignId: number; expired: boolean } | null {
    const match = /^([1-9]\d{0,9})\.(\d)\.(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return null;
    const [, id = '', slot = '', expires = '', signature = ''] = match;
    if (!safeEqual(signature, signatureOf(Number(id), Number(slot), Number(expires), visitorId))) return null;
    return { campaignId: Number(id), expired: Number(expires) < Date.now() / 1000 };
  }

  /** Counted only for a visitor whose browser holds our visitor cookie, and never for known bots. */
  function countable(request: FastifyRequest): boolean {
    if (request.cookies[fastify.cookieNames.visitor] !== request.visitorId) return false;
    const agent = request.headers['user-agent'];
    return !!agent && !isbot(agent);
  }

  const visitorHash = (request: FastifyRequest) => sha256(`visitor:${request.visitorId}`);

  return {
    clear: () => cache.clear(),

    /** At most ADS_PER_PAGE_MAX ads for the page, rotated so each booked campaign gets its turn. */
    async serve(request: FastifyRequest, query: AdsQuery): Promise<ServedAd[]> {
      const today = adDayOf(new Date());
      const cacheKey = pageKeys(query).join('|');
      const now = Date.now();
      let entry = cache.get(cacheKey);
      if (!entry || entry.day !== today || now - entry.at >= options.cacheMs) {
        entry = { at: now, day: today, items: await candidatesOf(db, query, today) };
        if (options.cacheMs > 0) cache.set(cacheKey, entry);
      }
      const items = entry.items;
      if (items.length === 0) return [];
      const start = turn++ % items.length;
      const chosen = [...items.slice(start), ...items.slice(0, start)].slice(0, ADS_PER_PAGE_MAX);
      return chosen.map(({ id, approved }, slot) => {
        const token = tokenFor(id, slot, request.visitorId);
        return {
          token,
          format: approved.format,
          heading: approved.heading,
          description: approved.description,
          buttonText: approved.buttonText,
          image: approved.image
            ? {
                url: imageUrlOf(approved.image.key),
                width: approved.image.width,
                height: approved.image.height,
              }
            : null,
          clickUrl: `/api/ads/click/${token}`,
        };
      });
    },

    /**
     * Counts an impression once per visitor per campaign per hour: the event's primary key is the
     * dedupe, and the campaign's counter is raised in the same transaction only while it is short
     * of what it bought (the row lock makes concurrent ones queue and re-check), so the count never
     * overshoots. Reaching the count completes the campaign and tells the advertiser.
     */
    async countImpression(request: FastifyRequest, token: string): Promise<CountResult> {
      const parsed = readToken(token, request.visitorId);
      if (!parsed || parsed.expired || !countable(request)) return 'ignored';
      const today = adDayOf(new Date());
      const visitor = visitorHash(request);
      const completed = await db
        .transaction(async (tx) => {
          if (!(await recordAdEvent(tx, parsed.campaignId, 'impression', visitor))) return null;
          const updated = await countImpressionOf(tx, parsed.campaignId, today);
          if (!updated) throw new NotCounted();
          await addToDailyStats(tx, parsed.campaignId, today, 'impressions');
          if (updated.status === 'completed') {
            await fastify.notifications.notify(
              updated.accountId,
              'ad_completed',
              {
                heading: updated.approved?.heading ?? updated.heading ?? '',
                impressions: updated.impressionsServed,
                clicks: updated.clicks,
              },
              tx,
            );
            return true;
          }
          return false;
        })
        .catch((error: unknown) => {
          if (error instanceof NotCounted) return 'not-counted' as const;
          throw error;
        });
      if (completed === true) cache.clear();
      return completed === null || completed === 'not-counted' ? 'ignored' : 'counted';
    },

    /** The link of a token's campaign (null: a bad token), counting the click once per visitor per hour. */
    async click(request: FastifyRequest, token: string): Promise<string | null> {
      const parsed = readToken(token, request.visitorId);
      if (!parsed) return null;
      const link = (await approvedAdOf(db, parsed.campaignId))?.link;
      if (!link) return null;
      if (parsed.expired || !countable(request)) return link;
      const today = adDayOf(new Date());
      await db.transaction(async (tx) => {
        if (!(await recordAdEvent(tx, parsed.campaignId, 'click', visitorHash(request)))) return;
        await countClickOf(tx, parsed.campaignId);
        await addToDailyStats(tx, parsed.campaignId, today, 'clicks');
      });
      return link;
    },
  };
}

/** Rolls back an impression's event when its campaign cannot take it (count reached, not running). */
class NotCounted extends Error {}

export type Serving = ReturnType<typeof createServing>;

export const servingPlugin = fp<ServingOptions>(
  async (fastify, options) => {
    const serving = createServing(fastify, options);
    fastify.decorate('adsCache', { clear: serving.clear });
    fastify.decorate('adServing', serving);
  },
  { name: 'ad-serving', dependencies: ['db', 'auth', 'notifications'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    adServing: Serving;
  }
}
