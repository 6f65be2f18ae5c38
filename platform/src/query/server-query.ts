import {
  hashKey,
  onlineManager,
  type Query,
  type QueryClient,
  type QueryObserverResult,
  QueryObserver,
  skipToken,
  type useQuery,
  useIsRestoring,
  useQueryClient,
} from '@tanstack/react-query';

/**
 * `useQuery` for the server render (issue 31), which the shell's server build puts in place of
 * TanStack Query's own for itself and every remote it renders (shell/src/server-react-query.ts).
 *
 * A server render calls each hook once and never subscribes, yet TanStack's hook builds a
 * QueryObserver per call (options defaulted twice, the key hashed, the result made twice and
 * compared, a tracking proxy); a page calls it about a dozen times, six of them for the session.
 * For options this file understands, the answer is made here from the query's state (the server
 * reads a page's data before rendering it; a query not read yet is added to the cache as an
 * observer adds it) as QueryObserver.createResult makes an observer's first ("optimistic") result:
 * the same fields, the same values. Anything else (select, suspense, throwOnError,
 * initialData, a placeholder shown, options given as functions, query defaults...) goes to the
 * package's hook.
 */

type UseQuery = typeof useQuery;
type Options = Record<string, unknown> & { queryKey: readonly unknown[] };

/**
 * The options whose effect on the first result is reproduced below, or that have none on it (the
 * fetcher, retries, timers, cache time, structural sharing). A set option of any other name sends
 * the call to the package's hook.
 */
function isUnderstood(name: string): boolean {
  switch (name) {
    case 'queryKey':
    case 'queryFn':
    case 'enabled':
    case 'staleTime':
    case 'refetchOnMount':
    case 'retryOnMount':
    case 'placeholderData':
    case 'gcTime':
    case 'refetchOnWindowFocus':
    case 'refetchOnReconnect':
    case 'refetchInterval':
    case 'refetchIntervalInBackground':
    case 'retry':
    case 'retryDelay':
    case 'meta':
    case 'structuralSharing':
      return true;
    default:
      return false;
  }
}

function allUnderstood(options: Record<string, unknown>): boolean {
  for (const name in options) {
    if (options[name] !== undefined && !isUnderstood(name)) return false;
  }
  return true;
}

/** Whether a client's default query options are all understood, per defaults object. */
const understoodDefaults = new WeakMap<object, boolean>();
function defaultsUnderstood(defaults: Record<string, unknown>): boolean {
  let understood = understoodDefaults.get(defaults);
  if (understood === undefined) {
    understood = allUnderstood(defaults);
    understoodDefaults.set(defaults, understood);
  }
  return understood;
}

const NO_DEFAULTS: Record<string, unknown> = {};

/** The first result of an observer of `options` on `client`, or null where the package's hook must answer. */
export function serverQueryResult(client: QueryClient, options: Options): QueryObserverResult | null {
  if (!allUnderstood(options)) return null;
  const defaults = (client.getDefaultOptions().queries ?? NO_DEFAULTS) as Record<string, unknown>;
  if (!defaultsUnderstood(defaults)) return null;
  // Defaults set for some keys (setQueryDefaults) join the options: not read here.
  for (const _name in client.getQueryDefaults(options.queryKey)) return null;
  // An option as QueryClient.defaultQueryOptions merges it: the call's own, else the client's.
  const option = (name: string): unknown => (Object.hasOwn(options, name) ? options[name] : defaults[name]);
  const enabledOption = option('queryFn') === skipToken ? false : option('enabled');
  const staleTime = option('staleTime');
  const refetchOnMount = option('refetchOnMount');
  const retryOnMount = option('retryOnMount');
  if (
    (enabledOption !== undefined && typeof enabledOption !== 'boolean') ||
    (staleTime !== undefined && staleTime !== 'static' && typeof staleTime !== 'number') ||
    (refetchOnMount !== undefined && refetchOnMount !== 'always' && typeof refetchOnMount !== 'boolean') ||
    (retryOnMount !== undefined && typeof retryOnMount !== 'boolean')
  ) {
    return null;
  }
  const cache = client.getQueryCache();
  const queryHash = hashKey(options.queryKey);
  let query = cache.get(queryHash) as Query | undefined;
  if (!query) {
    // The first call for a key adds its query to the cache, as an observer of it does (no initial
    // data: it is not understood). The cache defaults the options; the hash is the one just made.
    query = cache.build(client, { ...options, queryHash } as never) as Query;
  }
  const { state } = query;
  const hasData = state.data !== undefined;
  // A placeholder stands in while there is no data.
  if (!hasData && option('placeholderData') !== undefined) return null;

  const enabled = enabledOption !== false;
  const isStale = enabled && query.isStaleByTime(staleTime as number | 'static' | undefined);
  // QueryObserver's shouldFetchOnMount: an observer's first result already shows the fetch its
  // mount will start.
  const fetchOnMount =
    (enabled && !hasData && !(state.status === 'error' && retryOnMount === false)) ||
    (hasData &&
      enabled &&
      staleTime !== 'static' &&
      (refetchOnMount === 'always' || (refetchOnMount !== false && isStale)));
  let { status, fetchStatus, error, fetchFailureCount, fetchFailureReason } = state;
  if (fetchOnMount) {
    fetchFailureCount = 0;
    fetchFailureReason = null;
    // No network mode is set (it is not understood): the default, "online".
    fetchStatus = onlineManager.isOnline() ? 'fetching' : 'paused';
    if (!hasData) {
      error = null;
      status = 'pending';
    }
  }
  const isFetching = fetchStatus === 'fetching';
  const isPending = status === 'pending';
  const isError = status === 'error';
  const isLoading = isPending && isFetching;
  return {
    status,
    fetchStatus,
    isPending,
    isSuccess: status === 'success',
    isError,
    isInitialLoading: isLoading,
    isLoading,
    data: state.data,
    dataUpdatedAt: state.dataUpdatedAt,
    error,
    errorUpdatedAt: state.errorUpdatedAt,
    failureCount: fetchFailureCount,
    failureReason: fetchFailureReason,
    errorUpdateCount: state.errorUpdateCount,
    isFetched: query.isFetched(),
    // Against the state the observer was made with, which is this one.
    isFetchedAfterMount: false,
    isFetching,
    isRefetching: isFetching && !isPending,
    isLoadingError: isError && !hasData,
    isPaused: fetchStatus === 'paused',
    isPlaceholderData: false,
    isRefetchError: isError && hasData,
    isStale,
    // Never called in a server render (it answers a click); an observer of its own if it is.
    refetch: (refetchOptions) => new QueryObserver(client, options as never).refetch(refetchOptions),
    isEnabled: enabled,
  } as QueryObserverResult;
}

/**
 * The server's `useQuery`, answering from serverQueryResult and calling `packageHook` (the
 * package's own) for the rest. Choosing per call is safe on the server only: a server render runs
 * each component once, so a component's hooks cannot change between renders.
 */
export function serverQueryHook(packageHook: UseQuery): UseQuery {
  return ((options: Options, queryClient?: QueryClient) => {
    const client = useQueryClient(queryClient);
    const answer = useIsRestoring() ? null : serverQueryResult(client, options);
    return answer ?? packageHook(options as never, queryClient);
  }) as UseQuery;
}
