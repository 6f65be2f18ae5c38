import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from 'platform';
import { Route, Routes } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { createProfile, location, ok, renderAt, stubApi } from '../testing/render';
import { CabinetLayout } from './cabinet-layout';

function renderLayout(url: string) {
  return renderAt(
    url,
    <Routes>
      <Route element={<CabinetLayout />}>
        <Route path="*" element={<p>screen</p>} />
      </Route>
    </Routes>,
  );
}

function stubSession(unreadCount: number, balance = 1500) {
  stubApi({
    'GET /auth/session': () => ok({ profile: createProfile({ balance }), canRefresh: false }),
    'GET /notifications/unread-count': () => ok({ unreadCount }),
  });
}

beforeEach(() => {
  void i18n.changeLanguage('ru');
});

describe('cabinet layout', () => {
  it('marks the menu item of the current path, the editor counting as my profiles', async () => {
    stubSession(0);
    renderLayout('/profile/edit/7');
    const nav = screen.getByRole('navigation', { name: 'Меню кабинета' });
    const current = within(nav).getByRole('link', { current: 'page' });
    expect(current.textContent).toContain('Мои анкеты');
    expect(within(nav).getAllByRole('link', { current: 'page' })).toHaveLength(1);
  });

  it('lists every entry of the spec, bonuses as the #promo marker of the current page', async () => {
    stubSession(0);
    renderLayout('/profile/promotion?x=1');
    const nav = screen.getByRole('navigation', { name: 'Меню кабинета' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Главная',
      'Эфир',
      'Продвижение',
      'Мои анкеты',
      'Уведомления',
      'Бонусы',
      'Настройки',
    ]);
    expect(within(nav).getByRole('link', { name: 'Бонусы' }).getAttribute('href')).toBe(
      '/profile/promotion?x=1#promo',
    );
    await userEvent.click(within(nav).getByRole('link', { name: 'Бонусы' }));
    expect(location.current).toBe('/profile/promotion?x=1');
  });

  it('shows the unread badge capped at 99+ and hides it at 0', async () => {
    stubSession(150);
    const { unmount } = renderLayout('/profile');
    const nav = screen.getByRole('navigation', { name: 'Меню кабинета' });
    expect(await within(nav).findByText('99+')).toBeTruthy();
    unmount();

    stubSession(0);
    renderLayout('/profile');
    const again = screen.getByRole('navigation', { name: 'Меню кабинета' });
    await screen.findAllByText(/1\s500\s₽/);
    expect(within(again).queryByText('0')).toBeNull();
    expect(within(again).queryByText('99+')).toBeNull();
  });

  it('shows the balance with a top-up button, in English too, and is axe clean', async () => {
    stubSession(3, 2500);
    void i18n.changeLanguage('en');
    const { container } = renderLayout('/profile/analytics');
    const balance = await screen.findByTestId('cabinet-balance');
    await within(balance).findByText(/2,500/);
    expect(within(balance).getByRole('button', { name: 'Top up' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});
