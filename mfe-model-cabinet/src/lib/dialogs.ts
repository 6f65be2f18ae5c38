// The top-up request and the promo marker are account-ui's, shared with the advertiser office.
export type { TopUpRequest } from 'account-ui';
export { PROMO_HASH, topUpAtom } from 'account-ui';
