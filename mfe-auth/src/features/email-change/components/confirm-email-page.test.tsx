import { screen } from '@testing-library/react';
import { apiError, createProfile, ok, stubApi } from 'platform/testing';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { describe, expect, it } from 'vitest';
import ru from '../../../locales/ru.json';
import { renderAt } from '../../../testing/render';

const guest = () => ok({ profile: null, canRefresh: false });

describe('confirming a new e-mail address', () => {
  it('spends the token of the link once and says the address is confirmed', async () => {
    const calls = stubApi({
      'GET /auth/session': guest,
      'POST /profile/confirm-email': () => ok({ ok: true }),
    });
    const { container } = renderAt('/confirm-email?token=abc-123');
    expect(await screen.findByText(ru.confirmEmail.done)).toBeTruthy();
    expect(document.title).toBe(ru.confirmEmail.documentTitle);
    const posts = calls.filter((call) => call.path === '/profile/confirm-email');
    expect(posts.map((call) => call.body)).toEqual([{ token: 'abc-123' }]);
    expect(screen.getByRole('link', { name: ru.confirmEmail.toLogin }).getAttribute('href')).toBe(
      '/login/girl',
    );
    await expectNoAxeViolations(container);
  });

  it('sends a signed-in account back to its cabinet', async () => {
    stubApi({
      'GET /auth/session': () =>
        ok({ profile: createProfile({ accountType: 'advister' }), canRefresh: false }),
      'POST /profile/confirm-email': () => ok({ ok: true }),
    });
    renderAt('/confirm-email?token=abc-123');
    expect((await screen.findByRole('link', { name: ru.confirmEmail.toCabinet })).getAttribute('href')).toBe(
      '/advister',
    );
  });

  it('says when the link is used up or too old, or the address was taken meanwhile', async () => {
    stubApi({
      'GET /auth/session': guest,
      'POST /profile/confirm-email': () => apiError(400, 'LINK_INVALID'),
    });
    const first = renderAt('/confirm-email?token=old');
    expect((await screen.findByRole('alert')).textContent).toBe(ru.messages.invalidOrExpiredLink);
    first.unmount();

    stubApi({
      'GET /auth/session': guest,
      'POST /profile/confirm-email': () => apiError(409, 'EMAIL_EXISTS'),
    });
    renderAt('/confirm-email?token=taken');
    expect((await screen.findByRole('alert')).textContent).toBe(ru.confirmEmail.taken);
  });

  it('asks nothing of the server without a token', async () => {
    const calls = stubApi({ 'GET /auth/session': guest });
    renderAt('/confirm-email');
    expect((await screen.findByRole('alert')).textContent).toBe(ru.messages.invalidOrExpiredLink);
    expect(calls.some((call) => call.path === '/profile/confirm-email')).toBe(false);
  });
});
