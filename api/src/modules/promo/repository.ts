import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { promoActivations, promoCodes } from '../../db/schema';

export type PromoRow = typeof promoCodes.$inferSelect;
export type NewPromo = typeof promoCodes.$inferInsert;

/** Promo codes and their activations. `db` may be a transaction. */
export function createPromoRepository(db: Database) {
  return {
    /** The code's row; with `forUpdate` it stays locked until the transaction ends. */
    async findByCode(code: string, { forUpdate = false } = {}): Promise<PromoRow | null> {
      const query = db.select().from(promoCodes).where(eq(promoCodes.code, code));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    async hasActivated(promoId: number, accountId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: promoActivations.id })
        .from(promoActivations)
        .where(and(eq(promoActivations.promoCodeId, promoId), eq(promoActivations.accountId, accountId)));
      return row !== undefined;
    },

    /** When the activation was recorded, or null when the account had activated the code already. */
    async insertActivation(promoId: number, accountId: number): Promise<Date | null> {
      const [activation] = await db
        .insert(promoActivations)
        .values({ promoCodeId: promoId, accountId })
        .onConflictDoNothing({ target: [promoActivations.promoCodeId, promoActivations.accountId] })
        .returning({ activatedAt: promoActivations.activatedAt });
      return activation?.activatedAt ?? null;
    },

    /** Counts one activation unless the code is used up; false when it was. */
    async countActivation(promoId: number): Promise<boolean> {
      const [counted] = await db
        .update(promoCodes)
        .set({ activationCount: sql`${promoCodes.activationCount} + 1` })
        .where(
          and(
            eq(promoCodes.id, promoId),
            or(isNull(promoCodes.maxActivations), lt(promoCodes.activationCount, promoCodes.maxActivations)),
          ),
        )
        .returning({ id: promoCodes.id });
      return counted !== undefined;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(promoCodes);
      return row?.n ?? 0;
    },

    /** Inserts the codes that are not there yet; answers how many were new. */
    async insertAll(rows: NewPromo[]): Promise<number> {
      const inserted = await db
        .insert(promoCodes)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: promoCodes.id });
      return inserted.length;
    },
  };
}
