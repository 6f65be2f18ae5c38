import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractsLocales } from 'contracts/locales';
import { REFRESH_FLAG_KEY } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { type ApiCall, apiError, called, createProfile, ok, stubApi, location } from 'platform/testing';
import { createCodeSent } from '../../../testing/builders';
import { renderAt } from '../../../testing/render';
import { REGISTRATION_PROMO_KEY } from '../model/registration-promo';

const validation = contractsLocales.ru.validation;

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const bodyOf = (calls: ApiCall[], path: string) => calls.find((call) => call.path === path)?.body;

interface Details {
  email?: string;
  password?: string;
  confirm?: string;
  promo?: string;
}

async function fillDetails({
  email = 'anna@example.com',
  password = 'secret12',
  confirm,
  promo = '',
}: Details = {}) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(ru.form.email), email);
  await user.type(screen.getByLabelText(ru.form.password), password);
  await user.type(screen.getByLabelText(ru.form.confirmPassword), confirm ?? password);
  if (promo) await user.type(screen.getByLabelText(ru.register.promoCode), promo);
  await user.click(screen.getByRole('button', { name: ru.register.submit }));
  return user;
}

describe('registration, details step', () => {
  it('labels its fields and links to sign-in and to the other account type', async () => {
    stubApi({});
    const { container } = renderAt('/register/advister');
    expect(await screen.findByRole('heading', { level: 1, name: ru.register.title })).toBeTruthy();
    expect(document.title).toBe(ru.register.documentTitle.advister);
    for (const label of [ru.form.email, ru.form.password, ru.form.confirmPassword, ru.register.promoCode]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: ru.register.login }).getAttribute('href')).toBe(
      '/login/advister',
    );
    const tabs = screen.getByRole('navigation', { name: ru.accountType.label });
    expect(within(tabs).getByRole('link', { name: ru.accountType.girl }).getAttribute('href')).toBe(
      '/register/girl',
    );
    await expectNoAxeViolations(container);
  });

  it('checks e-mail, password length and the confirmation before calling the API', async () => {
    const calls = stubApi({});
    const { container } = renderAt('/register/girl');
    const user = await fillDetails({ email: 'anna@', password: 'secret12', confirm: 'secret22' });
    expect(await screen.findByText(validation.invalidEmail)).toBeTruthy();
    // The e-mail is judged as the field is left; the confirmation once the submit's check, which
    // may wait for the common-password list, has run.
    expect(await screen.findByText(validation.noConfirm)).toBeTruthy();
    expect(screen.getByLabelText(ru.form.confirmPassword).getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(container);

    await user.clear(screen.getByLabelText(ru.form.password));
    await user.type(screen.getByLabelText(ru.form.password), 'lant5');
    expect(await screen.findByText(validation.passwordTooShort)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says at the field that a common password is too common, in any letter case, and sends an uncommon one of 6', async () => {
    const calls = stubApi({ 'POST /auth/send-registration-code': () => ok(createCodeSent()) });
    const { container } = renderAt('/register/girl');
    const user = await fillDetails({ password: 'Qwerty123' });
    const message = await screen.findByText(validation.passwordTooCommon);
    const password = screen.getByLabelText(ru.form.password);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(message.id);
    expect(calls).toHaveLength(0);
    await expectNoAxeViolations(container);

    for (const label of [ru.form.password, ru.form.confirmPassword]) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), 'lant6x');
    }
    await waitFor(() => expect(screen.queryByText(validation.passwordTooCommon)).toBeNull());
    await user.click(screen.getByRole('button', { name: ru.register.submit }));
    await screen.findByRole('heading', { name: ru.code.title });
    expect(bodyOf(calls, '/auth/send-registration-code')).toMatchObject({ password: 'lant6x' });
  });

  it('checks the confirmation again when the password changes', async () => {
    stubApi({});
    renderAt('/register/girl');
    const user = await fillDetails({ password: 'secret12', confirm: 'secret22' });
    expect(await screen.findByText(validation.noConfirm)).toBeTruthy();
    await user.clear(screen.getByLabelText(ru.form.password));
    await user.type(screen.getByLabelText(ru.form.password), 'secret22');
    await waitFor(() => expect(screen.queryByText(validation.noConfirm)).toBeNull());
  });

  it('keeps the promo code in localStorage under its own key, upper-cased, and fills it in next time', async () => {
    stubApi({});
    const first = renderAt('/register/girl');
    await userEvent.type(await screen.findByLabelText(ru.register.promoCode), 'welcome100');
    expect((screen.getByLabelText(ru.register.promoCode) as HTMLInputElement).value).toBe('WELCOME100');
    expect(localStorage.getItem(REGISTRATION_PROMO_KEY)).toBe('WELCOME100');
    first.unmount();

    renderAt('/register/advister');
    expect(((await screen.findByLabelText(ru.register.promoCode)) as HTMLInputElement).value).toBe(
      'WELCOME100',
    );
    await userEvent.clear(screen.getByLabelText(ru.register.promoCode));
    expect(localStorage.getItem(REGISTRATION_PROMO_KEY)).toBeNull();
  });

  it('checks a promo code with /promo/validate-public before asking for the code', async () => {
    const calls = stubApi({
      'POST /promo/validate-public': () => ok({ valid: true, promocode: {} }),
      'POST /auth/send-registration-code': () => ok(createCodeSent()),
    });
    renderAt('/register/advister');
    await fillDetails({ promo: 'ads500' });
    await screen.findByRole('heading', { name: ru.code.title });
    expect(calls.map((call) => call.path)).toEqual([
      '/promo/validate-public',
      '/auth/send-registration-code',
    ]);
    expect(bodyOf(calls, '/promo/validate-public')).toEqual({ code: 'ADS500', accountType: 'advister' });
    expect(bodyOf(calls, '/auth/send-registration-code')).toEqual({
      email: 'anna@example.com',
      password: 'secret12',
      accountType: 'advister',
      promoCode: 'ADS500',
    });
  });

  it('stops at an invalid promo code and says so under the field', async () => {
    const calls = stubApi({ 'POST /promo/validate-public': () => apiError(404, 'PROMO_INVALID') });
    const { container } = renderAt('/register/girl');
    await fillDetails({ promo: 'nope1' });
    expect(await screen.findByText(ru.errors.promoInvalid)).toBeTruthy();
    expect(screen.getByLabelText(ru.register.promoCode).getAttribute('aria-invalid')).toBe('true');
    expect(called(calls, '/auth/send-registration-code')).toBe(false);
    await expectNoAxeViolations(container);
  });

  it('names the account type a promo code is not for, and a failed check', async () => {
    let answer = apiError(403, 'PROMO_NOT_FOR_ROLE');
    stubApi({ 'POST /promo/validate-public': () => answer });
    renderAt('/register/girl');
    const user = await fillDetails({ promo: 'ads500' });
    expect(await screen.findByText(ru.errors.promoNotForGirl)).toBeTruthy();

    answer = apiError(500, 'INTERNAL');
    await user.click(screen.getByRole('button', { name: ru.register.submit }));
    expect(await screen.findByText(ru.errors.promoCheckError)).toBeTruthy();
  });

  it('refuses a promo code shorter than 3 characters without asking the server', async () => {
    const calls = stubApi({});
    renderAt('/register/girl');
    await fillDetails({ promo: 'ab' });
    expect(await screen.findByText(validation.promoTooShort)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says the e-mail exists and links to sign-in', async () => {
    stubApi({ 'POST /auth/send-registration-code': () => apiError(409, 'EMAIL_EXISTS') });
    const { container } = renderAt('/register/girl');
    await fillDetails();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ru.errors.emailExists);
    expect(within(alert).getByRole('link', { name: ru.register.login }).getAttribute('href')).toBe(
      '/login/girl',
    );
    await expectNoAxeViolations(container);
  });

  it('says the code could not be sent', async () => {
    stubApi({ 'POST /auth/send-registration-code': () => apiError(503, 'EMAIL_SEND_FAILED') });
    renderAt('/register/girl');
    await fillDetails();
    expect((await screen.findByRole('alert')).textContent).toBe(ru.errors.sendCodeError);
  });

  it('falls back to the registration error', async () => {
    stubApi({ 'POST /auth/send-registration-code': () => apiError(500, 'INTERNAL') });
    renderAt('/register/girl');
    await fillDetails();
    expect((await screen.findByRole('alert')).textContent).toBe(ru.errors.registrationError);
  });
});

describe('registration, code step', () => {
  async function reachCodeStep(
    routes: Parameters<typeof stubApi>[0],
    sent = createCodeSent(),
    url = '/register/girl',
  ) {
    const calls = stubApi({ 'POST /auth/send-registration-code': () => ok(sent), ...routes });
    const view = renderAt(url);
    const user = await fillDetails();
    await screen.findByRole('heading', { name: ru.code.title });
    return { calls, user, ...view };
  }

  it('asks for the code sent to the address, with focus in the field and a visible resend countdown', async () => {
    const { container } = await reachCodeStep({});
    expect(document.title).toBe(ru.code.documentTitle);
    expect(screen.getByText(/anna@example\.com/)).toBeTruthy();
    const code = screen.getByLabelText(ru.code.label);
    await waitFor(() => expect(document.activeElement).toBe(code));
    const resend = screen.getByRole('button', { name: ru.code.resend });
    expect(resend).toHaveProperty('disabled', true);
    expect(screen.getByTestId('resend-countdown').textContent).toMatch(
      /^Новый код можно запросить через (1:00|0:59)$/,
    );
    await expectNoAxeViolations(container);
  });

  it('checks the code format before calling the API', async () => {
    const { calls, user } = await reachCodeStep({});
    await user.type(screen.getByLabelText(ru.code.label), '12345');
    await user.click(screen.getByRole('button', { name: ru.code.submit }));
    expect(await screen.findByText(validation.invalidCode)).toBeTruthy();
    expect(called(calls, '/auth/verify-registration-code')).toBe(false);
  });

  it('says a wrong code is invalid or expired', async () => {
    const { user, container } = await reachCodeStep({
      'POST /auth/verify-registration-code': () => apiError(400, 'INVALID_CODE'),
    });
    await user.type(screen.getByLabelText(ru.code.label), '000000');
    await user.click(screen.getByRole('button', { name: ru.code.submit }));
    expect(await screen.findByText(ru.errors.invalidCode)).toBeTruthy();
    expect(screen.getByLabelText(ru.code.label).getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(container);
  });

  it('falls back to the verification error', async () => {
    const { user } = await reachCodeStep({
      'POST /auth/verify-registration-code': () => apiError(500, 'INTERNAL'),
    });
    await user.type(screen.getByLabelText(ru.code.label), '123456');
    await user.click(screen.getByRole('button', { name: ru.code.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(ru.errors.verifyError);
  });

  it('signs a new model in with the right code and opens /profile', async () => {
    const { calls, user } = await reachCodeStep({
      'POST /auth/verify-registration-code': () => ok(createProfile({ accountType: 'girl' })),
    });
    await user.type(screen.getByLabelText(ru.code.label), '123 456');
    await user.click(screen.getByRole('button', { name: ru.code.submit }));
    await waitFor(() => expect(location.current).toBe('/profile'));
    expect(bodyOf(calls, '/auth/verify-registration-code')).toEqual({
      email: 'anna@example.com',
      code: '123456',
    });
    expect(localStorage.getItem(REFRESH_FLAG_KEY)).toBe('true');
  });

  it('forgets the promo code once the account exists, so the next registration starts blank', async () => {
    localStorage.setItem(REGISTRATION_PROMO_KEY, 'WELCOME100');
    const { user } = await reachCodeStep({
      'POST /promo/validate-public': () => ok({ ok: true }),
      'POST /auth/verify-registration-code': () => ok(createProfile({ accountType: 'girl' })),
    });
    expect(localStorage.getItem(REGISTRATION_PROMO_KEY)).toBe('WELCOME100');
    await user.type(screen.getByLabelText(ru.code.label), '123456');
    await user.click(screen.getByRole('button', { name: ru.code.submit }));
    await waitFor(() => expect(location.current).toBe('/profile'));
    expect(localStorage.getItem(REGISTRATION_PROMO_KEY)).toBeNull();
  });

  it('opens /advister for a new advertiser', async () => {
    const { user } = await reachCodeStep(
      { 'POST /auth/verify-registration-code': () => ok(createProfile({ accountType: 'advister' })) },
      createCodeSent(),
      '/register/advister',
    );
    await user.type(screen.getByLabelText(ru.code.label), '123456');
    await user.click(screen.getByRole('button', { name: ru.code.submit }));
    await waitFor(() => expect(location.current).toBe('/advister'));
  });

  it('enables resend when the countdown ends and restarts it from the answer', async () => {
    const { calls, user } = await reachCodeStep(
      { 'POST /auth/resend-registration-code': () => ok(createCodeSent({ resendAvailableInSeconds: 30 })) },
      createCodeSent({ resendAvailableInSeconds: 1 }),
    );
    const resend = screen.getByRole('button', { name: ru.code.resend });
    expect(resend).toHaveProperty('disabled', true);
    await waitFor(() => expect(resend).toHaveProperty('disabled', false), { timeout: 2500 });
    expect(screen.queryByTestId('resend-countdown')).toBeNull();

    await user.click(resend);
    expect((await screen.findByRole('status')).textContent).toBe(
      ru.code.resent.replace('{{email}}', 'anna@example.com'),
    );
    expect(bodyOf(calls, '/auth/resend-registration-code')).toEqual({ email: 'anna@example.com' });
    expect(screen.getByTestId('resend-countdown').textContent).toMatch(/0:(30|29)$/);
    expect(resend).toHaveProperty('disabled', true);
  });

  it('shows the server’s wait instead of an error when a resend comes too soon', async () => {
    const { user } = await reachCodeStep(
      { 'POST /auth/resend-registration-code': () => apiError(429, 'RATE_LIMITED', { retryAfter: 42 }) },
      createCodeSent({ resendAvailableInSeconds: 0 }),
    );
    await user.click(screen.getByRole('button', { name: ru.code.resend }));
    expect((await screen.findByTestId('resend-countdown')).textContent).toMatch(/0:4[12]$/);
    expect(screen.getByRole('button', { name: ru.code.resend })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when a new code could not be sent', async () => {
    const { user } = await reachCodeStep(
      { 'POST /auth/resend-registration-code': () => apiError(500, 'INTERNAL') },
      createCodeSent({ resendAvailableInSeconds: 0 }),
    );
    await user.click(screen.getByRole('button', { name: ru.code.resend }));
    expect((await screen.findByRole('alert')).textContent).toBe(ru.errors.resendError);
  });

  it('goes back to the details with what was typed to change the e-mail', async () => {
    const { user } = await reachCodeStep({});
    await user.click(screen.getByRole('button', { name: ru.code.changeEmail }));
    expect(((await screen.findByLabelText(ru.form.email)) as HTMLInputElement).value).toBe(
      'anna@example.com',
    );
  });
});
