import type { PriceItem, PriceList } from 'contracts';
import { and, asc, eq } from 'drizzle-orm';
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

    /** An item's two prices in dollars (Moscow and St Petersburg, everywhere else); null when missing. */
    async pricesOf(list: PriceList, code: string): Promise<{ mskSpb: number; other: number } | null> {
      const [item] = await db
        .select({ mskSpb: priceItems.mskSpbPrice, other: priceItems.otherPrice })
        .from(priceItems)
        .where(and(eq(priceItems.list, list), eq(priceItems.code, code)));
      return item ?? null;
    },
  };
}
