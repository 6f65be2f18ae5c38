import type { ProfileViewsDay } from 'contracts';
import { and, between, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { modelProfiles, profileIsVisible, profileViews, siteVisits } from '../../db/schema';

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A chart of more than a year and a bit is not what this is for; it also bounds the loop below. */
const MAX_RANGE_DAYS = 400;

export function createAnalyticsRepository(db: Database) {
  return {
    /** Counts the visitor once per day; true when this was the first visit of the day. */
    async recordVisit(day: string, visitorKey: string): Promise<boolean> {
      const inserted = await db
        .insert(siteVisits)
        .values({ day, visitorKey })
        .onConflictDoNothing()
        .returning({ day: siteVisits.day });
      return inserted.length > 0;
    },

    /**
     * Counts a view of a visible profile once per visitor per day. 'hidden' when the profile is
     * missing, blocked or unpublished; 'counted' also when the visitor had already been counted.
     */
    async recordProfileView(
      profileId: number,
      day: string,
      visitorKey: string,
    ): Promise<'counted' | 'hidden'> {
      const [visible] = await db
        .select({ id: modelProfiles.id })
        .from(modelProfiles)
        .where(and(eq(modelProfiles.id, profileId), profileIsVisible));
      if (!visible) return 'hidden';
      await db.insert(profileViews).values({ profileId, day, visitorKey }).onConflictDoNothing();
      return 'counted';
    },

    /**
     * Views of one profile per day from `from` to `to` (YYYY-MM-DD, both included), days without
     * views as 0, oldest first; empty when `from` is after `to`.
     */
    async viewsByDay(profileId: number, from: string, to: string): Promise<ProfileViewsDay[]> {
      const start = Date.parse(`${from}T00:00:00Z`);
      const end = Date.parse(`${to}T00:00:00Z`);
      if (!ISO_DAY.test(from) || !ISO_DAY.test(to) || Number.isNaN(start) || Number.isNaN(end)) {
        throw new RangeError(`viewsByDay needs YYYY-MM-DD days, not ${from} and ${to}`);
      }
      if (end - start > MAX_RANGE_DAYS * DAY_MS)
        throw new RangeError(`viewsByDay covers at most ${MAX_RANGE_DAYS} days`);
      const rows = await db
        .select({ day: profileViews.day, views: count() })
        .from(profileViews)
        .where(and(eq(profileViews.profileId, profileId), between(profileViews.day, from, to)))
        .groupBy(profileViews.day);
      const viewsOn = new Map(rows.map((row) => [row.day, row.views]));
      const days: ProfileViewsDay[] = [];
      for (let at = start; at <= end; at += DAY_MS) {
        const day = new Date(at).toISOString().slice(0, 10);
        days.push({ day, views: viewsOn.get(day) ?? 0 });
      }
      return days;
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
