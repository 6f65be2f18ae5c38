import { PROMOTION_PRICE_CODES, TOP_PLACEMENT } from 'contracts';
import { asc, eq } from 'drizzle-orm';
import { createPricing } from '../modules/prices/pricing';
import type { Database } from './client';
import {
  chunks,
  DemoWallet,
  dailyCurve,
  demoVisitorKey,
  HistoryClock,
  historyRandom,
  insertNotifications,
} from './seed-history';
import { cities, modelProfiles, profileViews } from './schema';

/** Whole rubles a top-up is rounded up to: a model tops up what she needs, a little more. */
const TOP_UP_STEP = 100_000;
const DAY_MS = 86_400_000;
/** This history's own generator: the same figures whatever the account's id. */
const SALT = 1;

/** The days of the history (ago) her top placement started and her profile was bumped. */
const TOP_DAY = -20;
const BUMP_DAY = -9;
const LAST_TOP_UP_DAY = -4;

/**
 * The demo model's month: her profile's views per day (more while it was in the city's top and
 * after the bump), a top placement and a bump paid from top-ups, and the notifications they sent.
 * Her balance ends below a bump plus a top placement, as a model's does between top-ups (the
 * promotion journey in e2e buys a bump and is then refused a top placement).
 */
export async function seedDemoModelHistory(
  tx: Database,
  accountId: number,
  options: { now: Date; rubPerUsd: number },
): Promise<void> {
  const [profile] = await tx
    .select({
      id: modelProfiles.id,
      name: modelProfiles.name,
      city: cities.slug,
      topUntil: modelProfiles.topUntil,
      bumpedAt: modelProfiles.bumpedAt,
    })
    .from(modelProfiles)
    .innerJoin(cities, eq(cities.id, modelProfiles.cityId))
    .where(eq(modelProfiles.accountId, accountId))
    .orderBy(asc(modelProfiles.id))
    .limit(1);
  if (!profile) return;

  const clock = new HistoryClock(options.now);
  const random = historyRandom(SALT);
  const pricing = createPricing(options.rubPerUsd);
  const wallet = new DemoWallet(tx, { id: accountId, type: 'girl' }, random, options.rubPerUsd);

  const topAt = clock.at(TOP_DAY, 11);
  const topUntil = new Date(topAt.getTime() + TOP_PLACEMENT.days * DAY_MS);
  const topPrice = await pricing.kopecksOf(tx, 'models_boosting', PROMOTION_PRICE_CODES.top, profile.city);
  await wallet.pay(
    topPrice,
    topAt,
    {
      reference: `top:${profile.id}:demo-history`,
      metadata: { item: PROMOTION_PRICE_CODES.top, profileId: profile.id },
    },
    TOP_UP_STEP,
  );
  const bumpAt = clock.at(BUMP_DAY, 19.5);
  const bumpPrice = await pricing.kopecksOf(tx, 'models_boosting', PROMOTION_PRICE_CODES.bump, profile.city);
  await wallet.pay(
    bumpPrice,
    bumpAt,
    {
      reference: `bump:${profile.id}:demo-history`,
      metadata: { item: PROMOTION_PRICE_CODES.bump, profileId: profile.id },
    },
    TOP_UP_STEP,
  );
  await wallet.topUp(TOP_UP_STEP, clock.at(LAST_TOP_UP_DAY, 12));

  // The profile shows what she bought, unless the catalogue's own seed gave it something later.
  await tx
    .update(modelProfiles)
    .set({
      bumpedAt: profile.bumpedAt && profile.bumpedAt > bumpAt ? profile.bumpedAt : bumpAt,
      topUntil: profile.topUntil && profile.topUntil > topUntil ? profile.topUntil : topUntil,
    })
    .where(eq(modelProfiles.id, profile.id));

  // Index of a day in the history: the first is 29 days ago.
  const indexOf = (daysAgo: number) => clock.days.length - 1 + daysAgo;
  const views = dailyCurve(random, clock, clock.days, {
    base: 36,
    trend: [0.82, 1.12],
    boost: (index) => {
      if (index >= indexOf(TOP_DAY) && index < indexOf(TOP_DAY) + TOP_PLACEMENT.days) return 1.75;
      if (index === indexOf(BUMP_DAY) + 1) return 1.45;
      if (index === indexOf(BUMP_DAY) + 2) return 1.2;
      return 1;
    },
  });
  const rows = clock.days.flatMap((day, index) =>
    Array.from({ length: views[index] ?? 0 }, (_, n) => ({
      profileId: profile.id,
      day,
      visitorKey: demoVisitorKey(`${profile.id}|${day}|${n}`),
      createdAt: clock.at(index - (clock.days.length - 1), 10),
    })),
  );
  for (const batch of chunks(rows)) await tx.insert(profileViews).values(batch);

  await insertNotifications(tx, accountId, [
    {
      kind: 'top_placement',
      params: { profileName: profile.name, city: profile.city, until: topUntil.toISOString() },
      at: topAt,
      readAt: clock.at(TOP_DAY, 13),
    },
    {
      kind: 'raised_in_city',
      params: { profileName: profile.name, city: profile.city, price: bumpPrice / 100 },
      at: bumpAt,
      readAt: clock.at(BUMP_DAY, 21),
    },
    {
      kind: 'profile_approved',
      params: { profileName: profile.name },
      at: clock.ago(5),
      readAt: null,
    },
  ]);
}
