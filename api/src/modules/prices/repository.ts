import type { PriceItem, PriceList } from 'contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { priceItems } from '../../db/schema';

export function createPriceRepository(db: Database) {
  return {
    /** One list in the order the price page shows it. */
    async list(list: PriceList): Promise<PriceItem[]> {
      const rows = await db
        .select()
        .from(priceItems)
        .where(eq(priceItems.list, list))
        .orderBy(asc(priceItems.sort), asc(priceItems.id));
      return rows.map((row) => ({
        code: row.code,
        title: { ru: row.titleRu, en: row.titleEn },
        mskSpbPrice: row.mskSpbPrice,
        otherPrice: row.otherPrice,
      }));
    },
  };
}
