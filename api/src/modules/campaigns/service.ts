import { randomUUID } from 'node:crypto';
import {
  AD_REFUSAL_REASONS,
  type AdPlacement,
  type AdRefusalReason,
  type AdPricing,
  type CampaignAction,
  validate,
} from 'contracts';
import {
  AD_MIN_DAYS,
  adDayOf,
  addDays,
  CAMPAIGN_TAB_STATUSES,
  CAMPAIGN_TRANSITIONS,
  CAMPAIGNS_PAGE_SIZE,
  type Campaign,
  type CampaignCalendar,
  type CampaignCalendarQuery,
  type CampaignDraft,
  type CampaignList,
  type CampaignListQuery,
  type CampaignQuote,
  type CampaignQuoteQuery,
  type CampaignStats,
  campaignSubmitSchema,
  daysBetween,
} from 'contracts/campaigns';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { ApiError, ValidationError } from '../../lib/api-error';
import { refusalsSince, refusedTotalsOf } from '../ads/repository';
import { balanceOf, post } from '../ledger/repository';
import { deleteStoredFiles } from '../media/service';
import { freeByDay, keysOf, nearestFreeStart } from './capacity';
import {
  type ApprovedAd,
  type CampaignRow,
  type CityRef,
  campaignsOfAccount,
  citiesBySlugs,
  citiesOfCampaigns,
  dailyStatsSince,
  databaseNow,
  deleteBookings,
  deleteCampaign,
  findCampaign,
  imagesStillNamed,
  insertBookings,
  insertCampaign,
  lockKeys,
  ownCampaignCount,
  ownCampaignsPage,
  setCampaignCities,
  updateCampaign,
} from './repository';
import { type AdPrices, loadAdPrices, type Quote, quoteOf } from './pricing';

export type { CampaignRow } from './repository';

/** Ad images are served under this path: `/media/ads/<key>/<file>` (see routes/images.ts). */
export const AD_IMAGE_PREFIX = '/media/ads/';

export interface CampaignSettings {
  /** Ads one placement key holds a day (AD_SLOTS_PER_DAY). */
  slotsPerDay: number;
}

const CONTENT_FIELDS = ['format', 'heading', 'description', 'link', 'buttonText'] as const;

/** The form's fields as stored, for the whole-form rules. */
function formOf(row: CampaignRow, citySlugs: string[]) {
  return {
    format: row.format ?? '',
    heading: row.heading ?? '',
    description: row.description ?? '',
    link: row.link ?? '',
    buttonText: row.buttonText ?? '',
    impressions: row.impressions,
    placement: row.placement ?? undefined,
    cities: citySlugs,
    pricing: row.pricing ?? undefined,
    startsOn: row.startsOn ?? '',
    endsOn: row.endsOn ?? '',
  };
}

export const imageUrlOf = (key: string) => `${AD_IMAGE_PREFIX}${key}`;

/** Whether a paid campaign has not started showing yet: deleting it refunds all it paid. */
const notStarted = (row: CampaignRow, today: string) =>
  row.publishedAt === null || row.startsOn === null || row.startsOn > today;

export function createCampaignService(fastify: FastifyInstance, settings: CampaignSettings) {
  const { db } = fastify;
  const rubPerUsd = () => fastify.pricing.rubPerUsd;

  async function citiesOf(executor: Database, ids: number[]): Promise<Map<number, CityRef[]>> {
    const map = new Map<number, CityRef[]>();
    if (ids.length === 0) return map;
    const rows = await citiesOfCampaigns(executor, ids);
    for (const { campaignId, ...city } of rows) map.set(campaignId, [...(map.get(campaignId) ?? []), city]);
    return map;
  }

  function problemsOf(row: CampaignRow, slugs: string[]): Record<string, string> {
    const result = validate(campaignSubmitSchema, formOf(row, slugs));
    return result.ok ? {} : result.fields;
  }

  function quoteFor(row: CampaignRow, slugs: string[], prices: AdPrices): Quote | null {
    if (!row.placement || !row.pricing || !row.startsOn || !row.endsOn) return null;
    if (row.endsOn < row.startsOn) return null;
    if (row.placement === 'cities' && slugs.length === 0) return null;
    return quoteOf(prices, rubPerUsd(), {
      placement: row.placement,
      citySlugs: slugs,
      pricing: row.pricing,
      impressions: row.impressions,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
    });
  }

  function actionsOf(row: CampaignRow): CampaignAction[] {
    return CAMPAIGN_TRANSITIONS[row.status].filter(
      (action) => !(action === 'submit' && row.status === 'published' && !row.changed),
    );
  }

  async function toCampaigns(executor: Database, rows: CampaignRow[]): Promise<Campaign[]> {
    const cityMap = await citiesOf(
      executor,
      rows.map((row) => row.id),
    );
    const prices = await loadAdPrices(executor);
    const refused = await refusedTotalsOf(
      executor,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const cityRefs = cityMap.get(row.id) ?? [];
      const slugs = cityRefs.map((city) => city.slug);
      const paid = row.totalKopecks !== null && row.submittedAt !== null;
      const quote = paid ? null : quoteFor(row, slugs, prices);
      const editable = row.status === 'draft' || row.status === 'rejected';
      return {
        id: row.id,
        status: row.status,
        format: row.format ?? '',
        heading: row.heading ?? '',
        description: row.description ?? '',
        link: row.link ?? '',
        buttonText: row.buttonText ?? '',
        image:
          row.imageKey && row.imageWidth && row.imageHeight
            ? { url: imageUrlOf(row.imageKey), width: row.imageWidth, height: row.imageHeight }
            : null,
        placement: row.placement,
        cities: cityRefs.map((city) => ({ slug: city.slug, name: { ru: city.nameRu, en: city.nameEn } })),
        pricing: row.pricing,
        impressions: row.impressions,
        impressionsServed: row.impressionsServed,
        clicks: row.clicks,
        refusedImpressions: refused.get(row.id)?.impressions ?? 0,
        refusedClicks: refused.get(row.id)?.clicks ?? 0,
        startsOn: row.startsOn,
        endsOn: row.endsOn,
        costPerDay: paid
          ? row.costPerDayKopecks === null
            ? null
            : row.costPerDayKopecks / 100
          : quote?.costPerDay == null
            ? null
            : quote.costPerDay / 100,
        total: paid ? (row.totalKopecks ?? 0) / 100 : quote ? quote.total / 100 : null,
        paid: row.paidKopecks / 100,
        rejectReason: row.rejectReason,
        problems: editable || (row.status === 'published' && row.changed) ? problemsOf(row, slugs) : {},
        changed: row.changed,
        actions: actionsOf(row),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        submittedAt: row.submittedAt?.toISOString() ?? null,
        publishedAt: row.publishedAt?.toISOString() ?? null,
      };
    });
  }

  async function toCampaign(executor: Database, row: CampaignRow): Promise<Campaign> {
    const [campaign] = await toCampaigns(executor, [row]);
    if (!campaign) throw new Error('campaign vanished');
    return campaign;
  }

  /** The caller's campaign (404 for a missing one and for another advertiser's alike). */
  async function own(executor: Database, accountId: number, id: number, lock = false): Promise<CampaignRow> {
    const row = await findCampaign(
      executor,
      id,
      lock ? { owner: accountId, lock: 'update' } : { owner: accountId },
    );
    if (!row) throw new ApiError(404, 'NOT_FOUND');
    return row;
  }

  function requireAction(row: CampaignRow, action: CampaignAction): void {
    if (!CAMPAIGN_TRANSITIONS[row.status].includes(action)) throw new ApiError(409, 'TRANSITION_NOT_ALLOWED');
  }

  /** City ids of slugs; an unknown slug is a field error. */
  async function cityIdsOf(executor: Database, slugs: readonly string[]): Promise<CityRef[]> {
    if (slugs.length === 0) return [];
    const rows = await citiesBySlugs(executor, slugs);
    const known = new Set(rows.map((row) => row.slug));
    const unknown = slugs.findIndex((slug) => !known.has(slug));
    if (unknown >= 0) throw new ValidationError({ [`cities.${unknown}`]: 'validation.invalidCity' });
    return rows;
  }

  async function setCities(tx: Database, campaignId: number, refs: CityRef[]): Promise<void> {
    await setCampaignCities(
      tx,
      campaignId,
      refs.map((city) => city.id),
    );
  }

  const valuesOf = (draft: CampaignDraft) => ({
    format: draft.format ?? null,
    heading: draft.heading ?? null,
    description: draft.description ?? null,
    link: draft.link ?? null,
    buttonText: draft.buttonText ?? null,
    impressions: draft.impressions ?? null,
    placement: draft.placement ?? null,
    pricing: draft.pricing ?? null,
    startsOn: draft.startsOn ?? null,
    endsOn: draft.endsOn ?? null,
  });

  /** Refunds what a campaign paid, as a refund entry of its own (the purchase stays as it was). */
  async function refund(tx: Database, row: CampaignRow, why: string): Promise<void> {
    if (row.paidKopecks <= 0) return;
    await post(tx, {
      kind: 'refund',
      reference: `campaign-refund:${row.id}:${randomUUID()}`,
      metadata: { item: 'campaign', campaignId: row.id, why },
      entries: [
        [{ systemAccount: 'revenue' }, -row.paidKopecks],
        [{ accountId: row.accountId }, row.paidKopecks],
      ],
    });
    await deleteBookings(tx, row.id);
    await updateCampaign(tx, row.id, { paidKopecks: 0 });
  }

  function onChange(): void {
    fastify.adsCache?.clear();
  }

  return {
    toCampaign,
    toCampaigns,
    refund,
    onChange,

    async list(accountId: number, query: CampaignListQuery): Promise<CampaignList> {
      const statuses = [...CAMPAIGN_TAB_STATUSES[query.tab]];
      const [rows, total] = await Promise.all([
        ownCampaignsPage(
          db,
          accountId,
          statuses,
          CAMPAIGNS_PAGE_SIZE,
          (query.page - 1) * CAMPAIGNS_PAGE_SIZE,
        ),
        ownCampaignCount(db, accountId, statuses),
      ]);
      return {
        items: await toCampaigns(db, rows),
        total,
        page: query.page,
        pageSize: CAMPAIGNS_PAGE_SIZE,
      };
    },

    async get(accountId: number, id: number): Promise<Campaign> {
      return toCampaign(db, await own(db, accountId, id));
    },

    async create(accountId: number, draft: CampaignDraft): Promise<Campaign> {
      const row = await db.transaction(async (tx) => {
        const refs = await cityIdsOf(tx, draft.cities ?? []);
        const created = await insertCampaign(tx, { accountId, ...valuesOf(draft) });
        if (!created) throw new Error('campaign was not inserted');
        await setCities(tx, created.id, refs);
        return created;
      });
      return toCampaign(db, row);
    },

    /**
     * Saves the form. A draft or a rejected campaign takes every field (blank ones are not filled
     * in yet); a published one only its content (heading, text, link, button, format), which waits
     * to be sent again; its paid placement and dates cannot change.
     */
    async save(accountId: number, id: number, draft: CampaignDraft): Promise<Campaign> {
      const row = await db.transaction(async (tx) => {
        const current = await own(tx, accountId, id, true);
        requireAction(current, 'edit');
        if (current.status === 'published') {
          const content = Object.fromEntries(CONTENT_FIELDS.map((key) => [key, draft[key] ?? null]));
          const changed = CONTENT_FIELDS.some((key) => (current[key] ?? null) !== content[key]);
          return updateCampaign(tx, id, {
            ...content,
            changed: current.changed || changed,
            updatedAt: databaseNow(),
          });
        }
        const refs = await cityIdsOf(tx, draft.cities ?? []);
        await setCities(tx, id, refs);
        return updateCampaign(tx, id, { ...valuesOf(draft), updatedAt: databaseNow() });
      });
      if (!row) throw new ApiError(404, 'NOT_FOUND');
      return toCampaign(db, row);
    },

    async quote(query: CampaignQuoteQuery): Promise<CampaignQuote> {
      if (query.placement === 'cities') await cityIdsOf(db, query.cities);
      const quote = quoteOf(await loadAdPrices(db), rubPerUsd(), {
        placement: query.placement,
        citySlugs: query.cities,
        pricing: query.pricing,
        impressions: query.impressions,
        startsOn: query.startsOn,
        endsOn: query.endsOn,
      });
      return {
        costPerDay: quote.costPerDay === null ? null : quote.costPerDay / 100,
        per1000: quote.per1000 === null ? null : quote.per1000 / 100,
        days: quote.days,
        minDays: AD_MIN_DAYS,
        total: quote.total / 100,
      };
    },

    async calendar(query: CampaignCalendarQuery): Promise<CampaignCalendar> {
      const slugs = query.placement === 'cities' ? query.cities : [];
      if (slugs.length > 0) await cityIdsOf(db, slugs);
      const keys = keysOf(query.placement, slugs);
      const first = `${query.month}-01`;
      const last = addDays(addDays(first, 32).slice(0, 8).concat('01'), -1);
      const today = adDayOf(new Date());
      const free = await freeByDay(db, keys, first, last, settings.slotsPerDay);
      const days = [...free].map(([day, n]) => ({ day, free: day < today ? 0 : n }));
      const nextFreeDate = await nearestFreeStart(db, keys, today, today, AD_MIN_DAYS, settings.slotsPerDay);
      return { month: query.month, slotsPerDay: settings.slotsPerDay, days, nextFreeDate };
    },

    /**
     * Sends a campaign for moderation. A draft or a rejected one is paid now from the balance, in
     * the transaction that books its days: the booking locks of its placement keys are taken
     * first, in a fixed order, so of two advertisers taking the last slot one pays and books and
     * the other hears SLOTS_FULL with the nearest start that fits. A published one's edited
     * content is sent again without a second charge and waits for moderation (visitors keep
     * seeing the approved version).
     */
    async submit(accountId: number, id: number): Promise<{ campaign: Campaign; balance: number }> {
      const row = await db.transaction(async (tx) => {
        const current = await own(tx, accountId, id, true);
        requireAction(current, 'submit');
        const refs = (await citiesOf(tx, [id])).get(id) ?? [];
        const slugs = refs.map((city) => city.slug);
        const problems = problemsOf(current, current.status === 'published' ? slugs : slugs);
        if (current.status === 'published') {
          if (!current.changed) throw new ApiError(409, 'UPDATE_REQUIRED');
          const contentProblems = Object.fromEntries(
            Object.entries(problems).filter(([key]) => (CONTENT_FIELDS as readonly string[]).includes(key)),
          );
          if (Object.keys(contentProblems).length > 0) {
            throw new ApiError(409, 'CAMPAIGN_INCOMPLETE', { fields: contentProblems });
          }
          return updateCampaign(tx, id, {
            status: 'moderation',
            changed: false,
            rejectReason: null,
            submittedAt: databaseNow(),
            updatedAt: databaseNow(),
          });
        }
        if (Object.keys(problems).length > 0)
          throw new ApiError(409, 'CAMPAIGN_INCOMPLETE', { fields: problems });
        const placement = current.placement as AdPlacement;
        const pricing = current.pricing as AdPricing;
        const startsOn = current.startsOn as string;
        const endsOn = current.endsOn as string;
        const keys = keysOf(placement, slugs);
        await lockKeys(tx, keys);
        const free = await freeByDay(tx, keys, startsOn, endsOn, settings.slotsPerDay, id);
        if ([...free.values()].some((n) => n <= 0)) {
          const today = adDayOf(new Date());
          const days = daysBetween(startsOn, endsOn);
          const date = await nearestFreeStart(tx, keys, today, today, days, settings.slotsPerDay, id);
          throw new ApiError(409, 'SLOTS_FULL', { params: { date: date ?? '' } });
        }
        const quote = quoteOf(await loadAdPrices(tx), rubPerUsd(), {
          placement,
          citySlugs: slugs,
          pricing,
          impressions: current.impressions,
          startsOn,
          endsOn,
        });
        if (quote.total > 0) {
          await post(tx, {
            kind: 'purchase',
            reference: `campaign:${id}:${randomUUID()}`,
            metadata: { item: 'campaign', campaignId: id },
            entries: [
              [{ accountId }, -quote.total],
              [{ systemAccount: 'revenue' }, quote.total],
            ],
          });
        }
        await deleteBookings(tx, id);
        const bookings: { campaignId: number; key: string; day: string }[] = [];
        for (let day = startsOn; day <= endsOn; day = addDays(day, 1)) {
          for (const key of keys) bookings.push({ campaignId: id, key, day });
        }
        await insertBookings(tx, bookings);
        return updateCampaign(tx, id, {
          status: 'moderation',
          changed: false,
          rejectReason: null,
          paidKopecks: quote.total,
          costPerDayKopecks: quote.costPerDay,
          totalKopecks: quote.total,
          submittedAt: databaseNow(),
          updatedAt: databaseNow(),
        });
      });
      if (!row) throw new ApiError(404, 'NOT_FOUND');
      return { campaign: await toCampaign(db, row), balance: (await balanceOf(db, accountId)) / 100 };
    },

    /** A new draft with the settings of `id` (content, placement, cities, pricing); dates cleared. */
    async repeat(accountId: number, id: number): Promise<Campaign> {
      const row = await db.transaction(async (tx) => {
        const source = await own(tx, accountId, id);
        requireAction(source, 'repeat');
        const created = await insertCampaign(tx, {
          accountId,
          format: source.format,
          heading: source.heading,
          description: source.description,
          link: source.link,
          buttonText: source.buttonText,
          placement: source.placement,
          pricing: source.pricing,
          impressions: source.impressions,
          // The same stored image file: approval of either makes it public; neither deletes it
          // while the other names it (see `remove`).
          imageKey: source.imageKey,
          imageWidth: source.imageWidth,
          imageHeight: source.imageHeight,
        });
        if (!created) throw new Error('campaign was not inserted');
        const refs = (await citiesOf(tx, [id])).get(id) ?? [];
        await setCities(tx, created.id, refs);
        return created;
      });
      return toCampaign(db, row);
    },

    /**
     * Deletes a campaign. One paid and not started yet (never approved, or starting after today)
     * is refunded in full through the ledger first; a running or finished one is not.
     */
    async remove(accountId: number, id: number): Promise<{ balance: number }> {
      const doomed = await db.transaction(async (tx) => {
        const row = await own(tx, accountId, id, true);
        requireAction(row, 'delete');
        if (row.paidKopecks > 0 && notStarted(row, adDayOf(new Date()))) await refund(tx, row, 'deleted');
        await deleteCampaign(tx, id);
        const keys = [row.imageKey, row.approved?.image?.key].filter((key): key is string => !!key);
        if (keys.length === 0) return [];
        return (await imagesStillNamed(tx, keys)) ? [] : [...new Set(keys)];
      });
      await deleteStoredFiles(fastify.mediaStorage, doomed, fastify.log);
      onChange();
      return { balance: (await balanceOf(db, accountId)) / 100 };
    },

    async setImage(
      accountId: number,
      id: number,
      image: { key: string; width: number; height: number } | null,
    ): Promise<Campaign> {
      const { row, previous } = await db.transaction(async (tx) => {
        const current = await own(tx, accountId, id, true);
        requireAction(current, 'edit');
        const updated = await updateCampaign(tx, id, {
          imageKey: image?.key ?? null,
          imageWidth: image?.width ?? null,
          imageHeight: image?.height ?? null,
          changed: current.status === 'published' ? true : current.changed,
          updatedAt: databaseNow(),
        });
        return { row: updated, previous: current.imageKey };
      });
      if (!row) throw new ApiError(404, 'NOT_FOUND');
      if (previous && previous !== image?.key) {
        if (!(await imagesStillNamed(db, [previous])))
          await deleteStoredFiles(fastify.mediaStorage, [previous], fastify.log);
      }
      return toCampaign(db, row);
    },

    /** Impressions, clicks and spend per day of the last `days` days, of one campaign or all of the caller's. */
    async stats(accountId: number, days: number, campaignId?: number): Promise<CampaignStats> {
      const rows = campaignId
        ? [await own(db, accountId, campaignId)]
        : await campaignsOfAccount(db, accountId);
      const today = adDayOf(new Date());
      const from = addDays(today, -(days - 1));
      const ids = rows.map((row) => row.id);
      const [daily, refusals] =
        ids.length === 0
          ? [[], []]
          : await Promise.all([dailyStatsSince(db, ids, from), refusalsSince(db, ids, from)]);
      const series = new Map<
        string,
        {
          impressions: number;
          clicks: number;
          spend: number;
          refusedImpressions: number;
          refusedClicks: number;
        }
      >();
      for (let day = from; day <= today; day = addDays(day, 1)) {
        series.set(day, { impressions: 0, clicks: 0, spend: 0, refusedImpressions: 0, refusedClicks: 0 });
      }
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const stat of daily) {
        const entry = series.get(stat.day);
        const row = byId.get(stat.campaignId);
        if (!entry || !row) continue;
        entry.impressions += stat.impressions;
        entry.clicks += stat.clicks;
        if (row.pricing === 'impressions' && row.impressions && row.paidKopecks > 0) {
          entry.spend += (stat.impressions * row.paidKopecks) / row.impressions / 100;
        }
      }
      const byReason = new Map<AdRefusalReason, { impressions: number; clicks: number }>();
      for (const refusal of refusals) {
        const entry = series.get(refusal.day);
        if (!entry) continue;
        const reason = byReason.get(refusal.reason) ?? { impressions: 0, clicks: 0 };
        byReason.set(refusal.reason, reason);
        if (refusal.kind === 'impression') {
          entry.refusedImpressions += refusal.count;
          reason.impressions += refusal.count;
        } else {
          entry.refusedClicks += refusal.count;
          reason.clicks += refusal.count;
        }
      }
      for (const row of rows) {
        if (row.pricing !== 'days' || row.publishedAt === null || row.paidKopecks <= 0) continue;
        if (!row.startsOn || !row.endsOn || row.costPerDayKopecks === null) continue;
        for (let day = row.startsOn; day <= row.endsOn && day <= today; day = addDays(day, 1)) {
          const entry = series.get(day);
          if (entry) entry.spend += row.costPerDayKopecks / 100;
        }
      }
      const list = [...series].map(([day, value]) => ({
        day,
        ...value,
        spend: Math.round(value.spend * 100) / 100,
      }));
      const totals = list.reduce(
        (sum, day) => ({
          impressions: sum.impressions + day.impressions,
          clicks: sum.clicks + day.clicks,
          spend: Math.round((sum.spend + day.spend) * 100) / 100,
          refusedImpressions: sum.refusedImpressions + day.refusedImpressions,
          refusedClicks: sum.refusedClicks + day.refusedClicks,
        }),
        { impressions: 0, clicks: 0, spend: 0, refusedImpressions: 0, refusedClicks: 0 },
      );
      const refused = AD_REFUSAL_REASONS.flatMap((reason) => {
        const counts = byReason.get(reason);
        return counts ? [{ reason, ...counts }] : [];
      });
      return { days: list, totals, refused };
    },
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;

/** The approved content of a campaign, as visitors will see it. */
export function approvedOf(row: CampaignRow): ApprovedAd {
  return {
    format: row.format ?? '',
    heading: row.heading ?? '',
    description: row.description ?? '',
    link: row.link ?? '',
    buttonText: row.buttonText ?? '',
    image:
      row.imageKey && row.imageWidth && row.imageHeight
        ? { key: row.imageKey, width: row.imageWidth, height: row.imageHeight }
        : null,
  };
}

export const accountOf = (request: FastifyRequest): number => {
  if (!request.auth) throw new ApiError(401, 'UNAUTHORIZED');
  return request.auth.accountId;
};
