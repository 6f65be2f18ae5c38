import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from 'account-ui';
import { contractsLocales } from 'contracts/locales';
import type { AdminReleases } from 'contracts/releases';
import { RELEASE_GUARD_DEFAULT, type ReleaseGuardBody } from 'contracts/telemetry';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { createProfile, ok, renderAt, stubApi } from '../../../testing/render';
import ReleasesPage from './releases-page';

vi.mock('account-ui', async (original) => ({
  ...(await original<typeof import('account-ui')>()),
  notify: vi.fn(),
}));

const text = ru.releases.guard;
const validation = contractsLocales.ru.validation;
const session = () => ok({ profile: createProfile({ accountRole: 'admin' }), canRefresh: false });
const answer = (): AdminReleases => ({ remotes: [], guard: RELEASE_GUARD_DEFAULT });

beforeEach(() => {
  void i18n.changeLanguage('ru');
  vi.mocked(notify).mockReset();
});

describe('the release guard’s settings', () => {
  it('shows the settings and saves a change, then says so', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/releases': () => ok(answer()),
      'PUT /admin-panel/releases/guard': (body) => ok(body),
    });
    const { container } = renderAt('/admin/releases', <ReleasesPage />);
    const form = await screen.findByTestId('release-guard');
    const enabled = within(form).getByRole('checkbox', { name: text.enabled });
    const sessions = within(form).getByLabelText(text.sessions);
    expect(enabled).toHaveProperty('checked', false);
    expect(sessions).toHaveProperty('value', '50');
    expect(within(form).getByLabelText(text.margin)).toHaveProperty('value', '5');
    expect(within(form).getByRole('button', { name: text.save })).toHaveProperty('disabled', true);
    await expectNoAxeViolations(container);

    await user.click(enabled);
    await user.clear(sessions);
    await user.type(sessions, '200');
    await user.click(within(form).getByRole('button', { name: text.save }));

    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', text.saved));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual<ReleaseGuardBody>({
      enabled: true,
      sessions: 200,
      marginPercent: 5,
    });
    // Saved: nothing left to save until the next change.
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: text.save })).toHaveProperty('disabled', true),
    );
  });

  it('says under a field what is wrong: before sending, as the contract checks, and when the API refuses', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/releases': () => ok(answer()),
      'PUT /admin-panel/releases/guard': () =>
        Response.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'VALIDATION_FAILED',
            fields: { marginPercent: 'validation.guardMargin' },
          },
          { status: 400 },
        ),
    });
    renderAt('/admin/releases', <ReleasesPage />);
    const form = await screen.findByTestId('release-guard');
    const sessions = within(form).getByLabelText(text.sessions);
    await user.clear(sessions);
    await user.type(sessions, '0');
    await user.click(within(form).getByRole('button', { name: text.save }));
    expect(await within(form).findByText(validation.guardSessions)).toBeTruthy();
    expect(sessions.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(sessions);
    await user.type(sessions, '100');
    await user.click(within(form).getByRole('button', { name: text.save }));
    expect(await within(form).findByText(validation.guardMargin)).toBeTruthy();
    expect(within(form).getByLabelText(text.margin).getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByText(validation.guardSessions)).toBeNull();
    expect(notify).not.toHaveBeenCalled();

    // The texts follow the language.
    await i18n.changeLanguage('en');
    expect(await within(form).findByText(contractsLocales.en.validation.guardMargin)).toBeTruthy();
  });
});
