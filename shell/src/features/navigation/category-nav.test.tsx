import { act, render, screen } from '@testing-library/react';
import { i18n, PlatformProviders } from 'platform';
import { MemoryRouter } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { CategoryNav } from './category-nav';
import { listingCategory } from './listing-address';

i18n.addResourceBundle('ru', 'shell', ru);
i18n.addResourceBundle('en', 'shell', en);

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('CategoryNav', () => {
  it('links the four categories to their first page', async () => {
    const { container } = render(
      <PlatformProviders>
        <MemoryRouter>
          <CategoryNav />
        </MemoryRouter>
      </PlatformProviders>,
    );
    expect(screen.getByRole('link', { name: 'Массаж' }).getAttribute('href')).toBe(
      '/category/massage?page=1',
    );
    expect(screen.getAllByRole('link')).toHaveLength(4);
    await expectNoAxeViolations(container);
  });

  it('gains its background only past 200 px of scroll', () => {
    render(
      <PlatformProviders>
        <MemoryRouter>
          <CategoryNav />
        </MemoryRouter>
      </PlatformProviders>,
    );
    const nav = screen.getByTestId('category-nav');
    scrollTo(200);
    expect(nav.hasAttribute('data-scrolled')).toBe(false);
    scrollTo(201);
    expect(nav.hasAttribute('data-scrolled')).toBe(true);
    scrollTo(0);
    expect(nav.hasAttribute('data-scrolled')).toBe(false);
  });

  it('marks the category the address names, on the server as in the browser', () => {
    const { unmount } = render(
      <PlatformProviders>
        <MemoryRouter initialEntries={['/category/massage?page=2']}>
          <CategoryNav />
        </MemoryRouter>
      </PlatformProviders>,
    );
    expect(screen.getByRole('link', { name: 'Массаж' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Индивидуалки' }).hasAttribute('aria-current')).toBe(false);
    unmount();
    render(
      <PlatformProviders>
        <MemoryRouter initialEntries={['/price']}>
          <CategoryNav />
        </MemoryRouter>
      </PlatformProviders>,
    );
    expect(screen.queryAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toHaveLength(0);
  });

  it('reads the category from the path, from ?category= on the home page, else the default', () => {
    expect(listingCategory('/category/elite', '?page=3')).toBe('elite');
    expect(listingCategory('/', '?category=bdsm')).toBe('bdsm');
    expect(listingCategory('/', '')).toBe('individual');
    expect(listingCategory('/category/unknown', '')).toBeNull();
    expect(listingCategory('/', '?category=unknown')).toBeNull();
    expect(listingCategory('/girl/12', '?category=bdsm')).toBeNull();
  });
});
