import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { createQueryClient } from './query-client';
import { dehydrateForPage, hydrateFromPage } from './handover';

describe('query handover', () => {
  it('carries answers and API refusals through JSON into another client', async () => {
    const server = createQueryClient();
    await server.prefetchQuery({ queryKey: ['a'], queryFn: () => ({ items: [1, 2] }) });
    await server.prefetchQuery({
      queryKey: ['gone'],
      queryFn: () => Promise.reject(new ApiError('NOT_FOUND', 404)),
      retry: false,
    });
    await server.prefetchQuery({
      queryKey: ['broken'],
      queryFn: () => Promise.reject(new Error('x')),
      retry: false,
    });

    const state = JSON.parse(JSON.stringify(dehydrateForPage(server)));
    const browser = createQueryClient();
    hydrateFromPage(browser, state);

    expect(browser.getQueryData(['a'])).toEqual({ items: [1, 2] });
    const gone = browser.getQueryState(['gone']);
    expect(gone?.status).toBe('error');
    expect(gone?.error).toBeInstanceOf(ApiError);
    expect(gone?.error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // Anything but an API answer is the browser's to try again.
    expect(browser.getQueryState(['broken'])).toBeUndefined();
  });
});
