import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listingAtom, NotFoundPageProvider, store } from 'platform';
import { type ApiCall, ok, stubApi } from 'platform/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import CatalogRoutes from '../../../app/routes';
import ru from '../../../locales/ru.json';
import { createModelCard, createModelList } from '../../../testing/builders';
import { StandaloneCategoryTabs } from './category-tabs';
import { location, renderAt } from '../../../testing/render';

let calls: ApiCall[] = [];

/** Three cards a page, named after their category, page and place. */
function listingAnswer(url: URL): Response {
  const category = url.searchParams.get('category') ?? 'individual';
  const page = Number(url.searchParams.get('page') ?? '1');
  const base = category === 'massage' ? 100 : 1;
  const items = [0, 1, 2].map((offset) =>
    createModelCard({ id: base + (page - 1) * 3 + offset, name: `${category}-${page}-${offset}` }),
  );
  return ok(createModelList(items, { total: 9, page, pageCount: 3 }));
}

// The ad slot asks for ads once the cards are in; none here (the ads feature tests the slot).
const noAds = () => ok({ ads: [] });
// Nobody streams: no "live now" strip.
const noStreams = () => ok({ items: [] });

/** The query of the last listing request (ads requests may come after it). */
const lastListQuery = () => calls.filter((call) => call.path === '/model').at(-1)?.url.searchParams;

beforeEach(() => {
  calls = stubApi({
    'GET /model': (_body, { url }) => listingAnswer(url),
    'GET /ads': noAds,
    'GET /streams/live': noStreams,
  });
});

describe('listing page', () => {
  it('asks the API for the category and page in the URL and links each card to its profile', async () => {
    renderAt('/category/elite?page=2', <CatalogRoutes />);
    const cards = await screen.findAllByTestId('model-card');
    expect(cards).toHaveLength(3);
    expect(lastListQuery()?.get('category')).toBe('elite');
    expect(lastListQuery()?.get('page')).toBe('2');
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
    expect(lastListQuery()?.get('online')).toBe('true');
    expect(screen.getByRole('link', { name: 'Страница 2' }).getAttribute('href')).toBe(
      '/category/bdsm?page=2&online=true',
    );
  });

  it('reads the category from the query on the home page', async () => {
    renderAt('/?category=massage&page=1', <CatalogRoutes />);
    await screen.findAllByTestId('model-card');
    expect(lastListQuery()?.get('category')).toBe('massage');
  });

  it('says so for an unknown category instead of showing another list', async () => {
    renderAt('/category/cars', <CatalogRoutes />);
    expect(await screen.findByText('Такой страницы в каталоге нет.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows the shell's 404 page for an unknown category inside the shell", async () => {
    renderAt(
      '/category/cars',
      <NotFoundPageProvider value={() => <h1>the site's 404 page</h1>}>
        <CatalogRoutes />
      </NotFoundPageProvider>,
    );
    expect(await screen.findByRole('heading', { name: "the site's 404 page" })).toBeTruthy();
  });

  describe('while the next page loads', () => {
    /** Holds every answer after the first until the returned function is called. */
    function holdLaterAnswers() {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let first = true;
      calls = stubApi({
        'GET /model': async (_body, { url }) => {
          if (!first) await held;
          first = false;
          return listingAnswer(url);
        },
        'GET /ads': noAds,
        'GET /streams/live': noStreams,
      });
      return () => release();
    }

    it('dims the cards of the page before and marks the list busy, then shows the new page', async () => {
      const release = holdLaterAnswers();
      renderAt('/category/individual?page=1', <CatalogRoutes />);
      expect(await screen.findByText(/individual-1-0/)).toBeTruthy();
      expect(screen.getByTestId('listing-results').getAttribute('aria-busy')).toBe('false');

      await userEvent.click(screen.getByRole('link', { name: 'Страница 2' }));
      await waitFor(() =>
        expect(screen.getByTestId('listing-results').getAttribute('aria-busy')).toBe('true'),
      );
      expect(screen.getByRole('status').textContent).toBe(ru.listing.loading);
      expect(screen.getByText(/individual-1-0/)).toBeTruthy();

      release();
      expect(await screen.findByText(/individual-2-0/)).toBeTruthy();
      expect(screen.getByTestId('listing-results').getAttribute('aria-busy')).toBe('false');
    });

    it("never shows another category's cards under the new heading: placeholders instead", async () => {
      const release = holdLaterAnswers();
      renderAt(
        '/category/individual?page=1',
        <>
          <StandaloneCategoryTabs />
          <CatalogRoutes />
        </>,
      );
      expect(await screen.findByText(/individual-1-0/)).toBeTruthy();

      await userEvent.click(screen.getByRole('link', { name: 'Массаж' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Массаж' })).toBeTruthy();
      expect(screen.queryByText(/individual-1-0/)).toBeNull();
      expect(screen.queryAllByTestId('model-card')).toHaveLength(0);

      release();
      expect(await screen.findByText(/massage-1-0/)).toBeTruthy();
    });
  });
});
