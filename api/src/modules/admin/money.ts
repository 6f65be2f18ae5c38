import { randomUUID } from 'node:crypto';
import {
  type AdjustmentBody,
  type AdminPageQuery,
  type AdminPaymentOrder,
  type AdminPaymentOrderDetails,
  type AdminPaymentOrderList,
  type AdminPaymentOrderQuery,
  type AdminPromoCode,
  type AdminPromoCodeList,
  adDayOf,
  type PromoCodeCreateBody,
} from 'contracts';
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

/** The administration's side of money: top-up orders, balance corrections and promo codes. */
export function createMoneyDesk(db: Database) {
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
     */
    async adjust(adminId: number, accountId: number, body: AdjustmentBody): Promise<void> {
      const kopecks = Math.round(body.amount * 100);
      try {
        await db.transaction(async (tx) => {
          if (!(await accountExists(tx, accountId))) throw new ApiError(404, 'USER_NOT_FOUND');
          const posted = await post(tx, {
            kind: 'adjustment',
            reference: `adjustment:${randomUUID()}`,
            metadata: { reason: body.reason, adminId },
            entries: [
              [{ accountId }, kopecks],
              [{ systemAccount: 'adjustments' }, -kopecks],
            ],
          });
          if (posted.duplicate) throw new Error('a fresh adjustment reference was taken');
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
              balanceKopecks: posted.balances.get(accountId) ?? null,
            },
          });
        });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE') {
          throw new ApiError(409, 'INSUFFICIENT_BALANCE');
        }
        throw error;
      }
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
