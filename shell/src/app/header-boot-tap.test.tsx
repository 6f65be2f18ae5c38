import { render, screen } from '@testing-library/react';
import { i18n, PlatformProviders, queryClient } from 'platform';
import { ok, stubApi } from 'platform/testing';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { Header } from './header';

i18n.addResourceBundle('ru', 'shell', ru);
i18n.addResourceBundle('en', 'shell', en);

function renderHeader() {
  stubApi({
    'GET /auth/session': () => ok({ profile: null, canRefresh: false }),
    'GET /constants': () => ok({ siteSlogan: { ru: 'Слоган', en: 'Slogan' } }),
    'GET /model/online-count': () => ok({ count: 3 }),
    'GET /model/streaming-count': () => ok({ count: 1 }),
  });
  return render(
    <PlatformProviders>
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </PlatformProviders>,
  );
}

beforeEach(() => {
  queryClient.clear();
});
afterEach(() => {
  delete document.documentElement.dataset.bootTap;
});

describe('a tap on the menu button before the page was live', () => {
  it('marks the button for boot.js to keep a tap on it', () => {
    renderHeader();
    expect(screen.getByTestId('burger').getAttribute('data-boot-tap')).toBe('menu');
  });

  it('opens the menu once the header is live, and only once', async () => {
    document.documentElement.dataset.bootTap = 'menu';
    const first = renderHeader();
    expect(await screen.findByTestId('site-menu')).toBeTruthy();
    expect(document.documentElement.dataset.bootTap).toBeUndefined();
    first.unmount();
    renderHeader();
    expect(screen.queryByTestId('site-menu')).toBeNull();
  });

  it('leaves the menu closed without one', () => {
    renderHeader();
    expect(screen.queryByTestId('site-menu')).toBeNull();
  });
});
