import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import {
  apiError,
  createCampaign,
  createProfile,
  listOf,
  location,
  ok,
  renderAt,
  stubApi,
} from '../../../testing/render';
import AdsPage from './ads-page';

vi.mock('account-ui', async (original) => ({
  ...(await original<typeof import('account-ui')>()),
  notify: vi.fn(),
}));

const session = (balance = 0) =>
  ok({ profile: createProfile({ balance, accountType: 'advister' }), canRefresh: false });
const text = (value: string | null | undefined) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => {
  void i18n.changeLanguage('ru');
});

describe('the ads list', () => {
  it('asks for its tab and shows each card with status, dates, impressions delivered of bought', async () => {
    const calls = stubApi({
      'GET /auth/session': () => session(),
      'GET /campaigns': () =>
        ok(
          listOf([
            createCampaign({
              status: 'published',
              pricing: 'impressions',
              impressions: 5000,
              impressionsServed: 1234,
              clicks: 12,
              refusedImpressions: 1500,
              refusedClicks: 3,
              startsOn: '2026-12-01',
              endsOn: '2026-12-10',
              actions: ['edit', 'submit', 'repeat', 'delete'],
            }),
          ]),
        ),
    });
    const { container } = renderAt('/advister/ads', <AdsPage tab="published" />);
    const card = await screen.findByTestId('campaign-card');
    expect(calls.find((call) => call.path === '/campaigns')?.url.searchParams.get('tab')).toBe('published');
    expect(within(card).getByTestId('campaign-status').textContent).toBe(ru.status.published);
    expect(text(within(card).getByTestId('campaign-impressions').textContent)).toBe('1 234 из 5 000');
    // What was refused (not counted, not billed) beside it.
    expect(text(within(card).getByTestId('campaign-refused').textContent)).toBe(
      'показов: 1 500, переходов: 3',
    );
    expect(within(card).getByText(/1 дек\. 2026/)).toBeTruthy();
    expect(screen.getByRole('link', { name: ru.ads.tabs.published }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(card).getByRole('link', { name: 'Изменить «Вечер в спа»' }).getAttribute('href')).toBe(
      '/advister/edit/7',
    );
    await expectNoAxeViolations(container);
  });

  it('asks the server for the moderation tab on /advister/ads/moderating and shows the reason of a rejected ad', async () => {
    const calls = stubApi({
      'GET /auth/session': () => session(),
      'GET /campaigns': () =>
        ok(listOf([createCampaign({ status: 'rejected', rejectReason: 'Ссылка не открывается' })])),
    });
    renderAt('/advister/ads/moderating', <AdsPage tab="moderation" />);
    expect((await screen.findByTestId('campaign-reason')).textContent).toContain('Ссылка не открывается');
    // Nothing refused: no line for it.
    expect(screen.queryByTestId('campaign-refused')).toBeNull();
    expect(calls.find((call) => call.path === '/campaigns')?.url.searchParams.get('tab')).toBe('moderation');
  });

  it('deletes only after the confirmation, and the list is read again', async () => {
    const user = userEvent.setup();
    let items = [createCampaign({ status: 'moderation', paid: 4500, actions: ['repeat', 'delete'] })];
    const calls = stubApi({
      'GET /auth/session': () => session(0),
      'GET /campaigns': () => ok(listOf(items)),
      'DELETE /campaigns/:id': () => {
        items = [];
        return ok({ balance: 4500 });
      },
    });
    renderAt('/advister/ads/moderating', <AdsPage tab="moderation" />);
    await user.click(await screen.findByRole('button', { name: 'Удалить «Вечер в спа»' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('оплата вернётся на баланс');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Удалить «Вечер в спа»' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: ru.ads.confirmDelete.confirm }),
    );
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/campaigns/7');
    expect(await screen.findByText(ru.ads.empty.moderation)).toBeTruthy();
  });

  it('repeats a campaign and opens the copy in the wizard', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /auth/session': () => session(),
      'GET /campaigns': () =>
        ok(listOf([createCampaign({ status: 'completed', actions: ['repeat', 'delete'] })])),
      'POST /campaigns/:id/repeat': () => ok(createCampaign({ id: 8 })),
    });
    renderAt('/advister/ads/completed', <AdsPage tab="completed" />);
    await user.click(await screen.findByRole('button', { name: 'Повторить «Вечер в спа»' }));
    await waitFor(() => expect(location.current).toBe('/advister/edit/8'));
  });

  it('says so when a tab is empty', async () => {
    stubApi({ 'GET /auth/session': () => session(), 'GET /campaigns': () => ok(listOf([])) });
    renderAt('/advister/ads/saved', <AdsPage tab="saved" />);
    expect(await screen.findByText(ru.ads.empty.saved)).toBeTruthy();
  });

  it('says the list failed to load and loads it again on retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      'GET /auth/session': () => session(),
      'GET /campaigns': () => (fail ? apiError(500, 'INTERNAL') : ok(listOf([createCampaign()]))),
    });
    renderAt('/advister/ads/saved', <AdsPage tab="saved" />);
    // A server error is asked again twice (with back-off) before the screen gives up.
    expect(await screen.findByText(ru.ads.errors.load, {}, { timeout: 8000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: ru.common.retry }));
    expect(await screen.findByTestId('campaign-card')).toBeTruthy();
  }, 15_000);
});
