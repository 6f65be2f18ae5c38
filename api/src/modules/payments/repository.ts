import { type PaymentProviderName, REFUSED_PAYMENT_WEBHOOK_OUTCOMES } from 'contracts';
import { and, count, desc, eq, getTableColumns, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ledgerTransactions, paymentOrders, paymentWebhooks, promoCodes } from '../../db/schema';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
/** An order with the code of the promo sent with it, as its owner reads it. */
export type OwnPaymentOrder = PaymentOrderRow & { promoCode: string | null };
export type NewPaymentOrder = typeof paymentOrders.$inferInsert;
export type PaymentWebhookRow = typeof paymentWebhooks.$inferSelect;
export type NewPaymentWebhook = typeof paymentWebhooks.$inferInsert;
export type { PaymentWebhookOutcome } from '../../db/schema';

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

    /**
     * Deletes up to `limit` refused webhooks (bad signature, not an IPN, unknown order) that
     * arrived before `before`, oldest first; never one about an order or one that credited.
     * Answers how many went.
     */
    async deleteRefusedWebhooks(before: Date, limit: number): Promise<number> {
      const due = db
        .select({ id: paymentWebhooks.id })
        .from(paymentWebhooks)
        .where(
          and(
            inArray(paymentWebhooks.outcome, [...REFUSED_PAYMENT_WEBHOOK_OUTCOMES]),
            isNull(paymentWebhooks.orderId),
            isNull(paymentWebhooks.ledgerTransactionId),
            lt(paymentWebhooks.receivedAt, before),
          ),
        )
        .orderBy(paymentWebhooks.receivedAt)
        .limit(limit);
      const deleted = await db
        .delete(paymentWebhooks)
        .where(inArray(paymentWebhooks.id, due))
        .returning({ id: paymentWebhooks.id });
      return deleted.length;
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

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  // Both drivers (node-postgres and PGlite) answer raw queries with `rows`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The reconciliation's reads across the ledger, the orders and the webhooks, in raw SQL over the
 * tables' names (both drivers answer them alike). Only reads.
 */
export function createReconcileRepository(db: Database) {
  return {
    /** Top-up credits without exactly one verified crediting webhook linked to them. */
    topUpsWithoutOneWebhook() {
      return rows<{
        id: number;
        reference: string;
        verified: number;
        linked: number;
      }>(
        db,
        sql`select t.id, t.reference,
              count(w.id) filter (where w.signature_valid and w.outcome = 'credited')::int as verified,
              count(w.id)::int as linked
            from ledger_transactions t
            left join payment_webhooks w on w.ledger_transaction_id = t.id
            where t.kind = 'top_up'
            group by t.id, t.reference
            having count(w.id) filter (where w.signature_valid and w.outcome = 'credited') <> 1 or count(w.id) <> 1
            order by t.id`,
      );
    },

    /** Webhooks that name a ledger transaction that is not a verified top-up. */
    creditsWithoutTopUp() {
      return rows<{ id: number }>(
        db,
        sql`select w.id from payment_webhooks w
            left join ledger_transactions t on t.id = w.ledger_transaction_id
            where w.ledger_transaction_id is not null
              and (w.outcome <> 'credited' or not w.signature_valid or t.kind is distinct from 'top_up')
            order by w.id`,
      );
    },

    /** Orders whose credited amount differs from their webhooks' ledger credits, or credited in a status that credits nothing. */
    ordersOff() {
      return rows<{ id: string; status: string; credited: string; ledger: string }>(
        db,
        sql`select o.id, o.status, o.credited_kopecks as credited, coalesce(sum(e.amount_kopecks), 0) as ledger
            from payment_orders o
            left join payment_webhooks w on w.order_id = o.id and w.ledger_transaction_id is not null
            left join ledger_entries e on e.transaction_id = w.ledger_transaction_id and e.account_id = o.account_id
            group by o.id
            having o.credited_kopecks <> coalesce(sum(e.amount_kopecks), 0)
              or (o.credited_kopecks > 0 and o.status not in ('finished', 'partially_paid'))
            order by o.created_at`,
      );
    },

    /** Orders whose bonus differs from what the ledger holds for it. */
    bonusesOff() {
      return rows<{ id: string; bonus: string; ledger: string }>(
        db,
        sql`select o.id, o.bonus_kopecks as bonus, coalesce(sum(e.amount_kopecks), 0) as ledger
            from payment_orders o
            left join ledger_transactions t on t.kind = 'top_up_bonus' and t.metadata->>'orderId' = o.id::text
            left join ledger_entries e on e.transaction_id = t.id and e.account_id = o.account_id
            group by o.id
            having o.bonus_kopecks <> coalesce(sum(e.amount_kopecks), 0)
            order by o.created_at`,
      );
    },

    /** Bonus transactions of no credited order. */
    orphanBonuses() {
      return rows<{ id: number; reference: string }>(
        db,
        sql`select t.id, t.reference from ledger_transactions t
            where t.kind = 'top_up_bonus'
              and not exists (
                select 1 from payment_orders o
                where o.id::text = t.metadata->>'orderId' and o.credited_kopecks > 0
              )
            order by t.id`,
      );
    },

    /** Count and kopecks credited to users by top-ups and by their bonuses, per kind. */
    sums() {
      return rows<{ kind: string; count: number; kopecks: string }>(
        db,
        sql`select t.kind, count(distinct t.id)::int as count, coalesce(sum(e.amount_kopecks), 0) as kopecks
            from ledger_transactions t
            join ledger_entries e on e.transaction_id = t.id and e.account_id is not null
            where t.kind in ('top_up', 'top_up_bonus')
            group by t.kind`,
      );
    },

    /** Stored webhooks per outcome. */
    outcomes() {
      return rows<{ outcome: string; count: number }>(
        db,
        sql`select outcome, count(*)::int as count from payment_webhooks group by outcome order by outcome`,
      );
    },

    /** How many accounts and ledger transactions there are. */
    async counts() {
      const [counts] = await rows<{ accounts: number; transactions: number }>(
        db,
        sql`select (select count(*) from accounts)::int as accounts,
                   (select count(*) from ledger_transactions)::int as transactions`,
      );
      return counts;
    },
  };
}
