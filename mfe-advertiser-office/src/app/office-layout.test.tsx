import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from 'platform';
import { Route, Routes } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { createProfile, ok, renderAt, stubApi } from '../testing/render';
import { OfficeLayout } from './office-layout';

function renderLayout(url: string) {
  return renderAt(
    url,
    <Routes>
      <Route element={<OfficeLayout />}>
        <Route path="*" element={<p>screen</p>} />
      </Route>
    </Routes>,
  );
}

function stubSession(unreadCount: number, balance = 1500) {
  stubApi({
    'GET /auth/session': () =>
      ok({ profile: createProfile({ balance, accountType: 'advister' }), canRefresh: false }),
    'GET /notifications/unread-count': () => ok({ unreadCount }),
  });
}

beforeEach(() => {
  void i18n.changeLanguage('ru');
});

describe('office layout', () => {
  it('lists the spec entries and marks the current one, editing counting as my ads', async () => {
    stubSession(0);
    const { container } = renderLayout('/advister/edit/7');
    const nav = screen.getByRole('navigation', { name: 'Меню кабинета' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Создать рекламу', 'Мои объявления', 'Мой профиль', 'Бонусы', 'Уведомления', 'Настройки']);
    const current = within(nav).getAllByRole('link', { current: 'page' });
    expect(current.map((link) => link.textContent)).toEqual(['Мои объявления']);
    expect(within(nav).getByRole('link', { name: 'Бонусы' }).getAttribute('href')).toBe(
      '/advister/edit/7#promo',
    );
    await screen.findAllByText('1 500 ₽', { normalizer: (text) => text.replace(/[\u00a0\u202f]/g, ' ') });
    await expectNoAxeViolations(container);
  });

  it('marks my profile only on /advister itself, and shows the unread badge (99+ above 99)', async () => {
    stubSession(120);
    renderLayout('/advister');
    const nav = screen.getByRole('navigation', { name: 'Меню кабинета' });
    expect(
      within(nav)
        .getAllByRole('link', { current: 'page' })
        .map((link) => link.textContent),
    ).toEqual(['Мой профиль']);
    await waitFor(() =>
      expect(within(nav).getByTestId('office-nav-notifications').textContent).toContain('99+'),
    );
  });

  it('opens the top-up dialog from the balance', async () => {
    const user = userEvent.setup();
    stubSession(0);
    renderLayout('/advister/ads');
    await user.click(screen.getAllByRole('button', { name: 'Пополнить' })[0] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Пополнение баланса' })).toBeTruthy();
  });
});
