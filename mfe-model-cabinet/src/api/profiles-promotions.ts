import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfilePromotions } from 'contracts';
import { api } from 'platform';
import { ownProfileKeys } from './own-profiles';

/**
 * What the promotions of one own profile cost and what is running (GET
 * /api/profiles/{id}/promotions). Under the profile's own key, so whatever changes the profile
 * (a purchase on the promotion screen, hiding it on my profiles) can refresh it.
 */
export const profilePromotionsKeys = {
  detail: (id: number) => [...ownProfileKeys.detail(id), 'promotions'] as const,
};

export const getProfilePromotions = (id: number, signal?: AbortSignal) =>
  api.get<ProfilePromotions>(`/profiles/${id}/promotions`, undefined, signal);

export const profilePromotionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: profilePromotionsKeys.detail(id),
    queryFn: ({ signal }) => getProfilePromotions(id, signal),
  });

export const useProfilePromotions = (id: number) => useQuery(profilePromotionsQueryOptions(id));
