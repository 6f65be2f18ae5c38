import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileComplaints } from 'contracts';
import { api } from 'platform';
import { reviewKeys } from '../../../api/review-keys';

/** GET /admin-panel/complaints/profiles/:id: every complaint about one profile, newest first. */
export const getProfileComplaints = (id: number, page: number, signal?: AbortSignal) =>
  api.get<ProfileComplaints>(`/admin-panel/complaints/profiles/${encodeURIComponent(id)}`, { page }, signal);

export const profileComplaintsQueryOptions = (id: number, page = 1) =>
  queryOptions({
    queryKey: reviewKeys.profileComplaints(id, page),
    queryFn: ({ signal }) => getProfileComplaints(id, page, signal),
  });

export const useProfileComplaints = (id: number, page: number) =>
  useQuery({ ...profileComplaintsQueryOptions(id, page), placeholderData: keepPreviousData });
