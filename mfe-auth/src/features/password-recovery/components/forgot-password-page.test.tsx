import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractsLocales } from 'contracts/locales';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { apiError, ok, stubApi } from 'platform/testing';
import { renderAt } from '../../../testing/render';

const validation = contractsLocales.ru.validation;

afterEach(() => {
  vi.unstubAllGlobals();
});

const sendButton = () => screen.getByRole('button', { name: ru.forgot.submit });

describe('forgot password', () => {
  it('enables Send only for a filled, valid e-mail, checking on every change', async () => {
    stubApi({});
    const { container } = renderAt('/forgot-password');
    const email = await screen.findByLabelText(ru.form.email);
    expect(document.title).toBe(ru.forgot.documentTitle);
    expect(sendButton()).toHaveProperty('disabled', true);
    await expectNoAxeViolations(container);

    const user = userEvent.setup();
    await user.type(email, 'anna@');
    expect(await screen.findByText(validation.invalidEmail)).toBeTruthy();
    expect(sendButton()).toHaveProperty('disabled', true);

    await user.type(email, 'example.com');
    await waitFor(() => expect(sendButton()).toHaveProperty('disabled', false));
    expect(screen.queryByText(validation.invalidEmail)).toBeNull();

    await user.clear(email);
    expect(await screen.findByText(validation.emailRequired)).toBeTruthy();
    expect(sendButton()).toHaveProperty('disabled', true);
    await expectNoAxeViolations(container);
  });

  it('says the link was sent', async () => {
    const calls = stubApi({ 'POST /auth/send-restore-link': () => ok({ ok: true }) });
    const { container } = renderAt('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(ru.form.email), ' anna@example.com ');
    await waitFor(() => expect(sendButton()).toHaveProperty('disabled', false));
    await user.click(sendButton());
    expect((await screen.findByRole('status')).textContent).toBe(ru.messages.sendEmail);
    expect(calls[0]?.body).toEqual({ email: 'anna@example.com' });
    await expectNoAxeViolations(container);
  });

  it.each([
    ['a server error', () => apiError(500, 'INTERNAL')],
    ['too many requests', () => apiError(429, 'RATE_LIMITED', { retryAfter: 30 })],
  ])('shows forgotPasswordError for %s', async (_name, answer) => {
    stubApi({ 'POST /auth/send-restore-link': answer });
    renderAt('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(ru.form.email), 'anna@example.com');
    await waitFor(() => expect(sendButton()).toHaveProperty('disabled', false));
    await user.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe(ru.errors.forgotPasswordError);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('leads back to the sign-in page it came from', async () => {
    stubApi({});
    renderAt('/login/advister');
    await userEvent.click(await screen.findByRole('link', { name: ru.login.forgotPassword }));
    expect((await screen.findByRole('link', { name: ru.forgot.backToLogin })).getAttribute('href')).toBe(
      '/login/advister',
    );
  });
});
