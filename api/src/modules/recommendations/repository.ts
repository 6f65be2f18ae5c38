import { type Locale, type ModelCard, RECOMMENDATIONS_LIMIT } from 'contracts';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { modelProfiles, profileIsVisible } from '../../db/schema';
import { listingOrder, selectCards, toCardWithPhoto } from '../catalog/repository';

export function createRecommendationRepository(db: Database) {
  return {
    /**
     * Visible profiles like the visible profile `id`: same city and category first, then the
     * same category elsewhere, then other categories in the same city; within each group the
     * listing's own order. Null when `id` is not a visible profile.
     */
    async similarTo(id: number, locale: Locale): Promise<ModelCard[] | null> {
      const [source] = await db
        .select({ category: modelProfiles.category, cityId: modelProfiles.cityId })
        .from(modelProfiles)
        .where(and(eq(modelProfiles.id, id), profileIsVisible));
      if (!source) return null;
      // Visible profiles always have a city (CHECK model_profiles_listed_complete).
      const cityId = source.cityId ?? -1;
      const sameCategory = eq(modelProfiles.category, source.category);
      const sameCity = eq(modelProfiles.cityId, cityId);
      const group = sql`case when ${sameCategory} and ${sameCity} then 0 when ${sameCategory} then 1 else 2 end`;

      const rows = await selectCards(db)
        .where(and(profileIsVisible, ne(modelProfiles.id, id), or(sameCategory, sameCity)))
        .orderBy(group, ...listingOrder)
        .limit(RECOMMENDATIONS_LIMIT);
      return rows.map((row) => toCardWithPhoto(row, locale));
    },
  };
}
