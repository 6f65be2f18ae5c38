import type { AdRefusalReason } from 'contracts';
import { ADS_PER_PAGE_MAX, type AdsQuery, adDayOf, type ServedAd } from 'contracts/campaigns';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import { clientAddressKey } from '../../lib/client-address';
import type { Limit, RateLimitStore } from '../../lib/rate-limit-store';
import { clearEverywhere } from '../../plugins/shared';
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
  recordAdRefusal,
} from './repository';

/** How long a served token may be counted: a page left open longer shows a new one on reload. */
export const AD_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * An impression is reported once an ad has been half visible for a second, so a report sooner
 * than that after its token was issued did not come from a page that showed it.
 */
export const AD_MIN_VIEW_MS = 1000;

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
  /** How many pages' candidates are kept at most, the least recently asked for going first (ADS_CACHE_MAX). */
  cacheMax?: number | undefined;
  /** Impressions and clicks of one campaign counted per client network; past them they are refused. */
  limits: { impressions: Limit; clicks: Limit };
  /** The counters of those limits (by default the shared state's, 'adCounts'). */
  store?: RateLimitStore | undefined;
  /** The clock of tokens (tests move it on); Date.now by default. */
  now?: (() => number) | undefined;
}

/**
 * Pages whose ads are kept at once: the main page and one per city asked for. Any slug is a valid
 * city to ask for, so without a bound made-up ones would grow the cache for as long as the process
 * runs (issue 31: a crawler's or a script's random parameters).
 */
export const ADS_CACHE_MAX = 1_000;

export type CountResult = 'counted' | 'ignored' | AdRefusalReason;

type Kind = 'impression' | 'click';

/** A token we issued: its campaign, when, and its binding to a visitor on a network. */
interface IssuedToken {
  campaignId: number;
  issuedAt: number;
  /** The part that names the visitor and network it was issued to (also what a replay repeats). */
  binding: string;
}

export function createServing(fastify: FastifyInstance, options: ServingOptions) {
  const { db } = fastify;
  const cache =
    options.cacheMs > 0
      ? new LRUCache<string, { day: string; items: Candidate[] }>({
          max: options.cacheMax ?? ADS_CACHE_MAX,
          ttl: options.cacheMs,
        })
      : null;
  // A campaign's change (here or on another instance) clears every instance's cache.
  const clear = clearEverywhere(fastify, 'ads-cache', () => cache?.clear());
  const store = options.store ?? fastify.shared.rateLimitStore('adCounts');
  const now = options.now ?? Date.now;
  let turn = 0;

  /**
   * A token is `campaign.slot.issuedAtMs.issue.binding`: `issue` proves we issued it (for that
   * campaign and slot, at that time); `binding` that it was issued to this visitor cookie on this
   * client network. A token we never issued is ignored; one of ours shown elsewhere is refused.
   */
  const issueOf = (campaignId: number, slot: number, issuedAt: number) =>
    hmac(options.secret, `ad|${campaignId}|${slot}|${issuedAt}`).slice(0, 32);
  const bindingOf = (issue: string, request: FastifyRequest) =>
    hmac(options.secret, `ad-to|${issue}|${request.visitorId}|${clientAddressKey(request.ip)}`).slice(0, 32);

  function tokenFor(request: FastifyRequest, campaignId: number, slot: number): string {
    const issuedAt = now();
    const issue = issueOf(campaignId, slot, issuedAt);
    return `${campaignId}.${slot}.${issuedAt}.${issue}.${bindingOf(issue, request)}`;
  }

  /** The token's campaign when we issued it (null: not ours), and why it may not count, if so. */
  function readToken(
    request: FastifyRequest,
    token: string,
  ): { token: IssuedToken; refusal: 'foreign' | 'expired' | null } | null {
    const match = /^([1-9]\d{0,9})\.(\d)\.(\d{1,15})\.([A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return null;
    const [, id = '', slot = '', issuedAt = '', issue = '', binding = ''] = match;
    if (!safeEqual(issue, issueOf(Number(id), Number(slot), Number(issuedAt)))) return null;
    const issued = { campaignId: Number(id), issuedAt: Number(issuedAt), binding };
    // Only our visitor cookie, as this browser holds it, on the network the token was issued to.
    const ours =
      request.cookies[fastify.cookieNames.visitor] === request.visitorId &&
      safeEqual(binding, bindingOf(issue, request));
    if (!ours) return { token: issued, refusal: 'foreign' };
    const expired = now() - issued.issuedAt > AD_TOKEN_TTL_SECONDS * 1000;
    return { token: issued, refusal: expired ? 'expired' : null };
  }

  const isBot = (request: FastifyRequest) => {
    const agent = request.headers['user-agent'];
    return !agent || isbot(agent);
  };

  /** Takes one of the network's counts of this campaign; false when the network has had its share. */
  async function withinLimit(
    request: FastifyRequest,
    kind: Kind,
    campaignId: number,
  ): Promise<string | null> {
    const limit = kind === 'impression' ? options.limits.impressions : options.limits.clicks;
    const key = `${kind}|${campaignId}|${clientAddressKey(request.ip)}`;
    const { count } = await store.hit(key, limit.windowSeconds * 1000);
    if (count > limit.max) {
      await store.release(key);
      return null;
    }
    return key;
  }

  /** Notes a refused report in the campaign's figures of the day; never fails the request. */
  async function refuse(campaignId: number, kind: Kind, reason: AdRefusalReason): Promise<AdRefusalReason> {
    await recordAdRefusal(db, campaignId, adDayOf(new Date()), kind, reason);
    return reason;
  }

  /**
   * Everything a report must pass before it may count: a token we issued (else it is ignored), not
   * a robot, for this visitor on this network, within its time, and within the network's share of
   * the campaign. Null when it passes (then the returned key holds one of that share).
   */
  async function screen(
    request: FastifyRequest,
    kind: Kind,
    token: string,
  ): Promise<{ issued: IssuedToken; refusal: AdRefusalReason | null; key: string | null } | null> {
    const read = readToken(request, token);
    if (!read) return null;
    const issued = read.token;
    let refusal: AdRefusalReason | null = isBot(request) ? 'bot' : read.refusal;
    if (!refusal && kind === 'impression' && now() - issued.issuedAt < AD_MIN_VIEW_MS) refusal = 'too_soon';
    const key = refusal ? null : await withinLimit(request, kind, issued.campaignId);
    if (!refusal && !key) refusal = 'rate_limit';
    return { issued, refusal, key };
  }

  const visitorHash = (request: FastifyRequest) => sha256(`visitor:${request.visitorId}`);

  /**
   * Records the visitor's event of the hour; 'replay' when this very token was counted already,
   * 'repeat' when another of the visitor's tokens was (a new page within the hour: not counted,
   * not refused either).
   */
  async function recordEvent(
    tx: Database,
    issued: IssuedToken,
    kind: Kind,
    request: FastifyRequest,
  ): Promise<'recorded' | 'replay' | 'repeat'> {
    const outcome = await recordAdEvent(tx, issued.campaignId, kind, visitorHash(request), issued.binding);
    if (outcome === 'recorded') return outcome;
    return outcome === issued.binding ? 'replay' : 'repeat';
  }

  return {
    clear,
    /** How many pages' ads are cached now. */
    cached: () => cache?.size ?? 0,

    /** At most ADS_PER_PAGE_MAX ads for the page, rotated so each booked campaign gets its turn. */
    async serve(request: FastifyRequest, query: AdsQuery): Promise<ServedAd[]> {
      const today = adDayOf(new Date());
      const cacheKey = pageKeys(query).join('|');
      let entry = cache?.get(cacheKey);
      const hit = entry?.day === today;
      if (cache) fastify.metrics?.adsCacheRead(hit);
      if (!entry || !hit) {
        entry = { day: today, items: await candidatesOf(db, query, today) };
        cache?.set(cacheKey, entry);
      }
      const items = entry.items;
      if (items.length === 0) return [];
      const start = turn++ % items.length;
      const chosen = [...items.slice(start), ...items.slice(0, start)].slice(0, ADS_PER_PAGE_MAX);
      return chosen.map(({ id, approved }, slot) => {
        const token = tokenFor(request, id, slot);
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
      const screened = await screen(request, 'impression', token);
      if (!screened) return 'ignored';
      const { issued, refusal, key } = screened;
      if (refusal) return refuse(issued.campaignId, 'impression', refusal);
      const today = adDayOf(new Date());
      const completed = await db
        .transaction(async (tx) => {
          const event = await recordEvent(tx, issued, 'impression', request);
          if (event !== 'recorded') return event;
          const updated = await countImpressionOf(tx, issued.campaignId, today);
          if (!updated) throw new NotCounted();
          await addToDailyStats(tx, issued.campaignId, today, 'impressions');
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
      if (completed === true) clear();
      if (typeof completed === 'boolean') return 'counted';
      // Not counted after all: the network's share is given back.
      if (key) await store.release(key);
      return completed === 'replay' ? refuse(issued.campaignId, 'impression', 'replay') : 'ignored';
    },

    /**
     * The link of a token's campaign (null: not a token we issued), counting the click once per
     * visitor per hour when it passes the same checks as an impression (but for the second's wait).
     * A refused click still goes to the link: the person who clicked is not to blame.
     */
    async click(request: FastifyRequest, token: string): Promise<string | null> {
      const screened = await screen(request, 'click', token);
      if (!screened) return null;
      const { issued, refusal, key } = screened;
      const link = (await approvedAdOf(db, issued.campaignId))?.link;
      if (!link) {
        if (key) await store.release(key);
        return null;
      }
      if (refusal) {
        await refuse(issued.campaignId, 'click', refusal);
        return link;
      }
      const today = adDayOf(new Date());
      const event = await db.transaction(async (tx) => {
        const recorded = await recordEvent(tx, issued, 'click', request);
        if (recorded !== 'recorded') return recorded;
        await countClickOf(tx, issued.campaignId);
        await addToDailyStats(tx, issued.campaignId, today, 'clicks');
        return recorded;
      });
      if (event !== 'recorded' && key) await store.release(key);
      if (event === 'replay') await refuse(issued.campaignId, 'click', 'replay');
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
  { name: 'ad-serving', dependencies: ['db', 'auth', 'notifications', 'shared'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    adServing: Serving;
  }
}
