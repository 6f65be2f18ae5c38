import { type AdPlacement, AD_MAX_START_AHEAD_DAYS, addDays } from 'contracts';
import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adBookings } from '../../db/schema';

/** Advisory lock namespaces of bookings: the `everywhere` gate, and one lock per placement key. */
const GATE_LOCK = 7_310_015;
const KEY_LOCK = 7_310_016;

export const EVERYWHERE = 'everywhere';

/** The placement keys a campaign books: `main`, `everywhere`, or one `city:<slug>` per city. */
export function keysOf(placement: AdPlacement, citySlugs: readonly string[]): string[] {
  if (placement === 'main') return ['main'];
  if (placement === 'everywhere') return [EVERYWHERE];
  return [...new Set(citySlugs)].sort().map((slug) => `city:${slug}`);
}

/**
 * Takes the booking locks of `keys` for the rest of the transaction, always in one order so two
 * bookings never wait on each other crosswise. An `everywhere` booking shares days with every page,
 * so it takes the gate exclusively; a booking of the main page or of cities takes it shared (they
 * run side by side) and then its own keys, sorted.
 */
export async function lockKeys(tx: Database, keys: readonly string[]): Promise<void> {
  const everywhere = keys.includes(EVERYWHERE);
  await tx.execute(
    everywhere
      ? sql`select pg_advisory_xact_lock(${GATE_LOCK}, 0)`
      : sql`select pg_advisory_xact_lock_shared(${GATE_LOCK}, 0)`,
  );
  for (const key of [...keys].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK}, hashtext(${key}))`);
  }
}

/**
 * Free slots per day for a placement: a page (the main page, a city) shows at most `slots` ads a
 * day, counting those booked everywhere; an `everywhere` booking needs a slot on every page, so its
 * free count is what the fullest page has left. `excludeCampaign` leaves a campaign's own days out.
 */
export async function freeByDay(
  db: Database,
  keys: readonly string[],
  from: string,
  to: string,
  slots: number,
  excludeCampaign?: number,
): Promise<Map<string, number>> {
  const everywhere = keys.includes(EVERYWHERE);
  const rows = await db
    .select({ key: adBookings.key, day: adBookings.day, n: sql<number>`count(*)::int` })
    .from(adBookings)
    .where(
      and(
        gte(adBookings.day, from),
        lte(adBookings.day, to),
        everywhere ? undefined : inArray(adBookings.key, [...keys, EVERYWHERE]),
        excludeCampaign === undefined ? undefined : sql`${adBookings.campaignId} <> ${excludeCampaign}`,
      ),
    )
    .groupBy(adBookings.key, adBookings.day);
  const booked = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const day = booked.get(row.day) ?? new Map<string, number>();
    day.set(row.key, row.n);
    booked.set(row.day, day);
  }
  const free = new Map<string, number>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const counts = booked.get(day) ?? new Map<string, number>();
    const all = counts.get(EVERYWHERE) ?? 0;
    let taken: number;
    if (everywhere) {
      let fullest = 0;
      for (const [key, n] of counts) if (key !== EVERYWHERE) fullest = Math.max(fullest, n);
      taken = all + fullest;
    } else {
      taken = all + Math.max(0, ...keys.map((key) => counts.get(key) ?? 0));
    }
    free.set(day, Math.max(0, slots - taken));
  }
  return free;
}

/**
 * The nearest day from `from` on which a campaign of `days` days finds a free slot every day, or
 * null when none starts within AD_MAX_START_AHEAD_DAYS of `today`.
 */
export async function nearestFreeStart(
  db: Database,
  keys: readonly string[],
  from: string,
  today: string,
  days: number,
  slots: number,
  excludeCampaign?: number,
): Promise<string | null> {
  const lastStart = addDays(today, AD_MAX_START_AHEAD_DAYS);
  if (from > lastStart) return null;
  const free = await freeByDay(db, keys, from, addDays(lastStart, days - 1), slots, excludeCampaign);
  let run = 0;
  for (let day = from; day <= addDays(lastStart, days - 1); day = addDays(day, 1)) {
    run = (free.get(day) ?? 0) > 0 ? run + 1 : 0;
    if (run === days) return addDays(day, -(days - 1));
  }
  return null;
}
