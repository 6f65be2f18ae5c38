import type { PriceItem, PriceItemBody, PriceItemParams, PriceList } from 'contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { priceItems } from '../../db/schema';

export type PriceRow = typeof priceItems.$inferSelect;

export function createPriceRepository(db: Database) {
  const itemIs = (item: PriceItemParams) =>
    and(eq(priceItems.list, item.list), eq(priceItems.code, item.code));
  return {
    /** Every line of every list, as the administration edits them. */
    all(): Promise<PriceRow[]> {
      return db
        .select()
        .from(priceItems)
        .orderBy(asc(priceItems.list), asc(priceItems.sort), asc(priceItems.id));
    },

    /** One line, locked until the caller's transaction ends; null when the list and code name none. */
    async lock(item: PriceItemParams): Promise<PriceRow | null> {
      const [row] = await db.select().from(priceItems).where(itemIs(item)).for('update');
      return row ?? null;
    },

    /** Changes one line's titles and prices; null when the list and code name none. */
    async update(item: PriceItemParams, body: PriceItemBody): Promise<PriceRow | null> {
      const [row] = await db
        .update(priceItems)
        .set({
          titleRu: body.titleRu,
          titleEn: body.titleEn,
          mskSpbPrice: body.mskSpbPrice,
          otherPrice: body.otherPrice,
        })
        .where(itemIs(item))
        .returning();
      return row ?? null;
    },

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

    /** The two prices in dollars of these items of a list (those that exist). */
    pricesOfCodes(list: PriceList, codes: string[]) {
      return db
        .select({ code: priceItems.code, mskSpb: priceItems.mskSpbPrice, other: priceItems.otherPrice })
        .from(priceItems)
        .where(and(eq(priceItems.list, list), inArray(priceItems.code, codes)));
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
