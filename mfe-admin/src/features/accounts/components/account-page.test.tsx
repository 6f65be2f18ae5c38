import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from 'account-ui';
import type { AdminBalanceAdjustment } from 'contracts';
import { contractsLocales } from 'contracts/locales';
import { i18n } from 'platform';
import { Route, Routes } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import {
  createAccount,
  createAccountDetails,
  createLedgerLine,
  createPendingAdjustment,
} from '../../../testing/records-builders';
import { apiError, createProfile, ok, renderAt, stubApi } from '../../../testing/render';
import AccountPage from './account-page';

vi.mock('account-ui', async (original) => ({
  ...(await original<typeof import('account-ui')>()),
  notify: vi.fn(),
}));

const validation = contractsLocales.ru.validation;
const session = () => ok({ profile: createProfile({ accountRole: 'admin' }), canRefresh: false });
const noPending = () => ok({ items: [] });
const text = (value: string | null | undefined) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ');
const page = (
  <Routes>
    <Route path="/admin/accounts/:id" element={<AccountPage />} />
  </Routes>
);

beforeEach(() => {
  void i18n.changeLanguage('ru');
  vi.mocked(notify).mockReset();
});

describe("an account's page", () => {
  it('shows the balance, profiles, ledger and live sessions', async () => {
    stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/adjustments': noPending,
      'GET /admin-panel/accounts/:id': () => ok(createAccountDetails()),
    });
    const { container } = renderAt('/admin/accounts/12', page);
    expect(await screen.findByRole('heading', { level: 1, name: 'anna@example.com' })).toBeTruthy();
    expect(text(screen.getByTestId('account-balance').textContent)).toBe('1 500 ₽');
    expect(
      within(screen.getByTestId('account-profiles')).getByText(ru.records.profileStatus.published),
    ).toBeTruthy();
    expect(text(within(screen.getByTestId('account-ledger')).getByText(/1 500/).textContent)).toBe(
      '+1 500 ₽',
    );
    expect(within(screen.getByTestId('account-sessions')).getByText('203.0.113.7')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('blocks only with a comment, checked on blur and on submit, and sends it', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/adjustments': noPending,
      'GET /admin-panel/accounts/:id': () => ok(createAccountDetails()),
      'POST /admin-panel/accounts/:id/block': () =>
        ok(
          createAccountDetails({
            account: createAccount({ blockedAt: '2026-11-22T10:00:00.000Z', blockComment: 'Чужие фото' }),
          }),
        ),
    });
    renderAt('/admin/accounts/12', page);
    await user.click(await screen.findByRole('button', { name: ru.accounts.actions.block }));
    const dialog = await screen.findByRole('dialog', { name: 'Заблокировать anna@example.com?' });
    await expectNoAxeViolations(dialog);

    await user.click(within(dialog).getByRole('button', { name: ru.accounts.block.confirm }));
    expect(await within(dialog).findByText(validation.reasonRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const comment = within(dialog).getByLabelText(ru.accounts.block.comment);
    await user.type(comment, '   ');
    await user.tab();
    expect(within(dialog).getByText(validation.reasonRequired)).toBeTruthy();
    await user.type(comment, 'Чужие фото');
    await user.click(within(dialog).getByRole('button', { name: ru.accounts.block.confirm }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/admin-panel/accounts/12/block');
    expect(post?.body).toEqual({ reason: 'Чужие фото' });
    expect(notify).toHaveBeenCalledWith('success', 'Аккаунт anna@example.com заблокирован');
    expect(screen.getByTestId('account-block-note').textContent).toContain('Чужие фото');
    expect(screen.getByRole('button', { name: ru.accounts.actions.unblock })).toBeTruthy();
  });

  it("keeps the dialog open with the server's message when blocking fails", async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/adjustments': noPending,
      'GET /admin-panel/accounts/:id': () => ok(createAccountDetails()),
      'POST /admin-panel/accounts/:id/block': () => apiError(409, 'CONFLICT'),
    });
    renderAt('/admin/accounts/12', page);
    await user.click(await screen.findByRole('button', { name: ru.accounts.actions.block }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(ru.accounts.block.comment), 'Чужие фото');
    await user.click(within(dialog).getByRole('button', { name: ru.accounts.block.confirm }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('unblocks after a confirmation', async () => {
    const user = userEvent.setup();
    const blocked = createAccount({ blockedAt: '2026-11-22T10:00:00.000Z', blockComment: 'Чужие фото' });
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/adjustments': noPending,
      'GET /admin-panel/accounts/:id': () => ok(createAccountDetails({ account: blocked })),
      'POST /admin-panel/accounts/:id/unblock': () => ok(createAccountDetails()),
    });
    renderAt('/admin/accounts/12', page);
    await user.click(await screen.findByRole('button', { name: ru.accounts.actions.unblock }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: ru.accounts.unblock.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.path).toBe('/admin-panel/accounts/12/unblock');
    expect(notify).toHaveBeenCalledWith('success', 'Аккаунт anna@example.com разблокирован');
    expect(screen.getByRole('button', { name: ru.accounts.actions.block })).toBeTruthy();
  });

  it("offers no block for an advertiser, and lists the advertiser's campaigns", async () => {
    stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/adjustments': noPending,
      'GET /admin-panel/accounts/:id': () =>
        ok(
          createAccountDetails({
            account: createAccount({ accountType: 'advister', email: 'shop@example.com' }),
            profiles: [],
            campaigns: [
              {
                id: 3,
                heading: 'Вечер в спа',
                status: 'published',
                startsAt: '2026-12-01',
                endsAt: '2026-12-10',
                impressionsBought: 5000,
                impressionsDelivered: 1234,
                impressionsRefused: 2500,
                clicksRefused: 7,
                createdAt: '2026-11-20T10:00:00.000Z',
              },
            ],
          }),
        ),
    });
    renderAt('/admin/accounts/13', page);
    const campaigns = await screen.findByTestId('account-campaigns');
    expect(text(within(campaigns).getByText(/1 234/).textContent)).toBe('1 234 из 5 000');
    // Refused impressions and clicks (not counted, not billed) have their own column.
    expect(within(campaigns).getByRole('columnheader', { name: ru.accounts.campaigns.refused })).toBeTruthy();
    expect(text(within(campaigns).getByTestId('campaign-refused').textContent)).toBe(
      'показов: 2 500, переходов: 7',
    );
    expect(screen.queryByRole('button', { name: ru.accounts.actions.block })).toBeNull();
  });

  it('adds a ledger entry with a reason; taking away more than the balance shows at the amount', async () => {
    const user = userEvent.setup();
    let adjusted = false;
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/adjustments': noPending,
      'GET /admin-panel/accounts/:id': () => ok(createAccountDetails()),
      'POST /admin-panel/accounts/:id/adjustments': (body) => {
        if ((body as { amount: number }).amount < -1500) return apiError(409, 'INSUFFICIENT_BALANCE');
        adjusted = true;
        return ok(
          createAccountDetails({
            balance: 1000,
            ledger: [
              createLedgerLine({
                id: 502,
                kind: 'adjustment',
                amount: -500,
                metadata: { reason: 'Двойное начисление' },
              }),
              createLedgerLine(),
            ],
          }),
          { status: 201 },
        );
      },
    });
    renderAt('/admin/accounts/12', page);
    await user.click(await screen.findByRole('button', { name: ru.accounts.actions.adjust }));
    const dialog = await screen.findByRole('dialog', { name: ru.accounts.adjust.title });
    await user.click(within(dialog).getByRole('button', { name: ru.accounts.adjust.confirm }));
    expect(await within(dialog).findByText(validation.required)).toBeTruthy();
    expect(within(dialog).getByText(validation.reasonRequired)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(ru.accounts.adjust.amount), '0,001');
    await user.type(within(dialog).getByLabelText(ru.accounts.adjust.reason), 'ok');
    await user.tab();
    expect(await within(dialog).findByText(validation.invalidAdjustment)).toBeTruthy();
    expect(within(dialog).getByText(validation.reasonTooShort)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(ru.accounts.adjust.reason));
    await user.clear(within(dialog).getByLabelText(ru.accounts.adjust.amount));
    await user.type(within(dialog).getByLabelText(ru.accounts.adjust.amount), '-2000');
    expect(text(within(dialog).getByText(/Баланс станет/).textContent)).toBe('Баланс станет -500 ₽');
    await user.type(within(dialog).getByLabelText(ru.accounts.adjust.reason), 'Двойное начисление');
    await user.click(within(dialog).getByRole('button', { name: ru.accounts.adjust.confirm }));
    expect(await within(dialog).findByText(ru.accounts.adjust.tooMuch)).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(ru.accounts.adjust.amount));
    await user.type(within(dialog).getByLabelText(ru.accounts.adjust.amount), '-500');
    await user.click(within(dialog).getByRole('button', { name: ru.accounts.adjust.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(adjusted).toBe(true);
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      amount: -500,
      reason: 'Двойное начисление',
    });
    expect(within(screen.getByTestId('account-ledger')).getByText('Двойное начисление')).toBeTruthy();
    expect(text(screen.getByTestId('account-balance').textContent)).toBe('1 000 ₽');
  });

  it('says a large adjustment waits for a second administrator, and shows it pending with nothing moved', async () => {
    const user = userEvent.setup();
    let pending: AdminBalanceAdjustment[] = [];
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/accounts/:id': () => ok(createAccountDetails()),
      'GET /admin-panel/adjustments': () => ok({ items: pending }),
      'POST /admin-panel/accounts/:id/adjustments': (body) => {
        const { amount, reason } = body as { amount: number; reason: string };
        pending = [
          createPendingAdjustment({
            amount,
            reason,
            requestedBy: { id: 2, email: 'admin@anketa.local' },
            canApprove: false,
          }),
        ];
        return ok({ adjustment: pending[0] }, { status: 202 });
      },
    });
    const { container } = renderAt('/admin/accounts/12', page);
    await user.click(await screen.findByRole('button', { name: ru.accounts.actions.adjust }));
    const dialog = await screen.findByRole('dialog', { name: ru.accounts.adjust.title });
    expect(within(dialog).getByText(new RegExp(ru.accounts.adjust.approvalNote))).toBeTruthy();
    await user.type(within(dialog).getByLabelText(ru.accounts.adjust.amount), '25000');
    await user.type(within(dialog).getByLabelText(ru.accounts.adjust.reason), 'Возврат за сбой оплаты');
    await user.click(within(dialog).getByRole('button', { name: ru.accounts.adjust.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(text(vi.mocked(notify).mock.calls.at(-1)?.[1] as string)).toBe(
      'Корректировка на +25 000 ₽ ждёт одобрения второго администратора: баланс пока не изменён',
    );

    const row = await screen.findByTestId('pending-adjustment');
    expect(within(row).getByText('Возврат за сбой оплаты')).toBeTruthy();
    expect(within(row).getByText(ru.accounts.pending.waiting)).toBeTruthy();
    // Its requester cannot approve it, only withdraw it.
    expect(within(row).queryByRole('button', { name: /Одобрить/ })).toBeNull();
    expect(within(row).getByRole('button', { name: /Отклонить корректировку на \+25/ })).toBeTruthy();
    // Nothing moved.
    expect(text(screen.getByTestId('account-balance').textContent)).toBe('1 500 ₽');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it('refuses to adjust an administrator’s own balance with a translated message', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/adjustments': noPending,
      'GET /admin-panel/accounts/:id': () => ok(createAccountDetails()),
      'POST /admin-panel/accounts/:id/adjustments': () => apiError(403, 'ADJUSTMENT_OWN_ACCOUNT'),
    });
    renderAt('/admin/accounts/12', page);
    await user.click(await screen.findByRole('button', { name: ru.accounts.actions.adjust }));
    const dialog = await screen.findByRole('dialog', { name: ru.accounts.adjust.title });
    await user.type(within(dialog).getByLabelText(ru.accounts.adjust.amount), '100');
    await user.type(within(dialog).getByLabelText(ru.accounts.adjust.reason), 'Себе');
    await user.click(within(dialog).getByRole('button', { name: ru.accounts.adjust.confirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ru.accounts.adjust.ownAccount);
    expect(text(screen.getByTestId('account-balance').textContent)).toBe('1 500 ₽');
    expect(en.accounts.adjust.ownAccount).toBe(
      'You cannot adjust your own balance: ask another administrator',
    );
  });

  it('lets another administrator approve or decline a pending adjustment, and refreshes the balance', async () => {
    const user = userEvent.setup();
    let pending = [
      createPendingAdjustment(),
      createPendingAdjustment({ id: 42, amount: -12_000, reason: 'Ошибочное начисление' }),
    ];
    let balance = 1500;
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/accounts/:id': () => ok(createAccountDetails({ balance })),
      'GET /admin-panel/adjustments': () => ok({ items: pending }),
      'POST /admin-panel/adjustments/:id/approve': () => {
        const [approved] = pending;
        pending = pending.slice(1);
        balance += 25_000;
        return ok({ ...approved, status: 'approved', canApprove: false });
      },
      'POST /admin-panel/adjustments/:id/decline': () => apiError(409, 'ADJUSTMENT_DECIDED'),
    });
    renderAt('/admin/accounts/12', page);
    expect(await screen.findAllByTestId('pending-adjustment')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Ждут одобрения (2)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Одобрить корректировку на \+25/ }));
    await waitFor(() => expect(screen.getAllByTestId('pending-adjustment')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.url.pathname).toBe(
      '/api/admin-panel/adjustments/41/approve',
    );
    await waitFor(() => expect(text(screen.getByTestId('account-balance').textContent)).toBe('26 500 ₽'));
    expect(text(vi.mocked(notify).mock.calls.at(-1)?.[1] as string)).toBe(
      'Корректировка на +25 000 ₽ одобрена и проведена',
    );

    // Decided meanwhile by someone else: the server's reason is shown, and the list is read again.
    await user.click(screen.getByRole('button', { name: /Отклонить корректировку на -12/ }));
    await waitFor(() => expect(vi.mocked(notify).mock.calls.at(-1)?.[0]).toBe('error'));
    expect(vi.mocked(notify).mock.calls.at(-1)?.[1]).toBe(contractsLocales.ru.errors.ADJUSTMENT_DECIDED);
  });
});
