import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from 'account-ui';
import { contractsLocales } from 'contracts/locales';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { createPromoCode, pageOf } from '../../../testing/records-builders';
import { apiError, createProfile, ok, renderAt, stubApi } from '../../../testing/render';
import PromoPage from './promo-page';

vi.mock('account-ui', async (original) => ({
  ...(await original<typeof import('account-ui')>()),
  notify: vi.fn(),
}));

const validation = contractsLocales.ru.validation;
const session = () => ok({ profile: createProfile({ accountRole: 'admin' }), canRefresh: false });
const text = (value: string | null | undefined) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => {
  void i18n.changeLanguage('ru');
  vi.mocked(notify).mockReset();
});

describe('the promo codes', () => {
  it('lists what each code gives, to whom, how often and when', async () => {
    stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/promo-codes': () =>
        ok(
          pageOf([
            createPromoCode(),
            createPromoCode({
              id: 3,
              code: 'TOPUP10',
              promoType: 'DEPOSIT_PERCENTAGE',
              amount: 10,
              accountType: null,
              maxActivations: null,
              validFrom: null,
              validUntil: null,
              isActive: false,
            }),
          ]),
        ),
    });
    const { container } = renderAt('/admin/promo-codes', <PromoPage />);
    const spring = await screen.findByTestId('promo-SPRING500');
    expect(text(within(spring).getByText(/на баланс/).textContent)).toBe('500 ₽ на баланс');
    expect(within(spring).getByText('7 из 100')).toBeTruthy();
    expect(within(spring).getByText(ru.promo.onlyFor.girl)).toBeTruthy();
    expect(within(spring).getByText('Весенний бонус')).toBeTruthy();
    const topUp = screen.getByTestId('promo-TOPUP10');
    expect(within(topUp).getByText('+10% к пополнению')).toBeTruthy();
    expect(within(topUp).getByText(ru.promo.state.inactive)).toBeTruthy();
    expect(within(topUp).queryByRole('button')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('checks the new code on blur and submit with the API rules, and sends what the API takes', async () => {
    const user = userEvent.setup();
    let taken = true;
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/promo-codes': () => ok(pageOf([])),
      'POST /admin-panel/promo-codes': () =>
        taken
          ? apiError(409, 'PROMO_CODE_EXISTS')
          : ok(createPromoCode({ code: 'WINTER25' }), { status: 201 }),
    });
    renderAt('/admin/promo-codes', <PromoPage />);
    await user.click(await screen.findByRole('button', { name: ru.promo.create.open }));
    const dialog = await screen.findByRole('dialog', { name: ru.promo.create.title });
    await expectNoAxeViolations(dialog);

    await user.click(within(dialog).getByRole('button', { name: ru.promo.create.submit }));
    expect(await within(dialog).findByText(validation.promoRequired)).toBeTruthy();
    expect(within(dialog).getByText(validation.invalidPromoAmount)).toBeTruthy();
    expect(within(dialog).getAllByText(validation.promoDescriptionRequired)).toHaveLength(2);

    const code = within(dialog).getByLabelText(ru.promo.fields.code);
    await user.type(code, 'winter-25');
    await user.tab();
    expect((code as HTMLInputElement).value).toBe('WINTER-25');
    expect(await within(dialog).findByText(validation.promoLatinDigits)).toBeTruthy();
    await user.clear(code);
    await user.type(code, 'winter25');

    await user.selectOptions(within(dialog).getByLabelText(ru.promo.fields.type), 'DEPOSIT_PERCENTAGE');
    await user.type(within(dialog).getByLabelText(ru.promo.fields.percent), '150');
    await user.tab();
    expect(await within(dialog).findByText(validation.invalidPromoAmount)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(ru.promo.fields.percent));
    await user.type(within(dialog).getByLabelText(ru.promo.fields.percent), '25');
    await user.selectOptions(within(dialog).getByLabelText(ru.promo.fields.accountType), 'girl');
    await user.type(within(dialog).getByLabelText(ru.promo.fields.maxActivations), '50');
    await user.type(within(dialog).getByLabelText(ru.promo.fields.validFrom), '2026-12-10');
    await user.type(within(dialog).getByLabelText(ru.promo.fields.validUntil), '2026-12-01');
    await user.type(within(dialog).getByLabelText(ru.promo.fields.descriptionRu), 'Зимний бонус');
    await user.type(within(dialog).getByLabelText(ru.promo.fields.descriptionEn), 'Winter bonus');
    await user.click(within(dialog).getByRole('button', { name: ru.promo.create.submit }));
    expect(await within(dialog).findByText(validation.invalidRange)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText(ru.promo.fields.validUntil));
    await user.type(within(dialog).getByLabelText(ru.promo.fields.validUntil), '2026-12-31');
    await user.click(within(dialog).getByRole('button', { name: ru.promo.create.submit }));
    expect(await within(dialog).findByText(contractsLocales.ru.errors.PROMO_CODE_EXISTS)).toBeTruthy();

    taken = false;
    await user.click(within(dialog).getByRole('button', { name: ru.promo.create.submit }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      code: 'WINTER25',
      promoType: 'DEPOSIT_PERCENTAGE',
      amount: 25,
      accountType: 'girl',
      maxActivations: 50,
      validFrom: '2026-12-10',
      validUntil: '2026-12-31',
      descriptionRu: 'Зимний бонус',
      descriptionEn: 'Winter bonus',
    });
    expect(notify).toHaveBeenCalledWith('success', 'Промокод WINTER25 создан');
  });

  it('deactivates a code only after the confirmation', async () => {
    const user = userEvent.setup();
    let active = true;
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/promo-codes': () => ok(pageOf([createPromoCode({ isActive: active })])),
      'POST /admin-panel/promo-codes/:id/deactivate': () => {
        active = false;
        return ok(createPromoCode({ isActive: false }));
      },
    });
    renderAt('/admin/promo-codes', <PromoPage />);
    await user.click(await screen.findByRole('button', { name: 'Отключить SPRING500' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отключить промокод SPRING500?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(dialog).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Отключить SPRING500' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: ru.promo.deactivate.confirm }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.path).toBe('/admin-panel/promo-codes/4/deactivate');
    expect(
      await within(screen.getByTestId('promo-SPRING500')).findByText(ru.promo.state.inactive),
    ).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('success', 'Промокод SPRING500 отключён');
  });
});
