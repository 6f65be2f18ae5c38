import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractsLocales } from 'contracts/locales';
import { toast } from 'shared-ui/toast';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { apiError, ok, stubApi, location } from 'platform/testing';
import { renderAt } from '../../../testing/render';

vi.mock('shared-ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const validation = contractsLocales.ru.validation;

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const saveButton = () => screen.getByRole('button', { name: ru.restore.submit });
const newPassword = () => screen.getByLabelText(ru.restore.newPassword);
const confirmPassword = () => screen.getByLabelText(ru.restore.confirmPassword);

describe('restore password', () => {
  it('without a token shows the invalid-link toast and replaces the page with /forgot-password', async () => {
    stubApi({});
    renderAt('/restore-password');
    await waitFor(() => expect(location.current).toBe('/forgot-password'));
    expect(location.action).toBe('REPLACE');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(ru.messages.invalidOrExpiredLink));
    expect(await screen.findByRole('heading', { name: ru.forgot.title })).toBeTruthy();
  });

  it('enables Save only when both fields were touched and are valid', async () => {
    stubApi({});
    const { container } = renderAt('/restore-password?token=abc');
    await screen.findByRole('heading', { name: ru.restore.title });
    expect(document.title).toBe(ru.restore.documentTitle);
    expect(saveButton()).toHaveProperty('disabled', true);
    await expectNoAxeViolations(container);

    const user = userEvent.setup();
    await user.type(newPassword(), 'secret12');
    await user.tab();
    expect(saveButton()).toHaveProperty('disabled', true);

    await user.type(confirmPassword(), 'secret12');
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
  });

  it('removes whitespace before checking: 6 characters without it, and the confirmation compared alike', async () => {
    stubApi({});
    renderAt('/restore-password?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(ru.restore.newPassword), ' la nt 5');
    await user.type(confirmPassword(), 'lant5');
    expect(await screen.findByText(validation.passwordTooShort)).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);

    await user.type(newPassword(), 'x');
    await user.type(confirmPassword(), ' x ');
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    expect(screen.queryByText(validation.passwordTooShort)).toBeNull();
    expect(screen.queryByText(validation.noConfirm)).toBeNull();
  });

  it('says at the new password that a common one is too common, and keeps Save disabled', async () => {
    const calls = stubApi({});
    const { container } = renderAt('/restore-password?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(ru.restore.newPassword), 'Password 1');
    await user.type(confirmPassword(), 'Password 1');
    const message = await screen.findByText(validation.passwordTooCommon);
    expect(newPassword().getAttribute('aria-invalid')).toBe('true');
    expect(newPassword().getAttribute('aria-describedby')).toContain(message.id);
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(calls).toHaveLength(0);
    await expectNoAxeViolations(container);
  });

  it('shows noConfirm on the confirm field for a mismatch, and clears it when they match', async () => {
    stubApi({});
    const { container } = renderAt('/restore-password?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(ru.restore.newPassword), 'secret12');
    await user.type(confirmPassword(), 'secret22');
    const message = await screen.findByText(validation.noConfirm);
    expect(confirmPassword().getAttribute('aria-invalid')).toBe('true');
    expect(confirmPassword().getAttribute('aria-describedby')).toContain(message.id);
    expect(newPassword().getAttribute('aria-invalid')).toBeNull();
    expect(saveButton()).toHaveProperty('disabled', true);
    await expectNoAxeViolations(container);

    await user.clear(newPassword());
    await user.type(newPassword(), 'secret22');
    await waitFor(() => expect(screen.queryByText(validation.noConfirm)).toBeNull());
    expect(saveButton()).toHaveProperty('disabled', false);
  });

  it('asks for a new password when the field is left empty', async () => {
    stubApi({});
    renderAt('/restore-password?token=abc');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(ru.restore.newPassword));
    await user.tab();
    expect(await screen.findByText(validation.newPasswordRequired)).toBeTruthy();
  });

  it('has a show/hide toggle on each field', async () => {
    stubApi({});
    renderAt('/restore-password?token=abc');
    await screen.findByLabelText(ru.restore.newPassword);
    const toggles = screen.getAllByRole('button', { name: ru.form.showPassword });
    expect(toggles).toHaveLength(2);
    await userEvent.click(toggles[1] as HTMLElement);
    expect(confirmPassword().getAttribute('type')).toBe('text');
    expect(newPassword().getAttribute('type')).toBe('password');
  });

  it('saves the password without whitespace, says so and opens /login/girl', async () => {
    const calls = stubApi({ 'POST /auth/restore-password': () => ok({ ok: true }) });
    renderAt('/restore-password?token=tok-123');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(ru.restore.newPassword), 'new pass1');
    await user.type(confirmPassword(), 'newpass1');
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    await user.click(saveButton());
    await waitFor(() => expect(location.current).toBe('/login/girl'));
    expect(calls[0]?.body).toEqual({ newPassword: 'newpass1', token: 'tok-123' });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ru.messages.passwordSuccessRestore));
  });

  it('shows restorePasswordError on failure, with a way to a new link when the link is dead', async () => {
    let answer = apiError(400, 'LINK_INVALID');
    stubApi({ 'POST /auth/restore-password': () => answer });
    const { container } = renderAt('/restore-password?token=old');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(ru.restore.newPassword), 'secret12');
    await user.type(confirmPassword(), 'secret12');
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ru.errors.restorePasswordError);
    expect(screen.getByRole('link', { name: ru.restore.requestNewLink }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(location.current).toBe('/restore-password?token=old');
    await expectNoAxeViolations(container);

    answer = apiError(500, 'INTERNAL');
    await user.click(saveButton());
    await waitFor(() => expect(screen.queryByRole('link', { name: ru.restore.requestNewLink })).toBeNull());
    expect((await screen.findByRole('alert')).textContent).toBe(ru.errors.restorePasswordError);
  });
});
