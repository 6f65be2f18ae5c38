import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecommendationsBody, RecommendationsResponse } from 'contracts';
import { api } from 'platform';

export const getRecommendations = (id: number) =>
  api.post<RecommendationsResponse>('/recommendations', { id } satisfies RecommendationsBody);

export const recommendationsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['models', 'recommendations', id],
    queryFn: () => getRecommendations(id),
  });

export const useRecommendations = (id: number) => useQuery(recommendationsQueryOptions(id));
