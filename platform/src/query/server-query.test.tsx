import {
  IsRestoringProvider,
  keepPreviousData,
  onlineManager,
  QueryClient,
  QueryClientProvider,
  skipToken,
  type UseQueryOptions,
  useQuery,
} from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { serverQueryHook } from './server-query';

type Hook = typeof useQuery;
const KEY = ['models', { category: 'massage', page: 2 }] as const;
const DATA = { items: [{ id: 1, name: 'Анна' }], total: 1 };

/** The package's hook, counting the calls the server's hook leaves to it. */
function counted() {
  const calls = { count: 0 };
  const hook = ((options: never, client?: QueryClient) => {
    calls.count += 1;
    return useQuery(options, client);
  }) as Hook;
  return { calls, hook };
}

interface ProbeProps {
  hook: Hook;
  options: UseQueryOptions;
  report: (answer: string) => void;
}

/** Reports what a component sees of a hook's answer: every field (functions by type), in order. */
function Probe({ hook, options, report }: ProbeProps) {
  const result = hook(options as never) as unknown as Record<string, unknown>;
  report(
    JSON.stringify(
      Object.keys(result).map((key) => [key, typeof result[key] === 'function' ? 'function' : result[key]]),
      (_key, value: unknown) => (value instanceof Error ? `Error: ${value.message}` : value),
    ),
  );
  return <p>{String(result.status)}</p>;
}

function seen(hook: Hook, client: QueryClient, options: UseQueryOptions, restoring = false): string {
  let answer = '';
  renderToString(
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>
        <Probe hook={hook} options={options} report={(value) => (answer = value)} />
      </IsRestoringProvider>
    </QueryClientProvider>,
  );
  return answer;
}

const fetcher = () => Promise.resolve(DATA);

interface Case {
  name: string;
  /** Puts the query in the state the case needs (the same for both hooks, at the same `now`). */
  setup: (client: QueryClient, now: number) => unknown;
  options: Partial<UseQueryOptions> & { queryKey?: readonly unknown[] };
  /** Whether the server's hook answers it itself (else it calls the package's). */
  answered: boolean;
  client?: () => QueryClient;
}

const withData =
  (updatedAgo = 0) =>
  (client: QueryClient, now = Date.now()) => {
    client.setQueryData(KEY, DATA, { updatedAt: now - updatedAgo });
  };
const BAD_GATEWAY = new Error('502');
/** A read that failed (as a prefetch leaves it), at `now`. */
const failed = (client: QueryClient, now: number) => {
  client.getQueryCache().build(
    client,
    { queryKey: KEY },
    {
      data: undefined,
      dataUpdateCount: 0,
      dataUpdatedAt: 0,
      error: BAD_GATEWAY,
      errorUpdateCount: 1,
      errorUpdatedAt: now,
      fetchFailureCount: 1,
      fetchFailureReason: BAD_GATEWAY,
      fetchMeta: null,
      isInvalidated: false,
      status: 'error',
      fetchStatus: 'idle',
    },
  );
};

const cases: Case[] = [
  { name: 'fresh data (the prefetched page)', setup: withData(), options: {}, answered: true },
  { name: 'stale data (refetched on mount)', setup: withData(60_000), options: {}, answered: true },
  {
    name: 'stale data, no refetch on mount',
    setup: withData(60_000),
    options: { refetchOnMount: false },
    answered: true,
  },
  {
    name: 'fresh data, refetch always',
    setup: withData(),
    options: { refetchOnMount: 'always' },
    answered: true,
  },
  {
    name: 'static data',
    setup: withData(60_000),
    options: { staleTime: 'static', refetchOnMount: 'always' },
    answered: true,
  },
  {
    name: 'no stale time of its own',
    setup: withData(10),
    options: { staleTime: undefined },
    answered: true,
  },
  {
    name: 'invalidated data',
    setup: async (client, now) => {
      withData()(client, now);
      await client.invalidateQueries({ queryKey: KEY, refetchType: 'none' });
    },
    options: {},
    answered: true,
  },
  { name: 'a failed read (retried on mount)', setup: failed, options: {}, answered: true },
  {
    name: 'a failed read, no retry on mount',
    setup: failed,
    options: { retryOnMount: false },
    answered: true,
  },
  { name: 'a failed read, disabled', setup: failed, options: { enabled: false }, answered: true },
  { name: 'disabled with data', setup: withData(60_000), options: { enabled: false }, answered: true },
  {
    name: 'disabled without data (the session of a signed-out guest)',
    setup: (client) => void client.getQueryCache().build(client, { queryKey: KEY }),
    options: { enabled: false },
    answered: true,
  },
  {
    name: 'pending without data (asked for by an earlier component)',
    setup: (client) => void client.getQueryCache().build(client, { queryKey: KEY }),
    options: {},
    answered: true,
  },
  {
    name: 'a read under way',
    setup: (client) => {
      void client.prefetchQuery({ queryKey: KEY, queryFn: () => new Promise(() => undefined) });
    },
    options: {},
    answered: true,
  },
  {
    name: 'skipped with skipToken',
    setup: withData(60_000),
    options: { queryFn: skipToken },
    answered: true,
  },
  {
    name: 'a placeholder beside data (not shown)',
    setup: withData(),
    options: { placeholderData: keepPreviousData },
    answered: true,
  },
  {
    name: 'the platform client defaults',
    setup: withData(20_000),
    options: {},
    answered: true,
    client: createQueryClient,
  },
  { name: 'a query not in the cache yet', setup: () => undefined, options: {}, answered: true },
  {
    name: 'a disabled query not in the cache yet',
    setup: () => undefined,
    options: { enabled: false },
    answered: true,
  },
  {
    name: 'a placeholder for a query not in the cache yet',
    setup: () => undefined,
    options: { placeholderData: { items: [], total: 0 } },
    answered: false,
  },
  {
    name: 'a placeholder while there is no data',
    setup: (client) => void client.getQueryCache().build(client, { queryKey: KEY }),
    options: { placeholderData: { items: [], total: 0 } },
    answered: false,
  },
  {
    name: 'select',
    setup: withData(),
    options: { select: (data: unknown) => (data as typeof DATA).total },
    answered: false,
  },
  { name: 'enabled as a function', setup: withData(), options: { enabled: () => false }, answered: false },
  {
    name: 'stale time as a function',
    setup: withData(60_000),
    options: { staleTime: () => 0 },
    answered: false,
  },
  { name: 'throwOnError', setup: failed, options: { throwOnError: false }, answered: false },
  { name: 'initialData', setup: withData(60_000), options: { initialData: DATA }, answered: false },
  {
    name: 'notifyOnChangeProps',
    setup: withData(),
    options: { notifyOnChangeProps: ['data'] },
    answered: false,
  },
  {
    name: 'a network mode',
    setup: withData(60_000),
    options: { networkMode: 'always' },
    answered: false,
  },
  {
    name: 'defaults set for the key',
    setup: (client, now) => {
      client.setQueryDefaults(['models'], { staleTime: 0 });
      withData(10)(client, now);
    },
    options: {},
    answered: false,
  },
  {
    name: 'client defaults it does not read',
    setup: withData(),
    options: {},
    answered: false,
    client: () => new QueryClient({ defaultOptions: { queries: { select: (data: unknown) => data } } }),
  },
];

async function clientFor(testCase: Case, now: number): Promise<QueryClient> {
  const client =
    testCase.client?.() ?? new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  await testCase.setup(client, now);
  return client;
}

describe("the server render's useQuery", () => {
  afterEach(() => onlineManager.setOnline(true));

  it('answers as the package does, from the cache where it can, and leaves the rest to the package', async () => {
    for (const testCase of cases) {
      const options = { queryKey: KEY, queryFn: fetcher, ...testCase.options } as UseQueryOptions;
      // Each hook on a client of its own: the package's hook changes the cache (it adds a query).
      const now = Date.now();
      const { calls, hook } = counted();
      const answer = seen(serverQueryHook(hook), await clientFor(testCase, now), options);
      const expected = seen(useQuery, await clientFor(testCase, now), options);
      expect(answer, testCase.name).toBe(expected);
      expect(calls.count, `${testCase.name}: left to the package`).toBe(testCase.answered ? 0 : 1);
    }
  });

  it('adds a query not read yet to the cache, as the package does, once', () => {
    const options = { queryKey: KEY, queryFn: fetcher } as UseQueryOptions;
    const [client, reference] = [new QueryClient(), new QueryClient()];
    const { calls, hook } = counted();
    const answers = [
      seen(serverQueryHook(hook), client, options),
      seen(serverQueryHook(hook), client, options),
    ];
    expect(answers[1]).toBe(answers[0]);
    expect(answers[0]).toBe(seen(useQuery, reference, options));
    expect(calls.count).toBe(0);
    const [added] = client.getQueryCache().getAll();
    expect(client.getQueryCache().getAll()).toHaveLength(1);
    expect(added?.queryKey).toEqual(KEY);
    expect(added?.state).toEqual(reference.getQueryCache().find({ queryKey: KEY })?.state);
  });

  it('shows a fetch as paused when the process is offline', async () => {
    onlineManager.setOnline(false);
    const now = Date.now();
    const [client, reference] = [new QueryClient(), new QueryClient()];
    withData(60_000)(client, now);
    withData(60_000)(reference, now);
    const options = { queryKey: KEY, queryFn: fetcher } as UseQueryOptions;
    const answer = seen(serverQueryHook(useQuery), client, options);
    expect(answer).toBe(seen(useQuery, reference, options));
    expect(answer).toContain('["fetchStatus","paused"]');
  });

  it('leaves a restoring client to the package', () => {
    const client = new QueryClient();
    withData()(client);
    const { calls, hook } = counted();
    seen(serverQueryHook(hook), client, { queryKey: KEY, queryFn: fetcher } as UseQueryOptions, true);
    expect(calls.count).toBe(1);
  });

  it('hands components the data the server read, with refetch still callable', async () => {
    const client = new QueryClient();
    withData()(client);
    let result: ReturnType<Hook> | undefined;
    renderToString(
      <QueryClientProvider client={client}>
        <Reader report={(value) => (result = value)} />
      </QueryClientProvider>,
    );
    expect(result?.data).toBe(DATA);
    expect(result?.isSuccess).toBe(true);
    await expect(result?.refetch()).resolves.toMatchObject({ data: DATA, isSuccess: true });
  });
});

const useServerQuery = serverQueryHook(useQuery);

function Reader({ report }: { report: (result: ReturnType<Hook>) => void }) {
  report(useServerQuery({ queryKey: KEY, queryFn: fetcher }));
  return null;
}
