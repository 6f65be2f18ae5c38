import type { ServiceListResponse } from 'contracts';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { services } from '../../db/schema';

export function createServiceRepository(db: Database) {
  return {
    /** The whole catalogue, by category and then in display order. */
    async list(): Promise<ServiceListResponse> {
      const rows = await db
        .select({
          category: services.category,
          code: services.code,
          ru: services.nameRu,
          en: services.nameEn,
        })
        .from(services)
        .orderBy(asc(services.category), asc(services.sort), asc(services.id));
      return { items: rows.map(({ ru, en, ...item }) => ({ ...item, name: { ru, en } })) };
    },
  };
}
