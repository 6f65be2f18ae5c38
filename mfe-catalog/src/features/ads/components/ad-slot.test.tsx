import { act, screen, waitFor, within } from '@testing-library/react';
import { type ApiCall, apiError, ok, stubApi } from 'platform/testing';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CatalogRoutes from '../../../app/routes';
import { createModelCard, createModelList, createServedAd } from '../../../testing/builders';
import { FakeIntersectionObserver } from '../../../testing/fake-intersection-observer';
import { renderAt } from '../../../testing/render';
import { forgetReportedImpressions } from '../api/record-impression';
import { AdSlot, type AdSlotProps } from './ad-slot';

let calls: ApiCall[] = [];
const adCalls = () => calls.filter((call) => call.path === '/ads');
const impressionCalls = () => calls.filter((call) => call.path === '/ads/impressions');
const slot = () => screen.getByTestId('ad-slot');

const twoAds = [
  createServedAd({ token: 'first', heading: 'Первое объявление' }),
  createServedAd({ token: 'second', heading: 'Второе объявление', image: null }),
];

function stubAds(answer: () => Response | Promise<Response> = () => ok({ ads: twoAds })) {
  calls = stubApi({
    'GET /ads': answer,
    'GET /streams/live': () => ok({ items: [] }),
    'POST /ads/impressions': () => new Response(null, { status: 204 }),
    'GET /model': () => ok(createModelList([createModelCard({ id: 1 }), createModelCard({ id: 2 })])),
  });
}

/** The slot with props a test changes through `setSlotProps`, as the listing page would. */
let setSlotProps: (props: AdSlotProps) => void = () => undefined;
function SlotHarness(initial: AdSlotProps) {
  const [props, setProps] = useState(initial);
  setSlotProps = setProps;
  return <AdSlot {...props} />;
}

/** Half or more of the ad card headed `heading` on screen for a whole second. */
async function viewForASecond(heading: string) {
  const card = screen.getByRole('heading', { name: heading }).closest('article') as Element;
  vi.useFakeTimers();
  try {
    act(() => FakeIntersectionObserver.show(card, 0.6));
    act(() => vi.advanceTimersByTime(1_000));
  } finally {
    vi.useRealTimers();
  }
}

beforeEach(() => {
  FakeIntersectionObserver.install();
  forgetReportedImpressions();
  stubAds();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the ad slot', () => {
  it('holds a placeholder in its box and asks for nothing until the listing has settled', async () => {
    renderAt('/', <SlotHarness city={undefined} listingSettled={false} />);
    const box = slot();
    expect(box.getAttribute('data-state')).toBe('loading');
    expect(box.getAttribute('aria-busy')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(adCalls()).toHaveLength(0);

    act(() => setSlotProps({ city: undefined, listingSettled: true }));
    expect(await screen.findByRole('heading', { name: 'Первое объявление' })).toBeTruthy();
    // The same box, with the same class (its fixed height), now holds the ads.
    expect(slot()).toBe(box);
    expect(box.className).toBe(slot().className);
    expect(box.getAttribute('data-state')).toBe('ads');
    expect(box.getAttribute('aria-busy')).toBe('false');
  });

  it("asks for the main page's ads without a city and for the city's with one", async () => {
    renderAt('/', <SlotHarness city={undefined} listingSettled />);
    await screen.findByRole('heading', { name: 'Первое объявление' });
    expect(Object.fromEntries(adCalls()[0]?.url.searchParams ?? [])).toEqual({ place: 'main' });

    act(() => setSlotProps({ city: 'kazan', listingSettled: true }));
    await waitFor(() => expect(adCalls()).toHaveLength(2));
    expect(Object.fromEntries(adCalls()[1]?.url.searchParams ?? [])).toEqual({
      place: 'city',
      city: 'kazan',
    });
  });

  it('asks once for a page and not again for the next page of the same listing', async () => {
    const first = renderAt('/', <AdSlot city="kazan" listingSettled />);
    await screen.findByRole('heading', { name: 'Первое объявление' });
    first.unmount();
    renderAt('/', <AdSlot city="kazan" listingSettled />, { keepCache: true });
    await screen.findByRole('heading', { name: 'Первое объявление' });
    expect(adCalls()).toHaveLength(1);
  });

  it('shows every served ad marked as advertising, its button through our redirect', async () => {
    const { container } = renderAt('/', <AdSlot city={undefined} listingSettled />);
    await screen.findByRole('heading', { name: 'Первое объявление' });
    const region = screen.getByRole('region', { name: 'Реклама' });
    const cards = within(region).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('Реклама');
    expect(cards[0]?.textContent).toContain('Баннер');
    const link = within(cards[0] as HTMLElement).getByRole('link');
    expect(link.getAttribute('href')).toBe('/api/ads/click/first');
    expect(link.getAttribute('rel')).toBe('sponsored noopener');
    expect(link.getAttribute('target')).toBe('_blank');
    await expectNoAxeViolations(container);
  });

  it('reports each ad once when it has been half on screen for a second, never again for its token', async () => {
    const view = renderAt('/', <AdSlot city={undefined} listingSettled />);
    await screen.findByRole('heading', { name: 'Первое объявление' });
    await viewForASecond('Первое объявление');
    await waitFor(() => expect(impressionCalls()).toHaveLength(1));
    expect(impressionCalls()[0]?.body).toEqual({ token: 'first' });
    expect(impressionCalls()[0]?.method).toBe('POST');

    await viewForASecond('Второе объявление');
    await waitFor(() => expect(impressionCalls()).toHaveLength(2));
    expect(impressionCalls()[1]?.body).toEqual({ token: 'second' });

    // Back to the page with the cached answer: the same tokens are not reported again.
    view.unmount();
    renderAt('/', <AdSlot city={undefined} listingSettled />, { keepCache: true });
    await screen.findByRole('heading', { name: 'Первое объявление' });
    await viewForASecond('Первое объявление');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(impressionCalls()).toHaveLength(2);
  });

  it('reports nothing for an ad seen for less than a second', async () => {
    renderAt('/', <AdSlot city={undefined} listingSettled />);
    const card = (await screen.findByRole('heading', { name: 'Первое объявление' })).closest('article');
    vi.useFakeTimers();
    act(() => FakeIntersectionObserver.show(card as Element, 1));
    act(() => vi.advanceTimersByTime(999));
    act(() => FakeIntersectionObserver.show(card as Element, 0));
    act(() => vi.advanceTimersByTime(5_000));
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(impressionCalls()).toHaveLength(0);
  });

  it('invites advertisers in the same box when there are no ads', async () => {
    stubAds(() => ok({ ads: [] }));
    const { container } = renderAt('/', <AdSlot city="kazan" listingSettled />);
    expect(await screen.findByText('Здесь может быть ваша реклама')).toBeTruthy();
    expect(slot().getAttribute('data-state')).toBe('empty');
    expect(screen.getByRole('link', { name: 'Разместить рекламу' }).getAttribute('href')).toBe('/advister');
    await expectNoAxeViolations(container);
  });
});

describe('the ad slot in the listing', () => {
  it('asks for ads only after the listing has answered', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    calls = stubApi({
      'GET /model': async () => {
        await held;
        return ok(createModelList([createModelCard({ id: 1 })]));
      },
      'GET /ads': () => ok({ ads: twoAds }),
      'GET /streams/live': () => ok({ items: [] }),
    });
    renderAt('/category/individual?page=1&city=kazan', <CatalogRoutes />);
    expect(slot().getAttribute('data-state')).toBe('loading');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(adCalls()).toHaveLength(0);
    // The "live now" strip waits for the cards too.
    expect(calls.map((call) => call.path)).toEqual(['/model']);

    release();
    await screen.findAllByTestId('model-card');
    await screen.findByRole('heading', { name: 'Первое объявление' });
    expect(calls.map((call) => call.path).filter((path) => path !== '/streams/live')).toEqual([
      '/model',
      '/ads',
    ]);
    expect(adCalls()[0]?.url.searchParams.get('city')).toBe('kazan');
  });

  it('keeps the listing whole when ads fail, with the invitation in their box', async () => {
    stubAds(() => apiError(500, 'INTERNAL'));
    renderAt('/category/individual?page=1', <CatalogRoutes />);
    expect(await screen.findAllByTestId('model-card')).toHaveLength(2);
    expect(await screen.findByText('Здесь может быть ваша реклама')).toBeTruthy();
    expect(adCalls()).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
