import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractsLocales } from 'contracts/locales';
import { i18n, queryClient, type SessionProfile, sessionKeys } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { keepActivePromo, readActivePromo } from '../../../lib/promos';
import { notify } from '../../../lib/notify';
import { apiError, createProfile, ok, renderAt, stubApi } from '../../../testing/render';
import BonusesPage from './bonuses-page';
import PromoDialog from './promo-dialog';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));

const validation = contractsLocales.ru.validation;
const text = (value: string | null | undefined) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ');
const codeField = () => screen.getByRole('textbox', { name: ru.bonuses.form.code }) as HTMLInputElement;
const activateButton = () => screen.getByRole('button', { name: ru.bonuses.form.activate });
const activated = (promoType: 'BALANCE_AMOUNT' | 'DEPOSIT_PERCENTAGE', code: string, amount: number) =>
  ok({
    promocode: { code, description: `${code} description`, promoType, amount },
    activatedAt: '2026-01-02T10:00:00.000Z',
    balance: promoType === 'BALANCE_AMOUNT' ? 100 + amount : 100,
  });

function renderPage() {
  const view = renderAt('/profile/bonuses', <BonusesPage />);
  queryClient.setQueryData(sessionKeys.profile(), createProfile({ balance: 100, balanceKopecks: 10_000 }));
  return view;
}

beforeEach(() => {
  void i18n.changeLanguage('ru');
  localStorage.clear();
  vi.mocked(notify).mockReset();
});
afterEach(() => localStorage.clear());

describe('the bonuses page', () => {
  it('upper-cases the code, keeps Activate disabled while empty, and says when it is too short', async () => {
    stubApi({});
    const { container } = renderPage();
    const user = userEvent.setup();
    expect(activateButton()).toHaveProperty('disabled', true);
    await expectNoAxeViolations(container);

    await user.click(codeField());
    await user.tab();
    expect(await screen.findByText(validation.promoRequired)).toBeTruthy();

    await user.type(codeField(), 'ab');
    expect(codeField().value).toBe('AB');
    expect(activateButton()).toHaveProperty('disabled', false);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(validation.promoTooShort)).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('activates a balance code on Enter: the toast, the balance at once and the kept bonus', async () => {
    const calls = stubApi({ 'POST /promo/activate': () => activated('BALANCE_AMOUNT', 'WELCOME100', 100) });
    renderPage();
    const user = userEvent.setup();
    await user.type(codeField(), 'welcome100{Enter}');

    await waitFor(() => expect(notify).toHaveBeenCalled());
    const [kind, message] = vi.mocked(notify).mock.calls[0] ?? [];
    expect([kind, text(message)]).toEqual(['success', 'Бонус 100 ₽ зачислен на баланс']);
    expect(calls.map((call) => call.body)).toEqual([{ code: 'WELCOME100' }]);
    expect(queryClient.getQueryData<SessionProfile>(sessionKeys.profile())?.balance).toBe(200);
    expect(readActivePromo('BALANCE_AMOUNT')?.code).toBe('WELCOME100');
    expect(text(screen.getByTestId('active-bonus-BALANCE_AMOUNT').textContent)).toContain('100 ₽');
    expect(codeField().value).toBe('');
  });

  it('keeps a deposit code for the next top-up, and deletes it with its own toast', async () => {
    stubApi({ 'POST /promo/activate': () => activated('DEPOSIT_PERCENTAGE', 'BONUS10', 10) });
    renderPage();
    const user = userEvent.setup();
    await user.type(codeField(), 'bonus10');
    await user.click(activateButton());
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'success',
        ru.bonuses.toasts.depositActivated.replace('{{percent}}', '10'),
      ),
    );
    expect(readActivePromo('DEPOSIT_PERCENTAGE')).toMatchObject({ code: 'BONUS10', amount: 10 });
    expect(screen.getByTestId('active-bonus-DEPOSIT_PERCENTAGE').textContent).toContain('+10%');

    await user.click(screen.getByRole('button', { name: 'Удалить бонус BONUS10' }));
    expect(readActivePromo('DEPOSIT_PERCENTAGE')).toBeNull();
    expect(notify).toHaveBeenLastCalledWith('success', ru.bonuses.toasts.depositRemoved);
    expect(screen.getByText(ru.bonuses.active.empty)).toBeTruthy();
  });

  it.each([
    ['an invalid code', () => apiError(404, 'PROMO_INVALID'), ru.bonuses.errors.invalid],
    ['a code for advertisers', () => apiError(403, 'PROMO_NOT_FOR_ROLE'), ru.bonuses.errors.notForRole],
    [
      'a used code (the server’s message)',
      () => apiError(409, 'PROMO_ALREADY_USED'),
      contractsLocales.ru.errors.PROMO_ALREADY_USED,
    ],
  ])('shows the error under the input for %s', async (_name, answer, message) => {
    stubApi({ 'POST /promo/activate': answer });
    renderPage();
    const user = userEvent.setup();
    await user.type(codeField(), 'SUMMER{Enter}');
    await waitFor(() => expect(codeField().getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText((_, node) => node?.tagName === 'P' && text(node.textContent) === message),
    ).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('error', expect.any(String));
    expect(readActivePromo('BALANCE_AMOUNT')).toBeNull();
  });

  it('lists kept bonuses and the information card about both kinds', () => {
    keepActivePromo({
      code: 'BONUS10',
      description: '+10% к следующему пополнению',
      promoType: 'DEPOSIT_PERCENTAGE',
      amount: 10,
      activatedAt: '2026-01-01T09:00:00.000Z',
    });
    stubApi({});
    renderPage();
    expect(screen.getByTestId('active-bonus-DEPOSIT_PERCENTAGE')).toBeTruthy();
    expect(screen.getByRole('heading', { name: ru.bonuses.info.title })).toBeTruthy();
    expect(screen.getByText(ru.bonuses.info.depositTitle)).toBeTruthy();
    expect(screen.getByText(ru.bonuses.info.balanceTitle)).toBeTruthy();
  });
});

describe('the promo dialog', () => {
  it('activates a code, closes, and links to the bonuses page', async () => {
    stubApi({ 'POST /promo/activate': () => activated('BALANCE_AMOUNT', 'WELCOME100', 100) });
    const onClose = vi.fn();
    renderAt('/profile#promo', <PromoDialog onClose={onClose} />);
    screen.getByRole('dialog', { name: ru.bonuses.dialog.title });
    expect(screen.getByRole('link', { name: ru.bonuses.dialog.toPage }).getAttribute('href')).toBe(
      '/profile/bonuses',
    );
    await expectNoAxeViolations(document.body);
    await userEvent.type(codeField(), 'welcome100{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
