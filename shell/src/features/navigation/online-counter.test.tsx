import { render, screen } from '@testing-library/react';
import { i18n, PlatformProviders, queryClient } from 'platform';
import { ok, stubApi } from 'platform/testing';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { OnlineCounter } from './online-counter';

i18n.addResourceBundle('ru', 'shell', ru);
i18n.addResourceBundle('en', 'shell', en);

/** Where the counter leads from `address`. */
function targetFrom(address: string) {
  stubApi({ 'GET /model/online-count': () => ok({ count: 3 }) });
  const { unmount } = render(
    <PlatformProviders>
      <MemoryRouter initialEntries={[address]}>
        <OnlineCounter />
      </MemoryRouter>
    </PlatformProviders>,
  );
  const href = screen.getByTestId('online-counter').getAttribute('href');
  unmount();
  return href;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('ru');
});

describe('the online counter', () => {
  it('adds online=true to the listing’s query, keeping its filters and going back to the first page', () => {
    expect(targetFrom('/category/massage?page=3&city=moscow&metro=arbat&ageFrom=25')).toBe(
      '/category/massage?page=1&city=moscow&metro=arbat&ageFrom=25&online=true',
    );
  });

  it('takes the category of the home listing from its query into the path', () => {
    expect(targetFrom('/?category=elite&city=spb')).toBe('/category/elite?city=spb&page=1&online=true');
    expect(targetFrom('/')).toBe('/category/individual?page=1&online=true');
  });

  it('leads off a listing to the default category’s online profiles, with nothing of that page', () => {
    expect(targetFrom('/price?tab=ads')).toBe('/category/individual?page=1&online=true');
    // A category no listing has is not a listing (the page says it is not found).
    expect(targetFrom('/category/unknown?city=spb')).toBe('/category/individual?page=1&online=true');
  });
});
