import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminReleases,
  RegistryChangeBody,
  RegistryChangesPage,
  RemoteChannelsView,
} from 'contracts/releases';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/**
 * GET /admin-panel/releases: each remote with its stable and canary versions, their figures, releases
 * and history; the guard's settings.
 */
export const getReleases = (signal?: AbortSignal) =>
  api.get<AdminReleases>('/admin-panel/releases', undefined, signal);

export const releasesQueryOptions = () =>
  queryOptions({ queryKey: recordsKeys.releases(), queryFn: ({ signal }) => getReleases(signal) });

export const useReleases = () => useQuery(releasesQueryOptions());

/** GET /admin-panel/releases/:remote/changes: the changes of a remote's history before the change `before`. */
export const getEarlierChanges = (remote: string, before: number) =>
  api.get<RegistryChangesPage>(`/admin-panel/releases/${encodeURIComponent(remote)}/changes`, { before });

/** POST /admin-panel/releases/:remote: promote, canary or rollback; new page loads get it at once. */
export const changeChannels = (remote: string, body: RegistryChangeBody) =>
  api.post<RemoteChannelsView>(`/admin-panel/releases/${encodeURIComponent(remote)}`, body);

export function useChangeChannels(remote: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegistryChangeBody) => changeChannels(remote, body),
    onSuccess: (view) => {
      queryClient.setQueryData<AdminReleases>(recordsKeys.releases(), (all) =>
        all ? { ...all, remotes: all.remotes.map((entry) => (entry.remote === remote ? view : entry)) } : all,
      );
    },
  });
}
