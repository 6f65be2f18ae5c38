import { type AdminActionName, type Category, hasApprovedVersion } from 'contracts';
import { and, asc, count, eq, gt, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminActions, cities, modelProfiles, profileIsVisible } from '../../db/schema';

/** A listing of one category in one city that has at least one visible profile. */
export interface CityPage {
  category: Category;
  /** The city's slug: the listing's `city` query parameter. */
  city: string;
  /** The latest change of the profiles it lists. */
  lastmod: Date;
}

/** A visible profile's page. */
export interface ProfilePage {
  id: number;
  lastmod: Date;
}

/** Rows read per query while a sitemap file is written. */
const CHUNK = 5_000;

/** A visitor sees the approved version: it changes when it is approved (or blocked, bumped...). */
const lastmodOf = sql`greatest(${modelProfiles.updatedAt}, ${modelProfiles.publishedAt})`;

const APPROVE: AdminActionName = 'profile.approve';

export function createSeoRepository(db: Database) {
  return {
    /** Visible profiles, by the listing's own rule (`profileIsVisible`). */
    async countProfiles(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(modelProfiles).where(profileIsVisible);
      return row?.n ?? 0;
    },

    /** Every category-and-city listing with a visible profile, by city then category. */
    async cityPages(): Promise<CityPage[]> {
      return db
        .select({
          category: modelProfiles.category,
          city: cities.slug,
          lastmod: max(lastmodOf).mapWith(modelProfiles.updatedAt),
        })
        .from(modelProfiles)
        .innerJoin(cities, eq(cities.id, modelProfiles.cityId))
        .where(profileIsVisible)
        .groupBy(cities.sort, cities.slug, modelProfiles.category)
        .orderBy(asc(cities.sort), asc(cities.slug), asc(modelProfiles.category)) as Promise<CityPage[]>;
    },

    /**
     * `limit` visible profiles by id from the `offset`-th on, in chunks: the first chunk skips
     * `offset` rows, the next ones continue after the last id read (keyset), so a file of 25,000
     * profiles never holds more than one chunk in memory and never re-reads what it skipped.
     */
    async *profiles(offset: number, limit: number): AsyncGenerator<ProfilePage[]> {
      let remaining = limit;
      let after: number | null = null;
      while (remaining > 0) {
        const size = Math.min(CHUNK, remaining);
        const rows: ProfilePage[] = await db
          .select({ id: modelProfiles.id, lastmod: sql`${lastmodOf}`.mapWith(modelProfiles.updatedAt) })
          .from(modelProfiles)
          .where(after === null ? profileIsVisible : and(profileIsVisible, gt(modelProfiles.id, after)))
          .orderBy(asc(modelProfiles.id))
          .limit(size)
          .offset(after === null ? offset : 0);
        if (rows.length > 0) yield rows;
        const last = rows.at(-1);
        if (!last || rows.length < size) return;
        remaining -= rows.length;
        after = last.id;
      }
    },

    /**
     * Whether a profile that a visitor cannot see now was ever published: it had an approved
     * version (blocked, held, hidden by its owner or expired since), or it was deleted after a
     * moderator approved it (the audit log keeps the approval). Drafts, profiles never approved
     * and ids that never existed were not.
     */
    async wasPublished(id: number): Promise<boolean> {
      const [row] = await db
        .select({ status: modelProfiles.status, publishedAt: modelProfiles.publishedAt })
        .from(modelProfiles)
        .where(eq(modelProfiles.id, id));
      if (row) return row.publishedAt !== null || hasApprovedVersion(row.status);
      const [approval] = await db
        .select({ id: adminActions.id })
        .from(adminActions)
        .where(
          and(
            eq(adminActions.targetType, 'profile'),
            eq(adminActions.targetId, id),
            eq(adminActions.action, APPROVE),
          ),
        )
        .limit(1);
      return approval !== undefined;
    },
  };
}

export type SeoRepository = ReturnType<typeof createSeoRepository>;
