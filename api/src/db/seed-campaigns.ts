import type { AdPlacement, AdPricing } from 'contracts';
import { addDays } from 'contracts/campaigns';
import { eq } from 'drizzle-orm';
import { loadAdPrices, quoteOf } from '../modules/campaigns/pricing';
import type { Database } from './client';
import { adBookings, adStatsDaily, campaignCities, campaigns, cities } from './schema';
import {
  type DemoNotification,
  DemoWallet,
  dailyCurve,
  HistoryClock,
  historyRandom,
  insertNotifications,
} from './seed-history';

/** Kopecks an advertiser's top-up is rounded up to: 10,000 ₽. */
const TOP_UP_STEP = 1_000_000;
/** This history's own generator: the same figures whatever the account's id. */
const SALT = 2;

/**
 * The top-ups the advertiser made ahead of his purchases (in days from today, hours after
 * midnight, kopecks); when a purchase needs more, he tops up what it needs first.
 */
const PLANNED_TOP_UPS = [
  { day: -30, hour: 17, kopecks: 5_000_000 },
  { day: -1, hour: 15, kopecks: 2_000_000 },
] as const;

interface DemoCampaign {
  status: 'published' | 'completed' | 'moderation' | 'draft';
  placement: AdPlacement;
  city?: string;
  pricing: AdPricing;
  /** First and last day, in days from today (negative: ago). */
  from: number;
  to: number;
  /** A usual day's impressions and the share of them clicked, for the ones that ran. */
  audience?: { impressions: number; clickRate: readonly [number, number] };
  /** Impressions bought (per-impression pricing), when they are not sized to the audience. */
  impressions?: number;
  heading: string;
  description: string;
  link: string;
  buttonText: string;
}

/**
 * Neutral demo ads (a taxi, a laundry, a flower shop, a bakery, English lessons, a bike repair), so
 * the office and the moderation of ads are never empty; in Russian, as an advertiser of a
 * Russian-language site writes them. In the order they were sent: that is the order of the money.
 */
const DEMO_CAMPAIGNS: readonly DemoCampaign[] = [
  {
    status: 'published',
    placement: 'main',
    pricing: 'impressions',
    from: -29,
    to: 30,
    audience: { impressions: 1150, clickRate: [0.012, 0.022] },
    heading: 'Городское такси круглосуточно',
    description: 'Удобные машины за 10 минут, фиксированные цены, карта или наличные.',
    link: 'https://example.com/taxi',
    buttonText: 'Заказать',
  },
  {
    status: 'completed',
    placement: 'cities',
    city: 'kazan',
    pricing: 'days',
    from: -29,
    to: -16,
    audience: { impressions: 170, clickRate: [0.02, 0.035] },
    heading: 'Химчистка за один день',
    description: 'Примем утром, вернём вечером. Курьер заберёт и привезёт.',
    link: 'https://example.com/laundry',
    buttonText: 'Вызвать курьера',
  },
  {
    status: 'published',
    placement: 'cities',
    city: 'moscow',
    pricing: 'days',
    from: -13,
    to: 7,
    audience: { impressions: 420, clickRate: [0.025, 0.04] },
    heading: 'Свежие цветы с доставкой',
    description: 'Букеты на заказ с доставкой по Москве за два часа.',
    link: 'https://example.com/flowers',
    buttonText: 'Выбрать букет',
  },
  {
    status: 'moderation',
    placement: 'cities',
    city: 'moscow',
    pricing: 'days',
    from: 0,
    to: 6,
    heading: 'Семейная пекарня',
    description: 'Хлеб и выпечка каждое утро.',
    link: 'https://example.com/bakery',
    buttonText: 'Смотреть меню',
  },
  {
    status: 'moderation',
    placement: 'main',
    pricing: 'impressions',
    impressions: 10_000,
    from: 0,
    to: 29,
    heading: 'Курсы английского языка',
    description: 'Разговорные группы для взрослых по вечерам и выходным.',
    link: 'https://example.com/english',
    buttonText: 'Записаться на урок',
  },
  {
    status: 'draft',
    placement: 'main',
    pricing: 'days',
    from: 0,
    to: 0,
    heading: 'Ремонт велосипедов',
    description: 'Настройка и ремонт при вас.',
    link: 'https://example.com/bikes',
    buttonText: 'Записаться',
  },
];

/**
 * The demo advertiser's office (development only), written once, when the account is created: a
 * month of it. Two campaigns running and one completed, each paid from top-ups and counted per
 * day (impressions and clicks, which its totals sum); two waiting for moderation (paid when sent,
 * as every sent campaign is) and a draft; and the notifications moderation and completion sent.
 */
export async function seedDemoCampaigns(
  tx: Database,
  accountId: number,
  options: { now: Date; rubPerUsd: number },
): Promise<void> {
  const prices = await loadAdPrices(tx);
  const clock = new HistoryClock(options.now);
  const random = historyRandom(SALT);
  const wallet = new DemoWallet(tx, { id: accountId, type: 'advister' }, random, options.rubPerUsd);
  const notes: DemoNotification[] = [];
  const topUps = PLANNED_TOP_UPS.map((plan) => ({
    at: clock.at(plan.day, plan.hour),
    kopecks: plan.kopecks,
  }));

  for (const [index, demo] of DEMO_CAMPAIGNS.entries()) {
    const [city] = demo.city ? await tx.select().from(cities).where(eq(cities.slug, demo.city)) : [];
    if (demo.city && !city) continue;
    const sent = demo.status !== 'draft';
    const ran = demo.status === 'published' || demo.status === 'completed';
    const startsOn = addDays(clock.today, demo.from);
    const endsOn = addDays(clock.today, demo.to);
    // Sent the evening before its first day and approved within the hour; today's, a few hours ago.
    const submittedAt =
      demo.from < 0 ? clock.at(demo.from - 1, 18 + index / 2) : clock.ago(DEMO_CAMPAIGNS.length - index);
    const publishedAt = ran ? new Date(submittedAt.getTime() + 50 * 60_000) : null;
    const completedAt = demo.status === 'completed' ? clock.at(demo.to + 1, 0.02) : null;

    // Impressions and clicks per day, from the first day to today or the last day.
    const shownDays = ran ? clock.days.filter((day) => day >= startsOn && day <= endsOn) : [];
    const shown = demo.audience
      ? dailyCurve(random, clock, shownDays, { base: demo.audience.impressions, trend: [0.9, 1.08] })
      : [];
    const [lowRate, highRate] = demo.audience?.clickRate ?? [0, 0];
    const clicked = shown.map((n) => Math.round(n * (lowRate + random.next() * (highRate - lowRate))));
    const served = shown.reduce((sum, n) => sum + n, 0);
    const clicks = clicked.reduce((sum, n) => sum + n, 0);
    // What was bought runs well past what has been shown so far, in round thousands.
    const impressions =
      demo.pricing === 'impressions'
        ? (demo.impressions ?? Math.ceil((served * 1.5) / 10_000) * 10_000)
        : null;

    const content = {
      format: 'text',
      heading: demo.heading,
      description: demo.description,
      link: demo.link,
      buttonText: demo.buttonText,
    };
    const quote = sent
      ? quoteOf(prices, options.rubPerUsd, {
          placement: demo.placement,
          citySlugs: demo.city ? [demo.city] : [],
          pricing: demo.pricing,
          impressions,
          startsOn,
          endsOn,
        })
      : null;
    const [row] = await tx
      .insert(campaigns)
      .values({
        accountId,
        status: demo.status,
        ...content,
        placement: demo.placement,
        pricing: demo.pricing,
        impressions,
        startsOn: sent ? startsOn : null,
        endsOn: sent ? endsOn : null,
        paidKopecks: quote?.total ?? 0,
        costPerDayKopecks: quote?.costPerDay ?? null,
        totalKopecks: quote?.total ?? null,
        impressionsServed: served,
        clicks,
        approved: ran ? { ...content, image: null } : null,
        submittedAt: sent ? submittedAt : null,
        publishedAt,
        completedAt,
        createdAt: sent ? new Date(submittedAt.getTime() - 20 * 60_000) : clock.ago(26),
        updatedAt: completedAt ?? publishedAt ?? (sent ? submittedAt : clock.ago(26)),
      })
      .returning({ id: campaigns.id });
    if (!row) continue;
    if (city) await tx.insert(campaignCities).values({ campaignId: row.id, cityId: city.id });
    if (!sent || !quote) continue;

    // The ledger follows the calendar: the top-ups made before this campaign was sent come first.
    while (topUps[0] && topUps[0].at < submittedAt) {
      const next = topUps.shift();
      if (next) await wallet.topUp(next.kopecks, next.at);
    }
    if (quote.total > 0) {
      await wallet.pay(
        quote.total,
        submittedAt,
        { reference: `campaign:${row.id}:demo-history`, metadata: { item: 'campaign', campaignId: row.id } },
        TOP_UP_STEP,
      );
    }
    const key = demo.placement === 'main' ? 'main' : `city:${demo.city}`;
    const days: { campaignId: number; key: string; day: string }[] = [];
    for (let day = startsOn; day <= endsOn; day = addDays(day, 1))
      days.push({ campaignId: row.id, key, day });
    await tx.insert(adBookings).values(days);
    if (shownDays.length > 0) {
      await tx.insert(adStatsDaily).values(
        shownDays.map((day, index) => ({
          campaignId: row.id,
          day,
          impressions: shown[index] ?? 0,
          clicks: clicked[index] ?? 0,
        })),
      );
    }
    if (publishedAt) {
      notes.push({
        kind: 'ad_approved',
        params: { heading: demo.heading },
        at: publishedAt,
        readAt: new Date(publishedAt.getTime() + 12 * 3_600_000),
      });
    }
    if (completedAt) {
      notes.push({
        kind: 'ad_completed',
        params: { heading: demo.heading, impressions: served, clicks },
        at: completedAt,
        readAt: null,
      });
    }
  }
  for (const rest of topUps) await wallet.topUp(rest.kopecks, rest.at);
  await insertNotifications(
    tx,
    accountId,
    notes.sort((a, b) => a.at.getTime() - b.at.getTime()),
  );
}
