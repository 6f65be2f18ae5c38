import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, PlatformProviders, queryClient, refreshFlagAtom, store } from 'platform';
import { createProfile, ok, stubApi } from 'platform/testing';
import { MemoryRouter } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { Header } from '../../app/header';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';

i18n.addResourceBundle('ru', 'shell', ru);
i18n.addResourceBundle('en', 'shell', en);

function renderHeader(accountRole: 'user' | 'admin' | null) {
  stubApi({
    'GET /auth/session': () =>
      ok({
        profile: accountRole ? createProfile({ accountType: 'advister', accountRole }) : null,
        canRefresh: false,
      }),
    'GET /constants': () => ok({ siteSlogan: { ru: 'Слоган', en: 'Slogan' } }),
    'GET /model/online-count': () => ok({ count: 3 }),
    'GET /model/streaming-count': () => ok({ count: 1 }),
    'GET /notifications/unread-count': () => ok({ unreadCount: 0 }),
  });
  return render(
    <PlatformProviders>
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </PlatformProviders>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  store.set(refreshFlagAtom, null);
  await i18n.changeLanguage('ru');
});

describe('the administration link', () => {
  it('shows an admin "Администрирование" in the header, to /admin', async () => {
    const { container } = renderHeader('admin');
    const nav = screen.getByRole('navigation', { name: ru.header.navLabel });
    // Below 1024 px (the test window's width) the header hides its text links; the menus keep them.
    const link = await within(nav).findByTestId('admin-link');
    expect(link.textContent).toBe(ru.nav.admin);
    expect(link.getAttribute('href')).toBe('/admin');
    await expectNoAxeViolations(container);
  });

  it('is in the burger menu and in the cabinet menu of an admin, and closes the menu when followed', async () => {
    const user = userEvent.setup();
    renderHeader('admin');
    await screen.findByTestId('admin-link');
    await user.click(screen.getByTestId('burger'));
    const siteMenu = await screen.findByTestId('site-menu');
    await user.click(within(siteMenu).getByRole('link', { name: ru.nav.admin }));
    expect(screen.queryByTestId('site-menu')).toBeNull();

    await user.click(screen.getByTestId('cabinet-button'));
    const cabinetMenu = await screen.findByTestId('cabinet-menu');
    expect(within(cabinetMenu).getByRole('link', { name: ru.nav.admin }).getAttribute('href')).toBe('/admin');
  });

  it('is never shown to an account without the admin role, nor to a guest', async () => {
    const user = userEvent.setup();
    renderHeader('user');
    await screen.findByTestId('cabinet-button');
    expect(screen.queryByRole('link', { name: ru.nav.admin })).toBeNull();
    await user.click(screen.getByTestId('burger'));
    await screen.findByTestId('site-menu');
    expect(screen.queryByRole('link', { name: ru.nav.admin })).toBeNull();
  });

  it('reads "Administration" in English', async () => {
    await i18n.changeLanguage('en');
    renderHeader('admin');
    expect((await screen.findByTestId('admin-link')).textContent).toBe('Administration');
  });

  it('is not there for a guest', async () => {
    renderHeader(null);
    await screen.findByRole('link', { name: ru.nav.post });
    expect(screen.queryByTestId('admin-link')).toBeNull();
  });
});
