import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from 'platform';
import { Route, Routes } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import ru from '../../../locales/ru.json';
import { createPaymentOrder, pageOf } from '../../../testing/records-builders';
import { createProfile, location, ok, renderAt, stubApi } from '../../../testing/render';
import PaymentPage from './payment-page';
import PaymentsPage from './payments-page';

const session = () => ok({ profile: createProfile({ accountRole: 'admin' }), canRefresh: false });
const text = (value: string | null | undefined) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => {
  void i18n.changeLanguage('ru');
});

describe('the payments', () => {
  it('lists orders with their gateway status and filters by status through the URL', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/payments/orders': (_body, call) =>
        ok(
          pageOf(
            call.url.searchParams.get('status') === 'failed'
              ? [createPaymentOrder({ status: 'failed', credited: 0, creditedKopecks: 0 })]
              : [createPaymentOrder(), createPaymentOrder({ id: 'b2', status: 'waiting', credited: 0 })],
          ),
        ),
    });
    const { container } = renderAt('/admin/payments', <PaymentsPage />);
    expect(await screen.findAllByTestId('order-row')).toHaveLength(2);
    expect(within(screen.getByTestId('orders-table')).getByText(ru.payments.status.waiting)).toBeTruthy();
    await expectNoAxeViolations(container);

    await user.selectOptions(screen.getByLabelText(ru.payments.filters.status), 'failed');
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
    expect(location.current).toBe('/admin/payments?status=failed');
    expect(calls.at(-1)?.url.searchParams.get('status')).toBe('failed');
    const row = screen.getByTestId('order-row');
    expect(within(row).getByRole('link', { name: 'anna@example.com' }).getAttribute('href')).toBe(
      '/admin/accounts/12',
    );
  });

  it("asks for one account's orders when the URL names it", async () => {
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/payments/orders': () => ok(pageOf([])),
    });
    renderAt('/admin/payments?accountId=12', <PaymentsPage />);
    expect(await screen.findByText(ru.payments.none)).toBeTruthy();
    expect(screen.getByText('Только аккаунт #12')).toBeTruthy();
    expect(calls.at(-1)?.url.searchParams.get('accountId')).toBe('12');
  });

  it("shows an order's amounts and every webhook as it arrived", async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/payments/orders/:id': () =>
        ok({
          order: createPaymentOrder({ bonusPercent: 10 }),
          webhooks: [
            {
              id: 1,
              receivedAt: '2026-11-20T10:04:00.000Z',
              processedAt: '2026-11-20T10:04:01.000Z',
              paymentStatus: 'finished',
              outcome: 'credited',
              rawBody: '{"payment_status":"finished","order_id":"0b7c"}',
            },
            {
              id: 2,
              receivedAt: '2026-11-20T10:06:00.000Z',
              processedAt: null,
              paymentStatus: null,
              outcome: 'rejected_signature',
              rawBody: 'not json',
            },
          ],
        }),
    });
    const { container } = renderAt(
      '/admin/payments/0b7c',
      <Routes>
        <Route path="/admin/payments/:id" element={<PaymentPage />} />
      </Routes>,
    );
    expect(text((await screen.findByRole('heading', { level: 1 })).textContent)).toBe(
      'Пополнение на 1 000 ₽',
    );
    const hooks = screen.getAllByTestId('webhook');
    expect(within(hooks[0] as HTMLElement).getByText(ru.payments.outcomes.credited)).toBeTruthy();
    expect(within(hooks[1] as HTMLElement).getByText(ru.payments.outcomes.rejected_signature)).toBeTruthy();
    await user.click(within(hooks[0] as HTMLElement).getByText(ru.payments.webhooks.body));
    expect((hooks[0] as HTMLElement).querySelector('pre')?.textContent).toContain(
      '"payment_status": "finished"',
    );
    await expectNoAxeViolations(container);
  });
});
