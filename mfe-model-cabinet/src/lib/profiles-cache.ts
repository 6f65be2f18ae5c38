import { applyBalance } from 'account-ui';
import type { QueryClient } from '@tanstack/react-query';
import type { OwnProfile, OwnProfileList } from 'contracts';
import { ownProfileKeys } from '../api/own-profiles';
import { profilePromotionsKeys } from '../api/profiles-promotions';

/**
 * Writes a profile the server just answered with into the own-profiles list and its detail,
 * and refreshes what the change may have moved (its promotions: prices, running, active).
 */
export function applyOwnProfile(queryClient: QueryClient, profile: OwnProfile): void {
  queryClient.setQueryData<OwnProfileList>(ownProfileKeys.list(), (list) =>
    list ? { items: list.items.map((item) => (item.id === profile.id ? profile : item)) } : list,
  );
  queryClient.setQueryData(ownProfileKeys.detail(profile.id), profile);
  void queryClient.invalidateQueries({ queryKey: profilePromotionsKeys.detail(profile.id) });
}

/** Every purchase answers `{ profile, balance }`: both go into the caches at once. */
export function applyPurchase(
  queryClient: QueryClient,
  answer: { profile: OwnProfile; balance: number },
): void {
  applyBalance(queryClient, answer.balance);
  applyOwnProfile(queryClient, answer.profile);
}
