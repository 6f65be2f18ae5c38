import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractsLocales } from 'contracts/locales';
import { REFRESH_FLAG_KEY } from 'platform';
import { toast } from 'shared-ui/toast';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { apiError, called, createProfile, ok, stubApi, location } from 'platform/testing';
import { renderAt } from '../../../testing/render';

vi.mock('shared-ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const validation = contractsLocales.ru.validation;

beforeEach(() => {
  localStorage.clear();
  vi.mocked(toast.success).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(ru.form.email), email);
  await user.type(screen.getByLabelText(ru.form.password), password);
  await user.click(screen.getByRole('button', { name: ru.login.submit }));
  return user;
}

describe('login page', () => {
  it('labels its fields, links to registration, the other account type and password recovery', async () => {
    stubApi({});
    const { container } = renderAt('/login/girl');
    expect(await screen.findByRole('heading', { level: 1, name: ru.login.title })).toBeTruthy();
    expect(document.title).toBe(ru.login.documentTitle.girl);
    expect(screen.getByLabelText(ru.form.email).getAttribute('type')).toBe('email');
    expect(screen.getByRole('link', { name: ru.login.register }).getAttribute('href')).toBe('/register/girl');
    const tabs = screen.getByRole('navigation', { name: ru.accountType.label });
    expect(within(tabs).getByRole('link', { name: ru.accountType.girl }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(tabs).getByRole('link', { name: ru.accountType.advister }).getAttribute('href')).toBe(
      '/login/advister',
    );
    expect(screen.getByRole('link', { name: ru.login.forgotPassword }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    await expectNoAxeViolations(container);
  });

  it('checks the fields with the contracts rules before calling the API', async () => {
    const calls = stubApi({});
    const { container } = renderAt('/login/girl');
    await userEvent.click(await screen.findByRole('button', { name: ru.login.submit }));
    expect(await screen.findByText(validation.emailRequired)).toBeTruthy();
    expect(screen.getByText(validation.passwordRequired)).toBeTruthy();
    expect(screen.getByLabelText(ru.form.email).getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(screen.getByLabelText(ru.form.email), 'not-an-address');
    expect(await screen.findByText(validation.invalidEmail)).toBeTruthy();
    expect(calls).toHaveLength(0);
    await expectNoAxeViolations(container);
  });

  it('shows and hides the password with its toggle', async () => {
    stubApi({});
    renderAt('/login/girl');
    const password = await screen.findByLabelText(ru.form.password);
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: ru.form.showPassword }));
    expect(password.getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: ru.form.hidePassword }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('signs a model in, sets the refresh flag and opens /profile', async () => {
    const calls = stubApi({ 'POST /auth/login': () => ok(createProfile({ accountType: 'girl' })) });
    renderAt('/login/girl');
    await fillAndSubmit('anna@example.com', 'secret1');
    await waitFor(() => expect(location.current).toBe('/profile'));
    expect(calls.find((call) => call.path === '/auth/login')?.body).toEqual({
      email: 'anna@example.com',
      password: 'secret1',
    });
    expect(localStorage.getItem(REFRESH_FLAG_KEY)).toBe('true');
  });

  it('works from the keyboard alone: Tab through the page, Enter signs in', async () => {
    stubApi({ 'POST /auth/login': () => ok(createProfile()) });
    renderAt('/login/girl');
    const email = await screen.findByLabelText(ru.form.email);
    const user = userEvent.setup();
    const reached: string[] = [];
    for (let step = 0; step < 10 && document.activeElement !== email; step += 1) {
      await user.tab();
      reached.push(
        document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent || '',
      );
    }
    // Logo, language switch and account-type tabs come first, then the form.
    expect(reached).toEqual([ru.layout.home, 'ru', 'en', ru.accountType.girl, ru.accountType.advister, '']);
    await user.keyboard('anna@example.com');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText(ru.form.password));
    await user.keyboard('secret1{Enter}');
    await waitFor(() => expect(location.current).toBe('/profile'));
  });

  it('sends an advertiser to /advister', async () => {
    stubApi({ 'POST /auth/login': () => ok(createProfile({ accountType: 'advister' })) });
    renderAt('/login/advister');
    await fillAndSubmit('ads@example.com', 'secret1');
    await waitFor(() => expect(location.current).toBe('/advister'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('says where she is going when the account is of the other type than the tab', async () => {
    stubApi({ 'POST /auth/login': () => ok(createProfile({ accountType: 'advister' })) });
    renderAt('/login/girl');
    await fillAndSubmit('ads@example.com', 'secret1');
    await waitFor(() => expect(location.current).toBe('/advister'));
    expect(toast.success).toHaveBeenCalledWith(ru.login.otherArea.advister);
  });

  it('says when the e-mail or password is wrong', async () => {
    stubApi({ 'POST /auth/login': () => apiError(401, 'LOGIN_FAILED') });
    const { container } = renderAt('/login/girl');
    await fillAndSubmit('anna@example.com', 'wrong-one');
    expect((await screen.findByRole('alert')).textContent).toBe(ru.errors.loginFailed);
    expect(location.current).toBe('/login/girl');
    expect(localStorage.getItem(REFRESH_FLAG_KEY)).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('says when the user is not found', async () => {
    stubApi({ 'POST /auth/login': () => apiError(404, 'USER_NOT_FOUND') });
    renderAt('/login/girl');
    await fillAndSubmit('nobody@example.com', 'secret1');
    expect((await screen.findByRole('alert')).textContent).toBe(ru.errors.userNotFound);
  });

  it('after too many attempts shows the wait time and holds the button until it passes', async () => {
    stubApi({ 'POST /auth/login': () => apiError(429, 'RATE_LIMITED', { retryAfter: 75 }) });
    renderAt('/login/girl');
    await fillAndSubmit('anna@example.com', 'secret1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ru.errors.tooManyAttempts);
    expect(alert.textContent).toMatch(/1:1[45]/);
    expect(screen.getByRole('button', { name: ru.login.submit })).toHaveProperty('disabled', true);
  });

  it('falls back to the general login error for anything else', async () => {
    const calls = stubApi({ 'POST /auth/login': () => apiError(500, 'INTERNAL') });
    renderAt('/login/advister');
    await fillAndSubmit('anna@example.com', 'secret1');
    expect((await screen.findByRole('alert')).textContent).toBe(ru.errors.loginError);
    expect(called(calls, '/auth/login')).toBe(true);
  });

  it('is not a page for an unknown account type', async () => {
    stubApi({});
    renderAt('/login/admin');
    expect(await screen.findByRole('heading', { name: ru.notFound.title })).toBeTruthy();
    expect(screen.queryByLabelText(ru.form.email)).toBeNull();
  });
});
