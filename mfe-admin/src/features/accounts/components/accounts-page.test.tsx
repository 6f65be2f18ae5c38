import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { notify } from 'account-ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { createAccount, createPendingAdjustment, pageOf } from '../../../testing/records-builders';
import { createProfile, location, ok, renderAt, stubApi } from '../../../testing/render';
import AccountsPage from './accounts-page';

// The toast is the shell's: a test sees what is announced, and nothing loads the toast module
// after the file has ended.
vi.mock('account-ui', async (original) => ({
  ...(await original<typeof import('account-ui')>()),
  notify: vi.fn(),
}));

const session = () => ok({ profile: createProfile({ accountRole: 'admin' }), canRefresh: false });

beforeEach(() => {
  void i18n.changeLanguage('ru');
  vi.mocked(notify).mockReset();
});

describe('the accounts list', () => {
  it('searches by what was typed and links each account to its page', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/adjustments': () => ok({ items: [] }),
      'GET /admin-panel/accounts': (_body, call) =>
        ok(
          pageOf(
            call.url.searchParams.get('q') === 'anna'
              ? [createAccount({ blockedAt: '2026-11-01T10:00:00.000Z', blockComment: 'Фото не её' })]
              : [
                  createAccount(),
                  createAccount({ id: 13, email: 'shop@example.com', accountType: 'advister' }),
                ],
          ),
        ),
    });
    const { container } = renderAt('/admin/accounts', <AccountsPage />);
    expect(await screen.findByText('shop@example.com')).toBeTruthy();
    expect(screen.getByText('Найдено 2 аккаунта')).toBeTruthy();
    await expectNoAxeViolations(container);

    await user.type(screen.getByRole('searchbox', { name: ru.accounts.search.label }), 'anna');
    await user.keyboard('{Enter}');
    const row = await screen.findByTestId('account-row-12');
    expect(screen.queryByText('shop@example.com')).toBeNull();
    expect(within(row).getByText(ru.accounts.state.blocked)).toBeTruthy();
    expect(calls.at(-1)?.url.searchParams.get('q')).toBe('anna');
    expect(location.current).toBe('/admin/accounts?q=anna');
    expect(within(row).getByRole('link', { name: 'anna@example.com' }).getAttribute('href')).toBe(
      '/admin/accounts/12',
    );
  });

  it('says when nothing matches', async () => {
    stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/adjustments': () => ok({ items: [] }),
      'GET /admin-panel/accounts': () => ok(pageOf([])),
    });
    renderAt('/admin/accounts?q=nobody', <AccountsPage />);
    expect(await screen.findByText('По запросу «nobody» ничего не найдено')).toBeTruthy();
  });

  it('pages through the results, keeping the search', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/adjustments': () => ok({ items: [] }),
      'GET /admin-panel/accounts': (_body, call) =>
        ok(
          pageOf([createAccount()], {
            page: Number(call.url.searchParams.get('page')),
            pageCount: 3,
            total: 41,
          }),
        ),
    });
    renderAt('/admin/accounts?q=a', <AccountsPage />);
    await user.click(await screen.findByRole('button', { name: ru.records.pager.next }));
    expect(location.current).toBe('/admin/accounts?q=a&page=2');
    expect(await screen.findByText('Страница 2 из 3')).toBeTruthy();
    expect(calls.at(-1)?.url.searchParams.get('page')).toBe('2');
  });

  it('lists every account’s adjustments waiting for a second administrator, each approvable there', async () => {
    const user = userEvent.setup();
    let pending = [
      createPendingAdjustment(),
      createPendingAdjustment({
        id: 43,
        account: { id: 14, email: 'bella@example.com' },
        amount: -30_000,
        requestedBy: { id: 2, email: 'admin@anketa.local' },
        canApprove: false,
      }),
    ];
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/accounts': () => ok(pageOf([createAccount()])),
      'GET /admin-panel/adjustments': () => ok({ items: pending }),
      'POST /admin-panel/adjustments/:id/approve': () => {
        const [approved] = pending;
        pending = pending.slice(1);
        return ok({ ...approved, status: 'approved', canApprove: false });
      },
    });
    const { container } = renderAt('/admin/accounts', <AccountsPage />);
    const rows = await screen.findAllByTestId('pending-adjustment');
    expect(rows).toHaveLength(2);
    expect(calls.find((call) => call.url.pathname === '/api/admin-panel/adjustments')?.url.search).toBe('');
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'anna@example.com' }).getAttribute('href')).toBe(
      '/admin/accounts/12',
    );
    expect(within(second).getByText(ru.accounts.pending.waiting)).toBeTruthy();
    await expectNoAxeViolations(container);

    await user.click(within(first).getByRole('button', { name: /Одобрить/ }));
    await waitFor(() => expect(screen.getAllByTestId('pending-adjustment')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.url.pathname).toBe(
      '/api/admin-panel/adjustments/41/approve',
    );
    expect(vi.mocked(notify).mock.calls.at(-1)?.[0]).toBe('success');
  });
});
