import type { AccountType, Locale, PromoActivateResponse, PromoCodeInfo } from 'contracts';
import type { Database } from '../../db/client';
import { ApiError } from '../../lib/api-error';
import { balanceOf, post } from '../ledger/repository';
import { createPromoRepository, type PromoRow } from './repository';

export interface PromoCaller {
  accountId: number;
  accountType: AccountType;
}

/** Kopecks per ruble: BALANCE_AMOUNT codes are whole rubles, the ledger counts kopecks. */
const KOPECKS = 100;

export function promoInfo(row: PromoRow, locale: Locale): PromoCodeInfo {
  return {
    code: row.code,
    description: locale === 'ru' ? row.descriptionRu : row.descriptionEn,
    promoType: row.promoType,
    amount: row.amount,
  };
}

/** The reference of the ledger transaction that credits one account's activation of one code. */
export const promoReference = (promoId: number, accountId: number) => `promo:${promoId}:${accountId}`;

const invalid = () => new ApiError(404, 'PROMO_INVALID');

/** A code meant for the other account type; the message names the caller's type. */
function notForRole(callerType: AccountType): ApiError {
  return new ApiError(403, 'PROMO_NOT_FOR_ROLE', {
    messageKey: callerType === 'girl' ? 'promo.notForGirls' : 'promo.notForAdvertisers',
  });
}

/**
 * Why `row` cannot be used now by a caller of `accountType` (unknown for the public check),
 * or null when it can. Unknown, switched-off, not yet started and ended codes all answer
 * PROMO_INVALID alike, so that probing tells nothing about which codes exist.
 */
function refusal(
  row: PromoRow | null,
  caller: { accountType?: AccountType | undefined; alreadyUsed: boolean },
  now: Date,
): ApiError | null {
  if (!row?.isActive) return invalid();
  if (row.validFrom && row.validFrom > now) return invalid();
  if (row.validUntil && row.validUntil <= now) return invalid();
  // Said before "used up", which would be true of it too and is less useful to hear.
  if (caller.alreadyUsed) return new ApiError(409, 'PROMO_ALREADY_USED');
  if (row.accountType && caller.accountType && row.accountType !== caller.accountType) {
    return notForRole(caller.accountType);
  }
  if (row.maxActivations !== null && row.activationCount >= row.maxActivations) return invalid();
  return null;
}

export function createPromoService(db: Database, clock: () => Date = () => new Date()) {
  /**
   * Activates `code` for the caller inside `tx`: the promo row stays locked until `tx` ends, so
   * concurrent activations of one code queue behind each other and see each other's effects.
   */
  async function activateIn(
    tx: Database,
    code: string,
    caller: PromoCaller,
    locale: Locale,
  ): Promise<PromoActivateResponse> {
    const promos = createPromoRepository(tx);
    const row = await promos.findByCode(code, { forUpdate: true });
    const alreadyUsed = row ? await promos.hasActivated(row.id, caller.accountId) : false;
    const problem = refusal(row, { accountType: caller.accountType, alreadyUsed }, clock());
    if (problem || !row) throw problem ?? invalid();

    // The unique (promo, account) pair and the conditional increment hold even without the lock.
    const activatedAt = await promos.insertActivation(row.id, caller.accountId);
    if (!activatedAt) throw new ApiError(409, 'PROMO_ALREADY_USED');
    if (!(await promos.countActivation(row.id))) throw invalid();

    let balanceKopecks: number;
    if (row.promoType === 'BALANCE_AMOUNT') {
      const kopecks = row.amount * KOPECKS;
      const posted = await post(tx, {
        kind: 'promo',
        reference: promoReference(row.id, caller.accountId),
        metadata: { promoCodeId: row.id, code: row.code },
        entries: [
          [{ accountId: caller.accountId }, kopecks],
          [{ systemAccount: 'promotions' }, -kopecks],
        ],
      });
      if (posted.duplicate) throw new ApiError(409, 'PROMO_ALREADY_USED');
      balanceKopecks = posted.balances.get(caller.accountId) ?? (await balanceOf(tx, caller.accountId));
    } else {
      // DEPOSIT_PERCENTAGE: nothing to credit now; the client keeps it for its next top-up.
      balanceKopecks = await balanceOf(tx, caller.accountId);
    }

    return {
      promocode: promoInfo(row, locale),
      activatedAt: activatedAt.toISOString(),
      balance: balanceKopecks / KOPECKS,
    };
  }

  return {
    /**
     * Whether `code` could be activated now: by anyone (registration form, optionally for one
     * account type) or, with `caller`, by that account.
     */
    async validate(
      code: string,
      locale: Locale,
      caller: { accountId?: number; accountType?: AccountType | undefined } = {},
    ): Promise<PromoCodeInfo> {
      const promos = createPromoRepository(db);
      const row = await promos.findByCode(code);
      const alreadyUsed =
        row && caller.accountId !== undefined ? await promos.hasActivated(row.id, caller.accountId) : false;
      const problem = refusal(row, { accountType: caller.accountType, alreadyUsed }, clock());
      if (problem || !row) throw problem ?? invalid();
      return promoInfo(row, locale);
    },

    /** Activates `code` for the caller in a transaction of its own. */
    activate(code: string, caller: PromoCaller, locale: Locale): Promise<PromoActivateResponse> {
      return db.transaction((tx) => activateIn(tx, code, caller, locale));
    },

    /**
     * The same inside a transaction the caller owns, e.g. creating an account together with the
     * promo code given at registration. A refusal throws: the caller decides whether to go on
     * without it (in a savepoint) or abandon the whole transaction.
     */
    activateIn,
  };
}

export type PromoService = ReturnType<typeof createPromoService>;
