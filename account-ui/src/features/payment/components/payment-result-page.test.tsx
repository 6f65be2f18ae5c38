import { act, screen, waitFor } from '@testing-library/react';
import type { PaymentOrder } from 'contracts';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { keepActivePromo, readActivePromo } from '../../../lib/promos';
import { apiError, createProfile, ok, renderAt, stubApi } from '../../../testing/render';
import { POLL_INTERVAL_MS } from '../api/get-payment-order';
import PaymentResultPage, { POLL_LIMIT_MS } from './payment-result-page';

const ID = '4f1c2a9e-8d3b-4c5a-9e7f-1a2b3c4d5e6f';
const order = (overrides: Partial<PaymentOrder> = {}): PaymentOrder => ({
  id: ID,
  provider: 'sandbox',
  amount: 500,
  status: 'created',
  credited: 0,
  promoCode: null,
  bonusPercent: null,
  bonus: 0,
  payCurrency: 'usdttrc20',
  payAmount: '5.00',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  ...overrides,
});
const session = (balance: number) => ok({ profile: createProfile({ balance }), canRefresh: false });
const text = (value: string | null | undefined) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ');
const heading = () => screen.findByRole('heading', { level: 1 });

function renderPage(outcome: 'pending' | 'success' | 'error', search = `?order=${ID}`) {
  return renderAt(`/profile/payment/crypto/${outcome}${search}`, <PaymentResultPage outcome={outcome} />);
}

beforeEach(() => {
  void i18n.changeLanguage('ru');
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('the payment result page', () => {
  it('asks the server until the webhook settles the order, then shows the new balance', async () => {
    let answers = [order(), order({ status: 'confirming' }), order({ status: 'finished', credited: 500 })];
    let balance = 0;
    const calls = stubApi({
      'GET /auth/session': () => session(balance),
      'GET /payments/orders/:id': () => {
        const [next, ...rest] = answers;
        if (rest.length) answers = rest;
        if (next?.status === 'finished') balance = 500;
        return ok(next);
      },
    });
    const { container } = renderPage('success');
    expect((await heading()).textContent).toBe(ru.payment.pending.title);
    expect(screen.queryByTestId('payment-paid')).toBeNull();
    await expectNoAxeViolations(container);

    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2));
    await waitFor(async () => expect((await heading()).textContent).toBe(ru.payment.paid.title));
    await waitFor(() => expect(text(screen.getByTestId('payment-balance').textContent)).toBe('500 ₽'));
    expect(calls.filter((call) => call.path === `/payments/orders/${ID}`)).toHaveLength(3);
    expect(calls.filter((call) => call.path === '/auth/session').length).toBeGreaterThanOrEqual(2);
    await expectNoAxeViolations(container);

    // Settled: no more questions.
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
    expect(calls.filter((call) => call.path === `/payments/orders/${ID}`)).toHaveLength(3);
  });

  it('does not claim success on the /success path while the order is still pending', async () => {
    stubApi({ 'GET /auth/session': () => session(0), 'GET /payments/orders/:id': () => ok(order()) });
    renderPage('success');
    expect((await heading()).textContent).toBe(ru.payment.pending.title);
    expect(screen.getByTestId('payment-waiting')).toBeTruthy();
    expect(screen.queryByText(ru.payment.paid.title)).toBeNull();
  });

  it('says paid on the /error path when the server says the order is paid, and spends the kept bonus code', async () => {
    keepActivePromo({
      code: 'BONUS10',
      description: '+10%',
      promoType: 'DEPOSIT_PERCENTAGE',
      amount: 10,
      activatedAt: '2026-01-01T09:00:00.000Z',
    });
    stubApi({
      'GET /auth/session': () => session(550),
      'GET /payments/orders/:id': () =>
        ok(order({ status: 'finished', credited: 500, promoCode: 'BONUS10', bonusPercent: 10, bonus: 50 })),
    });
    renderPage('error');
    expect((await heading()).textContent).toBe(ru.payment.paid.title);
    expect(text(screen.getByRole('status').textContent)).toBe('Зачислено 500 ₽. Бонус: 50 ₽.');
    await waitFor(() => expect(readActivePromo('DEPOSIT_PERCENTAGE')).toBeNull());
  });

  it('says the payment failed when the gateway failed it', async () => {
    stubApi({
      'GET /auth/session': () => session(0),
      'GET /payments/orders/:id': () => ok(order({ status: 'failed' })),
    });
    renderPage('error');
    expect((await heading()).textContent).toBe(ru.payment.failed.title);
    expect(screen.getByRole('link', { name: ru.payment.backToCabinet }).getAttribute('href')).toBe(
      '/profile',
    );
  });

  it('stops asking after a few minutes and says to check later, then can check again', async () => {
    const calls = stubApi({
      'GET /auth/session': () => session(0),
      'GET /payments/orders/:id': () => ok(order({ status: 'waiting' })),
    });
    renderPage('success');
    expect((await heading()).textContent).toBe(ru.payment.pending.title);
    await act(() => vi.advanceTimersByTimeAsync(POLL_LIMIT_MS + POLL_INTERVAL_MS));
    expect((await heading()).textContent).toBe(ru.payment.stillWaiting.title);
    const asked = calls.length;
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5));
    expect(calls.length).toBe(asked);

    stubApi({
      'GET /auth/session': () => session(500),
      'GET /payments/orders/:id': () => ok(order({ status: 'finished', credited: 500 })),
    });
    screen.getByRole('button', { name: ru.payment.stillWaiting.checkAgain }).click();
    await waitFor(async () => expect((await heading()).textContent).toBe(ru.payment.paid.title));
  });

  it('names no order for a link without one, and an unknown one for a 404', async () => {
    stubApi({ 'GET /auth/session': () => session(0) });
    renderPage('success', '');
    expect((await heading()).textContent).toBe(ru.payment.unknown.title);
    expect(screen.getByText(ru.payment.unknown.missing)).toBeTruthy();

    stubApi({
      'GET /auth/session': () => session(0),
      'GET /payments/orders/:id': () => apiError(404, 'NOT_FOUND'),
    });
    renderPage('success');
    await waitFor(() => expect(screen.getByText(ru.payment.unknown.text)).toBeTruthy());
  });

  it('asks a guest to sign in, and reads no order', async () => {
    const calls = stubApi({ 'GET /auth/session': () => ok({ profile: null, canRefresh: false }) });
    const { container } = renderPage('success');
    expect((await heading()).textContent).toBe(ru.payment.guest.title);
    expect(screen.getByRole('link', { name: ru.payment.guest.signIn }).getAttribute('href')).toBe(
      '/login/girl',
    );
    expect(calls.map((call) => call.path)).toEqual(['/auth/session']);
    await expectNoAxeViolations(container);
  });

  describe("in the advertiser's office", () => {
    const renderOffice = (search = `?order=${ID}`) =>
      renderAt(`/advister/payment/crypto/success${search}`, <PaymentResultPage outcome="success" />, {
        accountType: 'advister',
      });
    const advertiser = (balance: number) =>
      ok({ profile: createProfile({ balance, accountType: 'advister' }), canRefresh: false });

    it('shows the paid order and leads back to /advister', async () => {
      stubApi({
        'GET /auth/session': () => advertiser(500),
        'GET /payments/orders/:id': () => ok(order({ status: 'finished', credited: 500 })),
      });
      const { container } = renderOffice();
      await waitFor(async () => expect((await heading()).textContent).toBe(ru.payment.paid.title));
      expect(screen.getByRole('link', { name: ru.payment.backToCabinet }).getAttribute('href')).toBe(
        '/advister',
      );
      await expectNoAxeViolations(container);
    });

    it('asks a guest to sign in as an advertiser', async () => {
      stubApi({ 'GET /auth/session': () => ok({ profile: null, canRefresh: false }) });
      renderOffice();
      await heading();
      expect(screen.getByRole('link', { name: ru.payment.guest.signIn }).getAttribute('href')).toBe(
        '/login/advister',
      );
    });

    it("sends a model's account to her own cabinet and reads no order", async () => {
      const calls = stubApi({ 'GET /auth/session': () => session(0) });
      renderOffice();
      expect((await heading()).textContent).toBe(ru.payment.unknown.title);
      expect(screen.getByText(ru.payment.unknown.otherArea.girl)).toBeTruthy();
      expect(
        screen.getByRole('link', { name: ru.payment.unknown.toOtherArea.girl }).getAttribute('href'),
      ).toBe('/profile');
      expect(calls.map((call) => call.path)).toEqual(['/auth/session']);
    });
  });
});
