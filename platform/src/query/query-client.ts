import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../http/api-error';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Bad input and missing records will not get better by asking again.
        retry: (count, error) =>
          count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

/** The one QueryClient every app uses; the shell provides it, remotes get it through the singleton. */
export const queryClient = createQueryClient();
