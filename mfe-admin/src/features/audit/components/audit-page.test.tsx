import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_ACTIONS, type AuditEntry } from 'contracts';
import { contractsLocales } from 'contracts/locales';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import { pageOf } from '../../../testing/records-builders';
import { createProfile, location, ok, renderAt, stubApi } from '../../../testing/render';
import AuditPage from './audit-page';

const validation = contractsLocales.ru.validation;
const session = () => ok({ profile: createProfile({ accountRole: 'admin' }), canRefresh: false });
const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  admin: { id: 2, login: 'chief', email: 'admin@anketa.local' },
  action: 'account.block',
  targetType: 'account',
  targetId: 12,
  reason: 'Чужие фото',
  details: { profiles: [31] },
  createdAt: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  void i18n.changeLanguage('ru');
});

describe('the audit log', () => {
  it('shows who did what to which target, when and why', async () => {
    stubApi({ 'GET /auth/session': session, 'GET /admin-panel/audit': () => ok(pageOf([entry()])) });
    const { container } = renderAt('/admin/audit', <AuditPage />);
    const row = await screen.findByTestId('audit-entry');
    expect(within(row).getByText(ru.audit.actions.account.block)).toBeTruthy();
    expect(within(row).getByText('Чужие фото')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Аккаунт #12' }).getAttribute('href')).toBe(
      '/admin/accounts/12',
    );
    expect(within(row).getByText('chief (admin@anketa.local)')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('names every action the API records, in Russian and in English', () => {
    for (const lng of ['ru', 'en']) {
      for (const action of ADMIN_ACTIONS) {
        // Its own language's text, not the fallback's.
        expect(i18n.getResource(lng, 'admin', `audit.actions.${action}`), `${lng} ${action}`).toEqual(
          expect.any(String),
        );
      }
    }
  });

  it('shows an administrator’s change to a model’s files with its label and what it touched', async () => {
    stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/audit': () =>
        ok(
          pageOf([
            entry({
              id: 3,
              action: 'media.remove',
              targetType: 'profile',
              targetId: 31,
              reason: null,
              details: { mediaId: 7, kind: 'photo', public: true },
            }),
            entry({
              id: 2,
              action: 'media.reorder',
              targetType: 'profile',
              targetId: 31,
              details: { ids: [7, 5] },
            }),
            entry({
              id: 1,
              action: 'media.upload',
              targetType: 'profile',
              targetId: 31,
              details: { mediaId: 7 },
            }),
          ]),
        ),
    });
    renderAt('/admin/audit', <AuditPage />);
    const rows = await screen.findAllByTestId('audit-entry');
    expect(rows.map((row) => within(row).getByText(/файл/i).textContent)).toEqual([
      ru.audit.actions.media.remove,
      ru.audit.actions.media.reorder,
      ru.audit.actions.media.upload,
    ]);
    expect(within(rows[1] as HTMLElement).getByText('ids: [7,5]')).toBeTruthy();
    await i18n.changeLanguage('en');
    const table = screen.getByTestId('audit-table');
    expect(await within(table).findByText(en.audit.actions.media.upload)).toBeTruthy();
  });

  it('filters by action and dates through the URL, and asks the API with them', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/audit': () => ok(pageOf([entry()])),
    });
    renderAt('/admin/audit', <AuditPage />);
    await screen.findByTestId('audit-entry');
    await user.selectOptions(screen.getByLabelText(ru.audit.filters.action), 'account.block');
    await user.type(screen.getByLabelText(ru.audit.filters.from), '2026-11-01');
    await user.click(screen.getByRole('button', { name: ru.audit.filters.apply }));
    await waitFor(() => expect(location.current).toBe('/admin/audit?action=account.block&from=2026-11-01'));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('action')).toBe('account.block'));
    expect(calls.at(-1)?.url.searchParams.get('from')).toBe('2026-11-01');
    expect(calls.at(-1)?.url.searchParams.get('to')).toBeNull();
  });

  it('refuses a date range that ends before it starts and a bad id, with the API rules', async () => {
    const user = userEvent.setup();
    const calls = stubApi({ 'GET /auth/session': session, 'GET /admin-panel/audit': () => ok(pageOf([])) });
    renderAt('/admin/audit', <AuditPage />);
    expect(await screen.findByText(ru.audit.none)).toBeTruthy();
    await user.type(screen.getByLabelText(ru.audit.filters.adminId), 'abc');
    await user.tab();
    expect(await screen.findByText(validation.invalidId)).toBeTruthy();
    await user.clear(screen.getByLabelText(ru.audit.filters.adminId));
    await user.type(screen.getByLabelText(ru.audit.filters.from), '2026-11-10');
    await user.type(screen.getByLabelText(ru.audit.filters.to), '2026-11-01');
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: ru.audit.filters.apply }));
    expect(await screen.findByText(validation.invalidRange)).toBeTruthy();
    expect(calls.length).toBe(before);
    expect(location.current).toBe('/admin/audit');
  });

  it("narrows the log to one administrator's actions from a row", async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/audit': () => ok(pageOf([entry()])),
    });
    renderAt('/admin/audit?action=account.block', <AuditPage />);
    await user.click(await screen.findByRole('link', { name: /admin@anketa\.local/ }));
    await waitFor(() => expect(location.current).toBe('/admin/audit?action=account.block&adminId=2'));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('adminId')).toBe('2'));
    expect((screen.getByLabelText(ru.audit.filters.adminId) as HTMLInputElement).value).toBe('2');
  });
});
