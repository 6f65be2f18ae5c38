import { randomUUID } from 'node:crypto';
import type {
  AdjustmentBody,
  AdminBalanceAdjustment,
  AdminPageQuery,
  AdminPaymentOrder,
  AdminPaymentOrderDetails,
  AdminPaymentOrderList,
  AdminPaymentOrderQuery,
  AdminPromoCode,
  AdminPromoCodeList,
  PromoCodeCreateBody,
} from 'contracts';
import { adDayOf } from 'contracts/campaigns';
import type { Database } from '../../db/client';
import { ApiError } from '../../lib/api-error';
import { pageOf, paged } from '../../lib/paging';
import { recordAdminAction } from '../audit/repository';
import { post } from '../ledger/repository';
import {
  accountExists,
  deactivatePromoCode,
  insertPromoCode,
  lockPromoCode,
  type OrderRow,
  orderCount,
  ordersPage,
  orderWithEmail,
  promoCodeCount,
  promoCodesPage,
  type PromoRow,
  webhooksOfOrder,
} from './repository/money';
import {
  type AdjustmentRow,
  decideAdjustment,
  emailsOf,
  insertAdjustment,
  lockAdjustment,
  pendingAdjustments,
} from './repository/adjustments';

const rubles = (kopecks: number) => kopecks / 100;

function toAdminOrder(order: OrderRow, email: string): AdminPaymentOrder {
  return {
    id: order.id,
    account: { id: order.accountId, email },
    provider: order.provider,
    status: order.status,
    amount: rubles(order.amountKopecks),
    amountKopecks: order.amountKopecks,
    credited: rubles(order.creditedKopecks),
    creditedKopecks: order.creditedKopecks,
    bonusPercent: order.bonusPercent,
    providerInvoiceId: order.providerInvoiceId,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export function toAdminPromo(row: PromoRow): AdminPromoCode {
  return {
    id: row.id,
    code: row.code,
    promoType: row.promoType,
    amount: row.amount,
    accountType: row.accountType,
    maxActivations: row.maxActivations,
    activationCount: row.activationCount,
    validFrom: row.validFrom ? adDayOf(row.validFrom) : null,
    // Stored as the moment it ends (exclusive): the last day is the one before.
    validUntil: row.validUntil ? adDayOf(new Date(row.validUntil.getTime() - 1)) : null,
    isActive: row.isActive,
    descriptionRu: row.descriptionRu,
    descriptionEn: row.descriptionEn,
    createdAt: row.createdAt.toISOString(),
  };
}

const ownAccount = () => new ApiError(403, 'ADJUSTMENT_OWN_ACCOUNT');

/** A pending adjustment, locked; 404 when there is none, 409 when it was already decided. */
async function lockPendingAdjustment(tx: Database, id: number): Promise<AdjustmentRow> {
  const row = await lockAdjustment(tx, id);
  if (!row) throw new ApiError(404, 'NOT_FOUND');
  if (row.status !== 'pending') throw new ApiError(409, 'ADJUSTMENT_DECIDED');
  return row;
}

/** Posts a correction to the ledger: the account's side and the system's adjustments account. */
async function postAdjustment(
  tx: Database,
  adjustment: {
    accountId: number;
    kopecks: number;
    reason: string;
    adminId: number;
    reference: string;
    requestedBy?: number | null;
  },
) {
  const { accountId, kopecks, reason, adminId, reference, requestedBy } = adjustment;
  const posted = await post(tx, {
    kind: 'adjustment',
    reference,
    metadata: { reason, adminId, ...(requestedBy == null ? {} : { requestedBy }) },
    entries: [
      [{ accountId }, kopecks],
      [{ systemAccount: 'adjustments' }, -kopecks],
    ],
  });
  // A fresh reference, or a request's under its row lock and pending status: never taken.
  if (posted.duplicate) throw new Error(`the adjustment reference ${reference} was taken`);
  return { transactionId: posted.transactionId, balance: posted.balances.get(accountId) ?? null };
}

/** Adjustments as the administration reads them; `viewerId` decides `canApprove`. */
async function adjustmentsFor(
  db: Database,
  rows: readonly AdjustmentRow[],
  viewerId: number,
): Promise<AdminBalanceAdjustment[]> {
  const emails = await emailsOf(
    db,
    rows.flatMap((row) => [row.accountId, row.requestedBy, row.decidedBy]).filter((id) => id !== null),
  );
  const who = (id: number | null) => {
    const email = id === null ? undefined : emails.get(id);
    return id === null || email === undefined ? null : { id, email };
  };
  return rows.map((row) => ({
    id: row.id,
    account: { id: row.accountId, email: emails.get(row.accountId) ?? '' },
    amount: rubles(row.amountKopecks),
    amountKopecks: row.amountKopecks,
    reason: row.reason,
    status: row.status,
    requestedBy: who(row.requestedBy),
    decidedBy: who(row.decidedBy),
    canApprove: row.status === 'pending' && row.requestedBy !== viewerId && row.accountId !== viewerId,
    transactionId: row.ledgerTransactionId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }));
}

/** The administration's side of money: top-up orders, balance corrections and promo codes. */
export function createMoneyDesk(db: Database) {
  /** Runs a posting transaction; a debit the balance cannot cover answers 409 INSUFFICIENT_BALANCE. */
  async function applyAdjustment<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE') {
        throw new ApiError(409, 'INSUFFICIENT_BALANCE');
      }
      throw error;
    }
  }

  return {
    /** Top-up orders, newest first. */
    async orders(query: AdminPaymentOrderQuery): Promise<AdminPaymentOrderList> {
      const page = pageOf(query);
      const [rows, total] = await Promise.all([ordersPage(db, query, page), orderCount(db, query)]);
      return paged(
        rows.map((row) => toAdminOrder(row.order, row.email)),
        total,
        page,
      );
    },

    /** One order with every webhook about it, as it arrived, oldest first. */
    async order(id: string): Promise<AdminPaymentOrderDetails> {
      const row = await orderWithEmail(db, id);
      if (!row) throw new ApiError(404, 'NOT_FOUND');
      const webhooks = await webhooksOfOrder(db, id);
      return {
        order: toAdminOrder(row.order, row.email),
        webhooks: webhooks.map((hook) => ({
          id: hook.id,
          receivedAt: hook.receivedAt.toISOString(),
          processedAt: hook.processedAt?.toISOString() ?? null,
          paymentStatus: hook.paymentStatus,
          outcome: hook.outcome,
          rawBody: hook.rawBody,
        })),
      };
    },

    /**
     * Corrects a balance by a new ledger transaction (never an edit), with its audit line, in one
     * database transaction. A debit the balance cannot cover changes nothing: the balance's CHECK
     * refuses it under any concurrency, and the answer is 409 INSUFFICIENT_BALANCE.
     *
     * No administrator adjusts their own balance (403 ADJUSTMENT_OWN_ACCOUNT). One of more than
     * `approvalKopecks` either way moves nothing yet: it is stored as pending, with an audit line,
     * until a second administrator approves it (`approve`); the answer is then `{ pending }`.
     */
    async adjust(
      adminId: number,
      accountId: number,
      body: AdjustmentBody,
      approvalKopecks: number,
    ): Promise<{ pending: AdminBalanceAdjustment | null }> {
      const kopecks = Math.round(body.amount * 100);
      if (accountId === adminId) throw ownAccount();
      if (Math.abs(kopecks) > approvalKopecks) {
        const row = await db.transaction(async (tx) => {
          if (!(await accountExists(tx, accountId))) throw new ApiError(404, 'USER_NOT_FOUND');
          const row = await insertAdjustment(tx, {
            accountId,
            amountKopecks: kopecks,
            reason: body.reason,
            requestedBy: adminId,
          });
          await recordAdminAction(tx, {
            adminId,
            action: 'adjustment.request',
            targetType: 'account',
            targetId: accountId,
            reason: body.reason,
            details: { adjustmentId: row.id, amount: rubles(kopecks), amountKopecks: kopecks },
          });
          return row;
        });
        return { pending: (await adjustmentsFor(db, [row], adminId))[0] ?? null };
      }
      await applyAdjustment(async (tx) => {
        if (!(await accountExists(tx, accountId))) throw new ApiError(404, 'USER_NOT_FOUND');
        const posted = await postAdjustment(tx, {
          accountId,
          kopecks,
          reason: body.reason,
          adminId,
          reference: `adjustment:${randomUUID()}`,
        });
        await recordAdminAction(tx, {
          adminId,
          action: 'account.adjust',
          targetType: 'account',
          targetId: accountId,
          reason: body.reason,
          details: {
            amount: rubles(kopecks),
            amountKopecks: kopecks,
            transactionId: posted.transactionId,
            balanceKopecks: posted.balance,
          },
        });
      });
      return { pending: null };
    },

    /** The adjustments waiting for a second administrator, of one account or all, oldest first. */
    async pendingAdjustments(viewerId: number, accountId?: number): Promise<AdminBalanceAdjustment[]> {
      return adjustmentsFor(db, await pendingAdjustments(db, accountId), viewerId);
    },

    /**
     * Approves a pending adjustment and posts it, once: the row is locked, so a second approval
     * (or a decline) at the same moment waits and then finds it decided (409 ADJUSTMENT_DECIDED),
     * and the ledger's unique reference `adjustment:request:<id>` stands beneath that. The
     * administrator who requested it cannot approve it, nor the account's own holder (403).
     * A debit the balance no longer covers changes nothing (409 INSUFFICIENT_BALANCE; it stays
     * pending).
     */
    async approveAdjustment(adminId: number, id: number): Promise<AdminBalanceAdjustment> {
      const row = await applyAdjustment(async (tx) => {
        const pending = await lockPendingAdjustment(tx, id);
        if (pending.requestedBy === adminId) throw new ApiError(403, 'ADJUSTMENT_NEEDS_SECOND_ADMIN');
        if (pending.accountId === adminId) throw ownAccount();
        const posted = await postAdjustment(tx, {
          accountId: pending.accountId,
          kopecks: pending.amountKopecks,
          reason: pending.reason,
          adminId,
          reference: `adjustment:request:${pending.id}`,
          requestedBy: pending.requestedBy,
        });
        const decided = await decideAdjustment(tx, id, {
          status: 'approved',
          decidedBy: adminId,
          ledgerTransactionId: posted.transactionId,
        });
        await recordAdminAction(tx, {
          adminId,
          action: 'adjustment.approve',
          targetType: 'account',
          targetId: pending.accountId,
          reason: pending.reason,
          details: {
            adjustmentId: pending.id,
            requestedBy: pending.requestedBy,
            amount: rubles(pending.amountKopecks),
            amountKopecks: pending.amountKopecks,
            transactionId: posted.transactionId,
            balanceKopecks: posted.balance,
          },
        });
        return decided;
      });
      return (await adjustmentsFor(db, [row], adminId))[0] as AdminBalanceAdjustment;
    },

    /** Declines a pending adjustment: nothing moves. Any administrator may (its requester withdraws it). */
    async declineAdjustment(adminId: number, id: number): Promise<AdminBalanceAdjustment> {
      const row = await db.transaction(async (tx) => {
        const pending = await lockPendingAdjustment(tx, id);
        const decided = await decideAdjustment(tx, id, {
          status: 'declined',
          decidedBy: adminId,
          ledgerTransactionId: null,
        });
        await recordAdminAction(tx, {
          adminId,
          action: 'adjustment.decline',
          targetType: 'account',
          targetId: pending.accountId,
          reason: pending.reason,
          details: {
            adjustmentId: pending.id,
            requestedBy: pending.requestedBy,
            amount: rubles(pending.amountKopecks),
            amountKopecks: pending.amountKopecks,
          },
        });
        return decided;
      });
      return (await adjustmentsFor(db, [row], adminId))[0] as AdminBalanceAdjustment;
    },

    /** Promo codes, newest first. */
    async promoCodes(query: AdminPageQuery): Promise<AdminPromoCodeList> {
      const page = pageOf(query);
      const [rows, total] = await Promise.all([promoCodesPage(db, page), promoCodeCount(db)]);
      return paged(rows.map(toAdminPromo), total, page);
    },

    /** A new promo code; 409 PROMO_CODE_EXISTS when the code is taken. */
    async createPromo(adminId: number, body: PromoCodeCreateBody): Promise<AdminPromoCode> {
      return db.transaction(async (tx) => {
        const row = await insertPromoCode(tx, body);
        if (!row) throw new ApiError(409, 'PROMO_CODE_EXISTS');
        await recordAdminAction(tx, {
          adminId,
          action: 'promo.create',
          targetType: 'promo',
          targetId: row.id,
          details: { code: row.code, promoType: row.promoType, amount: row.amount },
        });
        return toAdminPromo(row);
      });
    },

    /**
     * Switches a code off for good; again changes nothing. The row lock makes an activation
     * running now finish first: any later one reads the code inactive and is refused.
     */
    async deactivatePromo(adminId: number, id: number): Promise<AdminPromoCode> {
      return db.transaction(async (tx) => {
        const row = await lockPromoCode(tx, id);
        if (!row) throw new ApiError(404, 'NOT_FOUND');
        if (!row.isActive) return toAdminPromo(row);
        const updated = await deactivatePromoCode(tx, id);
        if (!updated) throw new Error(`promo code ${id} vanished under its lock`);
        await recordAdminAction(tx, {
          adminId,
          action: 'promo.deactivate',
          targetType: 'promo',
          targetId: id,
          details: { code: row.code },
        });
        return toAdminPromo(updated);
      });
    },
  };
}
