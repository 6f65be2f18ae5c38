import type { AdminPaymentOrderQuery, PromoCodeCreateBody } from 'contracts';
import { AD_TIME_ZONE } from 'contracts/campaigns';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { accounts, paymentOrders, paymentWebhooks, promoCodes } from '../../../db/schema';
import type { Page } from '../../../lib/paging';

export type OrderRow = typeof paymentOrders.$inferSelect;
export type PromoRow = typeof promoCodes.$inferSelect;

export type OrderFilters = Pick<AdminPaymentOrderQuery, 'status' | 'accountId'>;

function whereOrders(filters: OrderFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(paymentOrders.status, filters.status));
  if (filters.accountId) where.push(eq(paymentOrders.accountId, filters.accountId));
  return where.length > 0 ? and(...where) : undefined;
}

/** A page of the top-up orders, newest first, with their account's e-mail. */
export function ordersPage(db: Database, filters: OrderFilters, page: Page) {
  return db
    .select({ order: paymentOrders, email: accounts.email })
    .from(paymentOrders)
    .innerJoin(accounts, eq(accounts.id, paymentOrders.accountId))
    .where(whereOrders(filters))
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(page.perPage)
    .offset(page.offset);
}

export async function orderCount(db: Database, filters: OrderFilters): Promise<number> {
  const [total] = await db.select({ n: count() }).from(paymentOrders).where(whereOrders(filters));
  return total?.n ?? 0;
}

/** One order with its account's e-mail; null when there is none. */
export async function orderWithEmail(
  db: Database,
  id: string,
): Promise<{ order: OrderRow; email: string } | null> {
  const [row] = await db
    .select({ order: paymentOrders, email: accounts.email })
    .from(paymentOrders)
    .innerJoin(accounts, eq(accounts.id, paymentOrders.accountId))
    .where(eq(paymentOrders.id, id));
  return row ?? null;
}

/** Every webhook about an order, as it arrived, oldest first. */
export function webhooksOfOrder(db: Database, orderId: string) {
  return db
    .select()
    .from(paymentWebhooks)
    .where(eq(paymentWebhooks.orderId, orderId))
    .orderBy(asc(paymentWebhooks.receivedAt), asc(paymentWebhooks.id));
}

export async function accountExists(db: Database, accountId: number): Promise<boolean> {
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  return account !== undefined;
}

/** A page of the promo codes, newest first. */
export function promoCodesPage(db: Database, page: Page): Promise<PromoRow[]> {
  return db
    .select()
    .from(promoCodes)
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
    .limit(page.perPage)
    .offset(page.offset);
}

export async function promoCodeCount(db: Database): Promise<number> {
  const [total] = await db.select({ n: count() }).from(promoCodes);
  return total?.n ?? 0;
}

/** Promo codes are valid from the start of `validFrom` to the end of `validUntil`, Moscow time. */
const dayStart = (day: string, plusDays = 0): SQL =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${AD_TIME_ZONE})`;

/** Stores a new promo code; null when the code is taken. */
export async function insertPromoCode(tx: Database, body: PromoCodeCreateBody): Promise<PromoRow | null> {
  const [row] = await tx
    .insert(promoCodes)
    .values({
      code: body.code,
      promoType: body.promoType,
      amount: body.amount,
      accountType: body.accountType ?? null,
      maxActivations: body.maxActivations ?? null,
      validFrom: body.validFrom ? dayStart(body.validFrom) : null,
      validUntil: body.validUntil ? dayStart(body.validUntil, 1) : null,
      descriptionRu: body.descriptionRu,
      descriptionEn: body.descriptionEn,
    })
    .onConflictDoNothing({ target: promoCodes.code })
    .returning();
  return row ?? null;
}

/** A promo code's row, locked until the transaction ends; null when there is none. */
export async function lockPromoCode(tx: Database, id: number): Promise<PromoRow | null> {
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
  return row ?? null;
}

/** Switches a promo code off; null when there is none. */
export async function deactivatePromoCode(tx: Database, id: number): Promise<PromoRow | null> {
  const [updated] = await tx
    .update(promoCodes)
    .set({ isActive: false })
    .where(eq(promoCodes.id, id))
    .returning();
  return updated ?? null;
}
