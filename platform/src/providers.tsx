import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n/i18n';
import { queryClient } from './query/query-client';
import { store } from './state/store';

/** The providers every app renders under: the shell in production, each remote standalone. */
export function PlatformProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
