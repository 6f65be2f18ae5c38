import { atom } from 'jotai';

/**
 * The top-up dialog, opened from the layout's balance and from any purchase the balance does
 * not cover (`shortBy`: how many rubles are missing, offered as the amount).
 */
export interface TopUpRequest {
  shortBy?: number;
}
export const topUpAtom = atom<TopUpRequest | null>(null);

/** The link marker that opens the promo dialog from any cabinet path (`/profile#promo`, `/advister#promo`). */
export const PROMO_HASH = '#promo';
