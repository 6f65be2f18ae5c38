import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from 'account-ui';
import { contractsLocales } from 'contracts/locales';
import type { AdminReleases, RegistryChangeBody, RemoteChannelsView } from 'contracts/releases';
import { RELEASE_GUARD_DEFAULT } from 'contracts/telemetry';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { apiError, createProfile, ok, renderAt, stubApi } from '../../../testing/render';
import ReleasesPage from './releases-page';

vi.mock('account-ui', async (original) => ({
  ...(await original<typeof import('account-ui')>()),
  notify: vi.fn(),
}));

const validation = contractsLocales.ru.validation;
const session = () => ok({ profile: createProfile({ accountRole: 'admin' }), canRefresh: false });
const V1 = '1.0.0+aaaaaaaaaaaa';
const V2 = '1.1.0+bbbbbbbbbbbb';
const release = (version: string, routes = ['/', '/model/:id']) => ({
  version,
  entry: `/mfe/catalog/${version}/mf-manifest.json`,
  ssr: null,
  routes,
  publishedBy: 'pipeline',
  publishedAt: '2026-11-27T09:00:00.000Z',
});
const catalog = (overrides: Partial<RemoteChannelsView> = {}): RemoteChannelsView => ({
  remote: 'mfe_catalog',
  stable: V1,
  canary: V2,
  canaryPercent: 20,
  releases: [release(V2), release(V1)],
  changes: [
    {
      id: 3,
      action: 'canary',
      fromVersion: null,
      toVersion: V2,
      canaryPercent: 20,
      reason: 'new cards',
      actor: 'admin:1',
      at: '2026-11-27T10:00:00.000Z',
    },
    {
      id: 2,
      action: 'promote',
      fromVersion: null,
      toVersion: V1,
      canaryPercent: null,
      reason: 'first',
      actor: 'pipeline',
      at: '2026-11-27T09:30:00.000Z',
    },
  ],
  moreChanges: false,
  figures: [],
  ...overrides,
});
const registry = (...remotes: RemoteChannelsView[]): AdminReleases => ({
  remotes: [
    ...remotes,
    {
      remote: 'mfe_auth',
      stable: null,
      canary: null,
      canaryPercent: 0,
      releases: [],
      changes: [],
      moreChanges: false,
      figures: [],
    },
  ],
  guard: RELEASE_GUARD_DEFAULT,
});

beforeEach(() => {
  void i18n.changeLanguage('ru');
  vi.mocked(notify).mockReset();
});

describe('the releases screen', () => {
  it('shows each remote with stable, canary and its share, its versions and history; a remote without releases says so', async () => {
    stubApi({ 'GET /auth/session': session, 'GET /admin-panel/releases': () => ok(registry(catalog())) });
    const { container } = renderAt('/admin/releases', <ReleasesPage />);
    const channels = await screen.findByTestId('channels-mfe_catalog');
    expect(within(channels).getByText(V1)).toBeTruthy();
    expect(within(channels).getByText(`${V2} — 20% посетителей`)).toBeTruthy();
    expect(within(screen.getByTestId(`release-${V2}`)).getByText('пробная, 20%')).toBeTruthy();
    expect(within(screen.getByTestId(`release-${V1}`)).getByText(ru.releases.stable)).toBeTruthy();
    // Stable is not offered again; the other version is.
    expect(within(screen.getByTestId(`release-${V1}`)).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: `${ru.releases.promote} ${V2}` })).toBeTruthy();
    const history = screen.getByTestId('history-mfe_catalog');
    expect(within(history).getByText(`пробная ${V2}, 20%`)).toBeTruthy();
    expect(within(history).getByText(`основная: — → ${V1}`)).toBeTruthy();
    const auth = screen.getByTestId('channels-mfe_auth');
    expect(within(auth).getByText(ru.releases.fromFile)).toBeTruthy();
    expect(screen.getByText(ru.releases.none)).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('shows earlier changes a page at a time, while there are more, and says when they could not be read', async () => {
    const earlier = (id: number) => ({
      id,
      action: 'publish' as const,
      fromVersion: null,
      toVersion: `1.0.${id}+cccccccccccc`,
      canaryPercent: null,
      reason: '',
      actor: 'pipeline',
      at: '2026-11-20T09:00:00.000Z',
    });
    let failing = false;
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/releases': () => ok(registry(catalog({ moreChanges: true }))),
      'GET /admin-panel/releases/mfe_catalog/changes': (_body, call) => {
        if (failing) return apiError(500, 'INTERNAL');
        return call.url.searchParams.get('before') === '2'
          ? ok({ changes: [earlier(1)], more: true })
          : ok({ changes: [], more: false });
      },
    });
    const { container } = renderAt('/admin/releases', <ReleasesPage />);
    const history = await screen.findByTestId('history-mfe_catalog');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: ru.releases.earlier }));
    // Asked before the oldest line shown; the next page is added under it.
    expect(await within(history).findByText('опубликована 1.0.1+cccccccccccc')).toBeTruthy();
    expect(within(history).getAllByRole('row')).toHaveLength(4);
    failing = true;
    await user.click(screen.getByRole('button', { name: ru.releases.earlier }));
    await waitFor(() => expect(notify).toHaveBeenLastCalledWith('error', ru.releases.errors.history));
    failing = false;
    await user.click(screen.getByRole('button', { name: ru.releases.earlier }));
    // No more: the button goes.
    await waitFor(() => expect(screen.queryByRole('button', { name: ru.releases.earlier })).toBeNull());
    const asked = calls.filter((call) => call.path.endsWith('/changes'));
    expect(asked.map((call) => call.url.searchParams.get('before'))).toEqual(['2', '1', '1']);
    await expectNoAxeViolations(container);
  });

  it('promotes a version after a confirmation with a reason, checked as the API checks it', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/releases': () => ok(registry(catalog())),
      'POST /admin-panel/releases/:remote': (body) =>
        ok(catalog({ stable: (body as { version: string }).version, canary: null, canaryPercent: 0 })),
    });
    renderAt('/admin/releases', <ReleasesPage />);
    await user.click(await screen.findByRole('button', { name: `${ru.releases.promote} ${V2}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Новая основная версия mfe_catalog' });
    expect(
      within(dialog).getByText(new RegExp(`${V1.replace('+', '\\+')} → ${V2.replace('+', '\\+')}`)),
    ).toBeTruthy();
    await expectNoAxeViolations(dialog);
    const reason = within(dialog).getByLabelText(ru.releases.reason);
    await user.type(reason, 'ok');
    await user.tab();
    expect(await within(dialog).findByText(validation.reasonTooShort)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: ru.releases.promote }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(reason, ' — the canary was clean');
    await user.click(within(dialog).getByRole('button', { name: ru.releases.promote }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/admin-panel/releases/mfe_catalog');
    expect(post?.body).toEqual<RegistryChangeBody>({
      action: 'promote',
      version: V2,
      reason: 'ok — the canary was clean',
    });
    expect(notify).toHaveBeenCalledWith('success', `mfe_catalog: основная версия теперь ${V2}`);
    expect(within(screen.getByTestId('channels-mfe_catalog')).getByText(ru.releases.noCanary)).toBeTruthy();
  });

  it('sets a canary share of 0-100 % and says the server’s reason when it refuses', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/releases': () => ok(registry(catalog({ canary: null, canaryPercent: 0 }))),
      // As the API answers it: the page translates the code with its params.
      'POST /admin-panel/releases/:remote': () =>
        Response.json(
          {
            code: 'ROUTE_CONFLICT',
            message: 'ROUTE_CONFLICT',
            params: { route: '/model/:id', remote: 'mfe_auth' },
          },
          { status: 409 },
        ),
    });
    renderAt('/admin/releases', <ReleasesPage />);
    await user.click(await screen.findByRole('button', { name: `${ru.releases.canary.open} ${V2}` }));
    const dialog = await screen.findByRole('dialog');
    const percent = within(dialog).getByLabelText(ru.releases.canary.percent);
    await user.clear(percent);
    await user.type(percent, '150');
    await user.type(within(dialog).getByLabelText(ru.releases.reason), 'try the new grid');
    await user.click(within(dialog).getByRole('button', { name: ru.releases.canary.confirm }));
    expect(await within(dialog).findByText(validation.canaryPercent)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(percent);
    await user.type(percent, '25');
    await user.click(within(dialog).getByRole('button', { name: ru.releases.canary.confirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Адрес /model/:id уже принадлежит модулю mfe_auth',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      action: 'canary',
      version: V2,
      percent: 25,
      reason: 'try the new grid',
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('ends a canary with a confirmation, in English too', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('en');
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/releases': () => ok(registry(catalog())),
      'POST /admin-panel/releases/:remote': () => ok(catalog({ canary: null, canaryPercent: 0 })),
    });
    renderAt('/en/admin/releases', <ReleasesPage />);
    await user.click(await screen.findByRole('button', { name: 'End the canary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll back mfe_catalog' });
    expect(
      within(dialog).getByText(`Visitors of canary ${V2} go back to stable from their next page load.`),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'errors went up');
    await user.click(within(dialog).getByRole('button', { name: 'End the canary' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      action: 'rollback',
      reason: 'errors went up',
    });
    expect(within(screen.getByTestId('channels-mfe_catalog')).getByText('none')).toBeTruthy();
  });

  it('says the list failed to load and loads it again on retry', async () => {
    let fail = true;
    stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/releases': () => (fail ? apiError(500, 'INTERNAL') : ok(registry(catalog()))),
    });
    renderAt('/admin/releases', <ReleasesPage />);
    expect(await screen.findByText(ru.releases.errors.load)).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: /Повторить|Retry/ }));
    expect(await screen.findByTestId('channels-mfe_catalog')).toBeTruthy();
  });
});
