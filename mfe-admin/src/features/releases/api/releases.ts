import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/**
 * A remote's history: the latest changes the screen came with, then earlier ones a page at a time
 * (`fetchNextPage`), each before the oldest shown. Keyed on the newest change, so a change made on
 * the screen starts it again from the latest: no line is missed or shown twice. The lines never
 * change once written (no refetch), and a failed page is asked again by the visitor's next click.
 */
export function useReleaseHistory(view: RemoteChannelsView) {
  const latest: RegistryChangesPage = { changes: view.changes, more: view.moreChanges };
  return useInfiniteQuery({
    queryKey: [...recordsKeys.releases(), 'history', view.remote, view.changes[0]?.id ?? 0],
    queryFn: ({ pageParam }) => (pageParam === null ? latest : getEarlierChanges(view.remote, pageParam)),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.more ? (last.changes.at(-1)?.id ?? null) : null),
    initialData: { pages: [latest], pageParams: [null] },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

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
