import type { AdPlacement } from 'contracts';
import { AD_MAX_START_AHEAD_DAYS, addDays } from 'contracts/campaigns';
import type { Database } from '../../db/client';
import { bookingsByKeyAndDay, EVERYWHERE } from './repository';

/** The placement keys a campaign books: `main`, `everywhere`, or one `city:<slug>` per city. */
export function keysOf(placement: AdPlacement, citySlugs: readonly string[]): string[] {
  if (placement === 'main') return ['main'];
  if (placement === 'everywhere') return [EVERYWHERE];
  return [...new Set(citySlugs)].sort().map((slug) => `city:${slug}`);
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
  const rows = await bookingsByKeyAndDay(
    db,
    everywhere ? null : [...keys, EVERYWHERE],
    from,
    to,
    excludeCampaign,
  );
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
