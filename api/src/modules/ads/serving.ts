import { ADS_PER_PAGE_MAX, type AdsQuery, adDayOf, type ServedAd } from 'contracts';
import { and, eq, inArray, isNotNull, lte, gte, or, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isbot } from 'isbot';
import type { Database } from '../../db/client';
import { adBookings, adEvents, adStatsDaily, type ApprovedAd, campaigns } from '../../db/schema';
import { hmac, safeEqual, sha256 } from '../../lib/tokens';
import { imageUrlOf } from '../campaigns/service';

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
async function candidatesOf(db: Database, query: AdsQuery, today: string): Promise<Candidate[]> {
  const rows = await db
    .select({ id: campaigns.id, approved: campaigns.approved })
    .from(campaigns)
    .where(
      and(
        inArray(campaigns.status, ['published', 'moderation']),
        isNotNull(campaigns.approved),
        lte(campaigns.startsOn, today),
        gte(campaigns.endsOn, today),
        or(isNull(campaigns.impressions), lt(campaigns.impressionsServed, campaigns.impressions)),
        sql`exists (select 1 from ${adBookings} where ${adBookings.campaignId} = ${campaigns.id}
          and ${adBookings.day} = ${today} and ${inArray(adBookings.key, pageKeys(query))})`,
      ),
    )
    .orderBy(campaigns.id);
  return rows.flatMap((row) => (row.approved ? [{ id: row.id, approved: row.approved }] : []));
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
          const inserted = await tx
            .insert(adEvents)
            .values({
              campaignId: parsed.campaignId,
              kind: 'impression',
              visitor,
              hour: sql`date_trunc('hour', now())`,
            })
            .onConflictDoNothing()
            .returning({ id: adEvents.campaignId });
          if (inserted.length === 0) return null;
          const [updated] = await tx
            .update(campaigns)
            .set({
              impressionsServed: sql`${campaigns.impressionsServed} + 1`,
              status: sql`case when ${campaigns.impressions} is not null and ${campaigns.impressionsServed} + 1 >= ${campaigns.impressions} then 'completed' else ${campaigns.status} end`,
              completedAt: sql`case when ${campaigns.impressions} is not null and ${campaigns.impressionsServed} + 1 >= ${campaigns.impressions} then now() else ${campaigns.completedAt} end`,
            })
            .where(
              and(
                eq(campaigns.id, parsed.campaignId),
                inArray(campaigns.status, ['published', 'moderation']),
                isNotNull(campaigns.approved),
                lte(campaigns.startsOn, today),
                gte(campaigns.endsOn, today),
                or(isNull(campaigns.impressions), lt(campaigns.impressionsServed, campaigns.impressions)),
              ),
            )
            .returning();
          if (!updated) throw new NotCounted();
          await tx
            .insert(adStatsDaily)
            .values({ campaignId: parsed.campaignId, day: today, impressions: 1 })
            .onConflictDoUpdate({
              target: [adStatsDaily.campaignId, adStatsDaily.day],
              set: { impressions: sql`${adStatsDaily.impressions} + 1` },
            });
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
      const [row] = await db
        .select({ approved: campaigns.approved })
        .from(campaigns)
        .where(eq(campaigns.id, parsed.campaignId));
      const link = row?.approved?.link;
      if (!link) return null;
      if (parsed.expired || !countable(request)) return link;
      const today = adDayOf(new Date());
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(adEvents)
          .values({
            campaignId: parsed.campaignId,
            kind: 'click',
            visitor: visitorHash(request),
            hour: sql`date_trunc('hour', now())`,
          })
          .onConflictDoNothing()
          .returning({ id: adEvents.campaignId });
        if (inserted.length === 0) return;
        await tx
          .update(campaigns)
          .set({ clicks: sql`${campaigns.clicks} + 1` })
          .where(eq(campaigns.id, parsed.campaignId));
        await tx
          .insert(adStatsDaily)
          .values({ campaignId: parsed.campaignId, day: today, clicks: 1 })
          .onConflictDoUpdate({
            target: [adStatsDaily.campaignId, adStatsDaily.day],
            set: { clicks: sql`${adStatsDaily.clicks} + 1` },
          });
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
