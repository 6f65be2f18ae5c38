import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n as pageI18n } from './i18n/i18n';
import { queryClient as pageQueryClient } from './query/query-client';
import { store as pageStore } from './state/store';

export interface PlatformProvidersProps {
  children: ReactNode;
  /** The server renders each request with its own client, store and language. */
  queryClient?: QueryClient;
  store?: ReturnType<typeof createStore>;
  i18n?: I18n;
}

/** The providers every app renders under: the shell in production, each remote standalone. */
export function PlatformProviders({
  children,
  queryClient = pageQueryClient,
  store = pageStore,
  i18n = pageI18n,
}: PlatformProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
