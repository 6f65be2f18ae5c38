import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listingAtom, store } from 'platform';
import { type ApiCall, ok, stubApi } from 'platform/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import CatalogRoutes from '../../../app/routes';
import { createModelCard, createModelList } from '../../../testing/builders';
import { StandaloneCategoryTabs } from './category-tabs';
import { location, renderAt } from '../../../testing/render';

let calls: ApiCall[] = [];

beforeEach(() => {
  calls = stubApi({
    'GET /model': (_body, { url }) => {
      const category = url.searchParams.get('category') ?? 'individual';
      const page = Number(url.searchParams.get('page') ?? '1');
      const base = category === 'massage' ? 100 : 1;
      const items = [0, 1, 2].map((offset) =>
        createModelCard({ id: base + (page - 1) * 3 + offset, name: `${category}-${page}-${offset}` }),
      );
      return ok(createModelList(items, { total: 9, page, pageCount: 3 }));
    },
  });
});

describe('listing page', () => {
  it('asks the API for the category and page in the URL and links each card to its profile', async () => {
    renderAt('/category/elite?page=2', <CatalogRoutes />);
    const cards = await screen.findAllByTestId('model-card');
    expect(cards).toHaveLength(3);
    expect(calls.at(-1)?.url.searchParams.get('category')).toBe('elite');
    expect(calls.at(-1)?.url.searchParams.get('page')).toBe('2');
    expect(
      within(cards[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/girl/4');
    expect(store.get(listingAtom)).toEqual({ category: 'elite', page: 2 });
  });

  it('a category tab resets the page to 1 and loads that category', async () => {
    renderAt(
      '/category/individual?page=3',
      <>
        <StandaloneCategoryTabs />
        <CatalogRoutes />
      </>,
    );
    await screen.findAllByTestId('model-card');

    await userEvent.click(screen.getByRole('link', { name: 'Массаж' }));
    expect(location.current).toBe('/category/massage?page=1');
    expect(await screen.findByText(/massage-1-0/)).toBeTruthy();
    expect(store.get(listingAtom)).toEqual({ category: 'massage', page: 1 });
    expect(screen.getByRole('link', { name: 'Массаж' }).getAttribute('aria-current')).toBe('page');
  });

  it('pagination links keep the category and filters', async () => {
    renderAt('/category/bdsm?page=1&online=true', <CatalogRoutes />);
    await screen.findAllByTestId('model-card');
    expect(calls.at(-1)?.url.searchParams.get('online')).toBe('true');
    expect(screen.getByRole('link', { name: 'Страница 2' }).getAttribute('href')).toBe(
      '/category/bdsm?page=2&online=true',
    );
  });

  it('reads the category from the query on the home page', async () => {
    renderAt('/?category=massage&page=1', <CatalogRoutes />);
    await screen.findAllByTestId('model-card');
    expect(calls.at(-1)?.url.searchParams.get('category')).toBe('massage');
  });

  it('says so for an unknown category instead of showing another list', async () => {
    renderAt('/category/cars', <CatalogRoutes />);
    expect(await screen.findByText('Такой страницы в каталоге нет.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
