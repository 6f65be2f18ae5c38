import type { PromoCodeInfo, PromoType } from 'contracts';
import { useSyncExternalStore } from 'react';

/**
 * The promo codes this browser has activated, as the spec keeps them: the deposit-percentage one
 * waits in localStorage for the next top-up (sent with the order, where the server checks it
 * again), the balance one is kept only to show what was credited. The registration form keeps
 * its code under its own key (`registration_promo`, in mfe-auth); these never touch it.
 */
export const ACTIVE_PROMO_KEYS: Record<PromoType, string> = {
  DEPOSIT_PERCENTAGE: 'deposit_promo',
  BALANCE_AMOUNT: 'balance_promo',
};

export interface ActivePromo extends PromoCodeInfo {
  activatedAt: string;
}

/** Another tab, or this one, changed a stored promo. */
const CHANGE_EVENT = 'account-ui:promos';

function parse(raw: string | null, promoType: PromoType): ActivePromo | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ActivePromo> | null;
    if (
      value &&
      typeof value.code === 'string' &&
      typeof value.description === 'string' &&
      value.promoType === promoType &&
      typeof value.amount === 'number' &&
      typeof value.activatedAt === 'string'
    ) {
      return {
        code: value.code,
        description: value.description,
        promoType,
        amount: value.amount,
        activatedAt: value.activatedAt,
      };
    }
  } catch {
    // A damaged entry counts as none.
  }
  return null;
}

function readRaw(promoType: PromoType): string | null {
  try {
    return globalThis.localStorage?.getItem(ACTIVE_PROMO_KEYS[promoType]) ?? null;
  } catch {
    return null;
  }
}

export function readActivePromo(promoType: PromoType): ActivePromo | null {
  return parse(readRaw(promoType), promoType);
}

function write(promoType: PromoType, value: ActivePromo | null): void {
  try {
    const key = ACTIVE_PROMO_KEYS[promoType];
    if (value) globalThis.localStorage?.setItem(key, JSON.stringify(value));
    else globalThis.localStorage?.removeItem(key);
  } catch {
    // Storage unavailable (private mode): the bonus still applied on the server.
  }
  globalThis.dispatchEvent?.(new Event(CHANGE_EVENT));
}

/** Keeps an activated code in its kind's place, replacing the one kept before. */
export const keepActivePromo = (promo: ActivePromo) => write(promo.promoType, promo);

export const forgetActivePromo = (promoType: PromoType) => write(promoType, null);

function subscribe(onChange: () => void): () => void {
  globalThis.addEventListener('storage', onChange);
  globalThis.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    globalThis.removeEventListener('storage', onChange);
    globalThis.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The kept code of one kind, updated when it changes here or in another tab. */
export function useActivePromo(promoType: PromoType): ActivePromo | null {
  // The raw string is the snapshot: it compares equal between renders, a parsed object would not.
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(promoType),
    () => null,
  );
  return parse(raw, promoType);
}

/**
 * The bonus a deposit-percentage code adds to a top-up, in rubles, as the server credits it:
 * the percentage of the amount in kopecks, rounded down to the kopeck.
 */
export function depositBonus(amount: number, percent: number): number {
  return Math.floor((Math.round(amount * 100) * percent) / 100) / 100;
}
