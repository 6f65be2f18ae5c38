import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractsLocales } from 'contracts/locales';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { keepActivePromo, readActivePromo } from '../../../lib/promos';
import { apiError, ok, renderAt, stubApi } from '../../../testing/render';
import { goToGateway } from '../model/go-to-gateway';
import TopUpDialog from './top-up-dialog';

vi.mock('../model/go-to-gateway', () => ({ goToGateway: vi.fn() }));

const validation = contractsLocales.ru.validation;
const ORDER = {
  id: '4f1c2a9e-8d3b-4c5a-9e7f-1a2b3c4d5e6f',
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
};
const PAYMENT_URL = `/api/payments/sandbox/${ORDER.id}?token=abc`;

/** Normalises the narrow no-break spaces Intl puts in amounts, so texts can be compared. */
const text = (value: string | null | undefined) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ');

function renderDialog(request: { shortBy?: number } = {}) {
  const onClose = vi.fn();
  const view = renderAt('/profile', <TopUpDialog request={request} onClose={onClose} />);
  return { ...view, onClose };
}

const amountField = () => screen.getByLabelText(ru.topUp.amount) as HTMLInputElement;
const payButton = () => screen.getByRole('button', { name: /Оплатить|Перейти к оплате/ });

beforeEach(() => {
  void i18n.changeLanguage('ru');
  localStorage.clear();
  vi.mocked(goToGateway).mockReset();
});
afterEach(() => localStorage.clear());

describe('the top-up dialog', () => {
  it('holds the amount to 500–100 000 rubles, checking on blur and on submit', async () => {
    stubApi({});
    renderDialog();
    const user = userEvent.setup();
    expect(amountField().value).toBe('500');
    await expectNoAxeViolations(document.body);

    await user.clear(amountField());
    await user.type(amountField(), '499');
    await user.tab();
    expect(await screen.findByText(text(validation.topUpModalMin))).toBeTruthy();

    await user.clear(amountField());
    await user.type(amountField(), '100001');
    expect(await screen.findByText(text(validation.topUpMax))).toBeTruthy();

    await user.clear(amountField());
    await user.click(payButton());
    expect(await screen.findByText(validation.topUpRequired)).toBeTruthy();
    expect(goToGateway).not.toHaveBeenCalled();
    await expectNoAxeViolations(document.body);
  });

  it('sets the amount from a chip and marks the chip pressed', async () => {
    stubApi({});
    renderDialog();
    const user = userEvent.setup();
    const chip = screen.getByRole('button', { name: (name) => text(name) === '2 000 ₽' });
    await user.click(chip);
    expect(amountField().value).toBe('2000');
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    expect(text(payButton().textContent)).toContain('Оплатить 2 000 ₽');
  });

  it('creates the order with the kept deposit bonus, shows what it adds, and goes to the gateway', async () => {
    keepActivePromo({
      code: 'BONUS10',
      description: '+10%',
      promoType: 'DEPOSIT_PERCENTAGE',
      amount: 10,
      activatedAt: '2026-01-01T09:00:00.000Z',
    });
    const calls = stubApi({
      'POST /payments/orders': () => ok({ order: ORDER, paymentUrl: PAYMENT_URL }, { status: 201 }),
    });
    renderDialog();
    const user = userEvent.setup();
    expect(text(screen.getByTestId('top-up-bonus').textContent)).toBe(
      'Бонус +10% по коду BONUS10: вы получите 550 ₽',
    );
    await user.clear(amountField());
    await user.type(amountField(), '505');
    expect(text(screen.getByTestId('top-up-bonus').textContent)).toContain('555,50 ₽');

    await user.click(payButton());
    await waitFor(() => expect(goToGateway).toHaveBeenCalledWith(PAYMENT_URL));
    expect(calls.map((call) => call.body)).toEqual([{ amount: 505, source: 'modal', promoCode: 'BONUS10' }]);
  });

  it('proposes what a purchase is short of, at least 500', async () => {
    stubApi({});
    renderDialog({ shortBy: 730 });
    expect(amountField().value).toBe('730');
    expect(text(screen.getByTestId('top-up-short-by').textContent)).toContain('730 ₽');
  });

  it('says to try a different amount when the server refuses it, and the spec’s error otherwise', async () => {
    stubApi({ 'POST /payments/orders': () => apiError(400, 'VALIDATION_FAILED') });
    renderDialog();
    const user = userEvent.setup();
    await user.click(payButton());
    expect(await screen.findByText(ru.topUp.errors.differentAmount)).toBeTruthy();

    stubApi({ 'POST /payments/orders': () => apiError(502, 'PAYMENT_FAILED') });
    await user.click(payButton());
    expect((await screen.findByRole('alert')).textContent).toBe(ru.topUp.errors.failed);
    expect(goToGateway).not.toHaveBeenCalled();
  });

  it('drops a kept code the server no longer honours', async () => {
    keepActivePromo({
      code: 'BONUS10',
      description: '+10%',
      promoType: 'DEPOSIT_PERCENTAGE',
      amount: 10,
      activatedAt: '2026-01-01T09:00:00.000Z',
    });
    stubApi({ 'POST /payments/orders': () => apiError(409, 'PROMO_ALREADY_USED') });
    renderDialog();
    await userEvent.click(payButton());
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(readActivePromo('DEPOSIT_PERCENTAGE')).toBeNull();
    expect(screen.queryByTestId('top-up-bonus')).toBeNull();
  });

  it('closes from its Cancel button', async () => {
    stubApi({});
    const { onClose } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: ru.common.cancel }));
    expect(onClose).toHaveBeenCalled();
  });
});
