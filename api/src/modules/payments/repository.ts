import type { PaymentProviderName } from 'contracts';
import { and, count, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ledgerTransactions, paymentOrders, paymentWebhooks, promoCodes } from '../../db/schema';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
/** An order with the code of the promo sent with it, as its owner reads it. */
export type OwnPaymentOrder = PaymentOrderRow & { promoCode: string | null };
export type NewPaymentOrder = typeof paymentOrders.$inferInsert;
export type PaymentWebhookRow = typeof paymentWebhooks.$inferSelect;
export type NewPaymentWebhook = typeof paymentWebhooks.$inferInsert;

const withPromoCode = { ...getTableColumns(paymentOrders), promoCode: promoCodes.code };

/** Top-up orders and the webhooks about them. `db` may be a transaction. */
export function createPaymentsRepository(db: Database) {
  const ownOrders = () =>
    db
      .select(withPromoCode)
      .from(paymentOrders)
      .leftJoin(promoCodes, eq(promoCodes.id, paymentOrders.promoCodeId));
  return {
    async insertOrder(values: NewPaymentOrder): Promise<PaymentOrderRow> {
      const [row] = await db.insert(paymentOrders).values(values).returning();
      if (!row) throw new Error('payment order was not created');
      return row;
    },

    async updateOrder(id: string, patch: Partial<NewPaymentOrder>): Promise<PaymentOrderRow> {
      const [row] = await db
        .update(paymentOrders)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(paymentOrders.id, id))
        .returning();
      if (!row) throw new Error(`payment order ${id} is missing`);
      return row;
    },

    /** The order; with `forUpdate` its row stays locked until the transaction ends. */
    async findOrder(id: string, { forUpdate = false } = {}): Promise<PaymentOrderRow | null> {
      const query = db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    async findOwnOrder(accountId: number, id: string): Promise<OwnPaymentOrder | null> {
      const [row] = await ownOrders().where(
        and(eq(paymentOrders.id, id), eq(paymentOrders.accountId, accountId)),
      );
      return row ?? null;
    },

    /** One page of the account's orders, newest first. */
    async listOwnOrders(
      accountId: number,
      page: number,
      perPage: number,
    ): Promise<{ rows: OwnPaymentOrder[]; total: number }> {
      const rows = await ownOrders()
        .where(eq(paymentOrders.accountId, accountId))
        .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [total] = await db
        .select({ n: count() })
        .from(paymentOrders)
        .where(eq(paymentOrders.accountId, accountId));
      return { rows, total: total?.n ?? 0 };
    },

    /** Another order that the gateway's payment is already bound to, if any. */
    async otherOrderOfPayment(
      provider: PaymentProviderName,
      paymentId: string,
      orderId: string,
    ): Promise<string | null> {
      const [row] = await db
        .select({ id: paymentOrders.id })
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.provider, provider),
            eq(paymentOrders.providerPaymentId, paymentId),
            ne(paymentOrders.id, orderId),
          ),
        );
      return row?.id ?? null;
    },

    async insertWebhook(values: NewPaymentWebhook): Promise<number> {
      const [row] = await db.insert(paymentWebhooks).values(values).returning({ id: paymentWebhooks.id });
      if (!row) throw new Error('payment webhook was not stored');
      return row.id;
    },

    async finishWebhook(
      id: number,
      outcome: PaymentWebhookRow['outcome'],
      ledgerTransactionId: number | null = null,
    ): Promise<void> {
      await db
        .update(paymentWebhooks)
        .set({ outcome, ledgerTransactionId, processedAt: sql`now()` })
        .where(eq(paymentWebhooks.id, id));
    },

    async webhooksOf(orderId: string): Promise<PaymentWebhookRow[]> {
      return db
        .select()
        .from(paymentWebhooks)
        .where(eq(paymentWebhooks.orderId, orderId))
        .orderBy(paymentWebhooks.id);
    },

    /** Whether a ledger transaction with this reference exists. */
    async ledgerReferenceExists(reference: string): Promise<boolean> {
      const [row] = await db
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.reference, reference));
      return row !== undefined;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
