import { topUpAtom, useBalance } from 'account-ui';
import { useSetAtom } from 'jotai';
import { ApiError } from 'platform';

/**
 * A paid action the balance did not cover (402 INSUFFICIENT_BALANCE) opens the top-up with the
 * missing amount. Returns whether it did, so the caller handles every other error itself.
 */
export function useOfferTopUp(): (error: unknown, price: number) => boolean {
  const setTopUp = useSetAtom(topUpAtom);
  const balance = useBalance();
  return (error, price) => {
    if (!(error instanceof ApiError) || error.code !== 'INSUFFICIENT_BALANCE') return false;
    const shortBy = Math.ceil(price - (balance ?? 0));
    setTopUp(shortBy > 0 ? { shortBy } : {});
    return true;
  };
}
