import { screen } from '@testing-library/react';
import { queryClient } from 'platform';
import { type ApiCall, apiError, ok, stubApi } from 'platform/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CatalogRoutes from '../../../app/routes';
import { createModelCard, createModelDetails, createModelList } from '../../../testing/builders';
import { renderAt } from '../../../testing/render';
import { prefetchModel } from '../../model/api/get-model';
import { prefetchListing } from './get-models';

let calls: ApiCall[] = [];
const modelCalls = () => calls.filter((call) => call.path.startsWith('/model')).map((call) => call.url);

beforeEach(() => {
  queryClient.clear();
  calls = stubApi({
    'GET /model/7': () => ok(createModelDetails({ id: 7, name: 'Seven' })),
    'GET /model/9': () => apiError(410, 'PROFILE_GONE'),
    'GET /model/9/alternatives': () =>
      ok({ category: null, city: null, items: [createModelCard({ id: 3 })] }),
    // The profile page counts the view after a short delay, which a slow run reaches.
    'POST /admin-panel/analytics/update-models-visit-count': () => ok({ ok: true }),
    'GET /streams/live': () => ok({ items: [] }),
    'GET /model': () =>
      ok(
        createModelList([
          createModelCard({ id: 1, name: 'Early' }),
          ...[2, 3, 4, 5, 6].map((id) => createModelCard({ id })),
        ]),
      ),
  });
});

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

const preloadedImages = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) =>
    link.getAttribute('href'),
  );

describe('page data started with the catalog code', () => {
  it('reads the listing of a listing URL once, and the page then renders from it', async () => {
    expect(prefetchListing('/category/elite', '?page=2&city=moscow')).toBe(true);
    await vi.waitFor(() => expect(modelCalls()).toHaveLength(1));
    const url = modelCalls()[0];
    expect(url?.searchParams.get('category')).toBe('elite');
    expect(url?.searchParams.get('page')).toBe('2');
    expect(url?.searchParams.get('city')).toBe('moscow');

    renderAt('/category/elite?page=2&city=moscow', <CatalogRoutes />, { keepCache: true });
    const [card] = await screen.findAllByTestId('model-card');
    expect(card?.textContent).toContain('Early');
    expect(modelCalls()).toHaveLength(1);
  });

  it('reads the profile of a profile URL once', async () => {
    expect(prefetchListing('/girl/7', '')).toBe(false);
    expect(prefetchModel('/girl/7')).toBe(true);
    await vi.waitFor(() => expect(modelCalls()).toHaveLength(1));
    renderAt('/girl/7', <CatalogRoutes />, { keepCache: true });
    expect(await screen.findByRole('heading', { name: /Seven/ })).toBeTruthy();
    expect(modelCalls().filter((url) => url.pathname === '/api/model/7')).toHaveLength(1);
  });

  it("starts the first screen's photos as soon as the data is here, once each", async () => {
    prefetchListing('/', '');
    await vi.waitFor(() => expect(preloadedImages()).toHaveLength(4));
    expect(preloadedImages()).toEqual([1, 2, 3, 4].map((id) => `/media/placeholder/${id}.svg`));

    prefetchModel('/girl/7');
    await vi.waitFor(() => expect(preloadedImages()).toContain('/media/placeholder/7.svg'));
    // A page showing the same photos again adds no second preload of them.
    prefetchListing('/', '?page=2');
    await vi.waitFor(() => expect(modelCalls()).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloadedImages()).toHaveLength(5);
  });

  it('reads nothing for other pages or malformed ids', () => {
    expect(prefetchListing('/price', '')).toBe(false);
    expect(prefetchListing('/category/unknown', '')).toBe(false);
    expect(prefetchModel('/girl/abc')).toBe(false);
    expect(prefetchModel('/price')).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it("reads what a missing profile's page offers instead, and never asks again what the server answered", async () => {
    expect(prefetchModel('/girl/9')).toBe(true);
    await vi.waitFor(() =>
      expect(modelCalls().map((url) => url.pathname)).toContain('/api/model/9/alternatives'),
    );
    renderAt('/girl/9', <CatalogRoutes />, { keepCache: true });
    expect(await screen.findByRole('link', { name: /Анна 3/ })).toBeTruthy();
    // A page the server rendered as "not found" has the refusal in its cache already.
    expect(prefetchModel('/girl/9')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(modelCalls().map((url) => url.pathname)).toEqual(['/api/model/9', '/api/model/9/alternatives']);
  });
});
