import {
  type Category,
  type Locale,
  MODEL_ALTERNATIVES_LIMIT,
  type ModelAlternativesResponse,
  type ModelCard,
  RECOMMENDATIONS_LIMIT,
} from 'contracts';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, modelProfiles, profileIsVisible } from '../../db/schema';
import { listingOrder, selectCards, toCardWithPhoto } from '../catalog/repository';

/** Where a profile is (or was) listed. */
export interface ListedPlace {
  category: Category;
  city: { id: number; slug: string; nameRu: string; nameEn: string } | null;
}

export function createRecommendationRepository(db: Database) {
  /**
   * Visible profiles but `exceptId` of `place`: same city and category first, then the same
   * category elsewhere, then other categories in the same city; within each group the listing's
   * own order.
   */
  async function like(
    place: { category: Category; cityId: number | null },
    exceptId: number,
    limit: number,
    locale: Locale,
  ) {
    // No city (a profile that never had one) matches no profile's city.
    const cityId = place.cityId ?? -1;
    const sameCategory = eq(modelProfiles.category, place.category);
    const sameCity = eq(modelProfiles.cityId, cityId);
    const group = sql`case when ${sameCategory} and ${sameCity} then 0 when ${sameCategory} then 1 else 2 end`;

    const rows = await selectCards(db)
      .where(and(profileIsVisible, ne(modelProfiles.id, exceptId), or(sameCategory, sameCity)))
      .orderBy(group, ...listingOrder)
      .limit(limit);
    return rows.map((row) => toCardWithPhoto(row, locale));
  }

  /** The listing's first visible profiles but `exceptId`, as its first page shows them. */
  async function first(exceptId: number, limit: number, locale: Locale): Promise<ModelCard[]> {
    const rows = await selectCards(db)
      .where(and(profileIsVisible, ne(modelProfiles.id, exceptId)))
      .orderBy(...listingOrder)
      .limit(limit);
    return rows.map((row) => toCardWithPhoto(row, locale));
  }

  return {
    /**
     * Visible profiles like the visible profile `id` (see `like`). Null when `id` is not a
     * visible profile.
     */
    async similarTo(id: number, locale: Locale): Promise<ModelCard[] | null> {
      const [source] = await db
        .select({ category: modelProfiles.category, cityId: modelProfiles.cityId })
        .from(modelProfiles)
        .where(and(eq(modelProfiles.id, id), profileIsVisible));
      if (!source) return null;
      return like(source, id, RECOMMENDATIONS_LIMIT, locale);
    },

    /** The category and city of profile `id`, visible or not; null when there is no such row. */
    async placeOf(id: number): Promise<ListedPlace | null> {
      const [row] = await db
        .select({
          category: modelProfiles.category,
          cityId: cities.id,
          slug: cities.slug,
          nameRu: cities.nameRu,
          nameEn: cities.nameEn,
        })
        .from(modelProfiles)
        .leftJoin(cities, eq(cities.id, modelProfiles.cityId))
        .where(eq(modelProfiles.id, id));
      if (!row) return null;
      const { category, cityId, slug, nameRu, nameEn } = row;
      return {
        category,
        city:
          cityId !== null && slug !== null && nameRu !== null && nameEn !== null
            ? { id: cityId, slug, nameRu, nameEn }
            : null,
      };
    },

    /**
     * What to offer instead of profile `id`: profiles like it from `place` (where it was listed)
     * with that place, or, when there is no place or nothing is left there, the listing's first
     * profiles and no place.
     */
    async alternativesTo(
      id: number,
      place: ListedPlace | null,
      locale: Locale,
    ): Promise<ModelAlternativesResponse> {
      const nearby = place
        ? await like(
            { category: place.category, cityId: place.city?.id ?? null },
            id,
            MODEL_ALTERNATIVES_LIMIT,
            locale,
          )
        : [];
      if (!place || nearby.length === 0) {
        return { category: null, city: null, items: await first(id, MODEL_ALTERNATIVES_LIMIT, locale) };
      }
      const { city } = place;
      return {
        category: place.category,
        city: city ? { slug: city.slug, name: { ru: city.nameRu, en: city.nameEn } } : null,
        items: nearby,
      };
    },
  };
}
