import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractsLocales } from 'contracts/locales';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { notify } from '../../../lib/notify';
import { apiError, createProfile, ok, renderAt, stubApi } from '../../../testing/render';
import SettingsPage from './settings-page';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));

const validation = contractsLocales.ru.validation;
const serverErrors = contractsLocales.ru.errors;
const section = (title: string) => within(screen.getByRole('region', { name: title }));
const session = () => ok({ profile: createProfile({ login: 'anna' }), canRefresh: false });
const sessionCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path === '/auth/session').length;

beforeEach(() => {
  void i18n.changeLanguage('ru');
  vi.mocked(notify).mockReset();
});

describe('the settings page', () => {
  it('checks the login on blur and on submit: latin letters and digits, typed twice alike', async () => {
    stubApi({ 'GET /auth/session': session });
    const { container } = renderAt('/profile/settings', <SettingsPage />);
    const login = section(ru.settings.login.title);
    expect(await login.findByText('Сейчас: anna')).toBeTruthy();
    await expectNoAxeViolations(container);
    const user = userEvent.setup();

    await user.type(login.getByLabelText(ru.settings.login.login), 'анна');
    await user.tab();
    expect(await login.findByText(validation.loginLatinDigits)).toBeTruthy();

    await user.clear(login.getByLabelText(ru.settings.login.login));
    await user.type(login.getByLabelText(ru.settings.login.login), 'anna2');
    await user.click(login.getByRole('button', { name: ru.settings.login.submit }));
    expect(await login.findByText(validation.confirmLoginRequired)).toBeTruthy();
    await user.type(login.getByLabelText(ru.settings.login.confirm), 'anna3');
    expect(await login.findByText(validation.loginMismatch)).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('changes the login, says so, and reads the session again; a taken login shows on its field', async () => {
    let taken = true;
    const calls = stubApi({
      'GET /auth/session': session,
      'PUT /profile/update/login': () =>
        taken ? apiError(409, 'LOGIN_TAKEN') : ok(createProfile({ login: 'anna2' })),
    });
    renderAt('/profile/settings', <SettingsPage />);
    const login = section(ru.settings.login.title);
    await login.findByText('Сейчас: anna');
    const user = userEvent.setup();
    await user.type(login.getByLabelText(ru.settings.login.login), 'anna2');
    await user.type(login.getByLabelText(ru.settings.login.confirm), 'anna2');
    await user.click(login.getByRole('button', { name: ru.settings.login.submit }));
    expect(await login.findByText(serverErrors.LOGIN_TAKEN)).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();

    taken = false;
    const before = sessionCalls(calls);
    await user.click(login.getByRole('button', { name: ru.settings.login.submit }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Логин изменён на anna2'));
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      login: 'anna2',
      confirmLogin: 'anna2',
    });
    await waitFor(() => expect(sessionCalls(calls)).toBeGreaterThan(before));
    expect((login.getByLabelText(ru.settings.login.login) as HTMLInputElement).value).toBe('');
  });

  it('changes the password; a wrong current one shows on its field, other failures the spec’s error', async () => {
    let answer = () => apiError(400, 'WRONG_PASSWORD', {});
    stubApi({ 'GET /auth/session': session, 'PUT /profile/update/password': () => answer() });
    renderAt('/profile/settings', <SettingsPage />);
    const password = section(ru.settings.password.title);
    const user = userEvent.setup();
    await user.click(password.getByRole('button', { name: ru.settings.password.submit }));
    expect(await password.findByText(validation.currentPasswordRequired)).toBeTruthy();
    expect(password.getByText(validation.newPasswordRequired)).toBeTruthy();

    await user.type(password.getByLabelText(ru.settings.password.current), 'old-password');
    await user.type(password.getByLabelText(ru.settings.password.new), 'new-password-1');
    await user.type(password.getByLabelText(ru.settings.password.confirm), 'new-password-2');
    expect(await password.findByText(validation.noConfirm)).toBeTruthy();
    await user.clear(password.getByLabelText(ru.settings.password.confirm));
    await user.type(password.getByLabelText(ru.settings.password.confirm), 'new-password-1');
    await user.click(password.getByRole('button', { name: ru.settings.password.submit }));
    expect(await password.findByText(serverErrors.WRONG_PASSWORD)).toBeTruthy();

    answer = () => apiError(500, 'INTERNAL');
    await user.click(password.getByRole('button', { name: ru.settings.password.submit }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', ru.settings.password.error));

    answer = () => ok(createProfile());
    await user.click(password.getByRole('button', { name: ru.settings.password.submit }));
    await waitFor(() => expect(notify).toHaveBeenLastCalledWith('success', ru.settings.password.success));
  });

  it('says at the new password that a common one is too common, and changes to an uncommon one of 6', async () => {
    const calls = stubApi({
      'GET /auth/session': session,
      'PUT /profile/update/password': () => ok(createProfile()),
    });
    const { container } = renderAt('/profile/settings', <SettingsPage />);
    const password = section(ru.settings.password.title);
    const user = userEvent.setup();
    await user.type(password.getByLabelText(ru.settings.password.current), 'old-password');
    await user.type(password.getByLabelText(ru.settings.password.new), 'Sunshine1');
    await user.type(password.getByLabelText(ru.settings.password.confirm), 'Sunshine1');
    await user.click(password.getByRole('button', { name: ru.settings.password.submit }));
    const message = await password.findByText(validation.passwordTooCommon);
    const newPassword = password.getByLabelText(ru.settings.password.new);
    // The rule is told before it is broken: the field's hint says how long a password must be.
    expect(newPassword.getAttribute('aria-describedby')).toContain(
      password.getByText(ru.settings.password.newHint).id,
    );
    expect(newPassword.getAttribute('aria-invalid')).toBe('true');
    expect(newPassword.getAttribute('aria-describedby')).toContain(message.id);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    await expectNoAxeViolations(container);

    for (const label of [ru.settings.password.new, ru.settings.password.confirm]) {
      await user.clear(password.getByLabelText(label));
      await user.type(password.getByLabelText(label), 'lant6x');
    }
    await user.click(password.getByRole('button', { name: ru.settings.password.submit }));
    await waitFor(() => expect(notify).toHaveBeenLastCalledWith('success', ru.settings.password.success));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'lant6x',
      confirmPassword: 'lant6x',
    });
  });

  it('asks for the e-mail change and says a confirmation link went to the new address', async () => {
    const calls = stubApi({
      'GET /auth/session': session,
      'PUT /profile/update/email': () => ok({ confirmationSent: true, expiresInSeconds: 86_400 }),
    });
    const { container } = renderAt('/profile/settings', <SettingsPage />);
    const email = section(ru.settings.email.title);
    const user = userEvent.setup();
    await user.type(email.getByLabelText(ru.settings.email.email), 'anna@');
    await user.tab();
    expect(await email.findByText(validation.invalidEmail)).toBeTruthy();
    await user.type(email.getByLabelText(ru.settings.email.email), 'example.org');
    await user.type(email.getByLabelText(ru.settings.email.password), 'secret-password');
    await user.click(email.getByRole('button', { name: ru.settings.email.submit }));
    expect((await email.findByRole('status')).textContent).toContain('anna@example.org');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      email: 'anna@example.org',
      password: 'secret-password',
    });
    expect(notify).toHaveBeenCalledWith('success', ru.settings.email.success);
    await expectNoAxeViolations(container);
  });
});
