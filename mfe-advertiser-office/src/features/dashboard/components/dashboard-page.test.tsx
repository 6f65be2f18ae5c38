import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import type { CampaignStats } from 'contracts/campaigns';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import { createCampaign, createProfile, listOf, ok, renderAt, stubApi } from '../../../testing/render';
import DashboardPage from './dashboard-page';

// uPlot draws on a canvas happy-dom does not have: a stand-in records what it was given and
// when its module was first loaded.
const uplot = vi.hoisted(() => ({
  loaded: false,
  drawn: [] as unknown[][],
  options: [] as Array<{ series: Array<{ value?: (u: unknown, value: number | null) => string }> }>,
}));
vi.mock('uplot', () => {
  uplot.loaded = true;
  return {
    default: class {
      constructor(options: (typeof uplot.options)[number], data: unknown[]) {
        uplot.options.push(options);
        uplot.drawn.push(data);
      }
      destroy() {}
      setSize() {}
    },
  };
});
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const stats: CampaignStats = {
  days: [
    { day: '2026-11-21', impressions: 120, clicks: 4, spend: 1500, refusedImpressions: 0, refusedClicks: 0 },
    {
      day: '2026-11-22',
      impressions: 1300,
      clicks: 9,
      spend: 1500,
      refusedImpressions: 970,
      refusedClicks: 2,
    },
  ],
  totals: { impressions: 1420, clicks: 13, spend: 3000, refusedImpressions: 970, refusedClicks: 2 },
  refused: [
    { reason: 'rate_limit', impressions: 960, clicks: 2 },
    { reason: 'foreign', impressions: 10, clicks: 0 },
  ],
};

beforeEach(() => {
  void i18n.changeLanguage('ru');
});

describe('the dashboard', () => {
  it('shows the totals, the days as a table on request, and the running campaigns', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': () =>
        ok({ profile: createProfile({ accountType: 'advister' }), canRefresh: false }),
      'GET /campaigns/stats': () => ok(stats),
      'GET /campaigns': (_body, call) =>
        ok(
          listOf(
            call.url.searchParams.get('tab') === 'published'
              ? [createCampaign({ status: 'published', endsOn: '2026-12-01', impressionsServed: 1420 })]
              : [],
          ),
        ),
    });
    const { container } = renderAt('/advister', <DashboardPage />);
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain((await screen.findByTestId('total-impressions')).textContent ?? '')).toBe('1 420');
    expect(screen.getByTestId('total-clicks').textContent).toBe('13');
    // What was refused (not counted, not billed), and why.
    expect(screen.getByTestId('total-refused-impressions').textContent).toBe('970');
    expect(screen.getByTestId('total-refused-clicks').textContent).toBe('2');
    const reasons = screen.getByRole('region', { name: ru.dashboard.refusedTitle });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `${ru.dashboard.reasons.rate_limit}: показов 960, переходов 2`,
      `${ru.dashboard.reasons.foreign}: показов 10, переходов 0`,
    ]);
    expect(calls.find((call) => call.path === '/campaigns/stats')?.url.searchParams.get('days')).toBe('30');
    expect(
      calls.filter((call) => call.path === '/campaigns').map((call) => call.url.searchParams.get('tab')),
    ).toEqual(['published', 'completed']);
    const runningList = screen.getByRole('region', { name: ru.dashboard.running });
    expect(await within(runningList).findByText('Вечер в спа')).toBeTruthy();
    // The chart gets impressions, clicks and spend per day (uPlot loaded with the screen).
    await waitFor(() => expect(uplot.drawn).toHaveLength(1));
    expect(uplot.drawn[0]?.slice(1)).toEqual([
      [120, 1300],
      [4, 9],
      [1500, 1500],
    ]);
    // Before any hover its legend reads the latest day: impressions and clicks as counts, spend in rubles.
    const legend = uplot.options[0]?.series.map((line) => plain(line.value?.(null, null) ?? ''));
    expect(legend).toEqual(['22 нояб.', '1 300', '9', '1 500 ₽']);

    await user.click(screen.getByRole('button', { name: ru.dashboard.showTable }));
    const table = screen.getByTestId('stats-table');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(plain(table.textContent ?? '')).toContain('1 300');
    expect(within(table).getByRole('columnheader', { name: ru.dashboard.refusedImpressions })).toBeTruthy();
    expect(
      [...(table.querySelectorAll('tbody tr')[1]?.querySelectorAll('td') ?? [])].map((cell) =>
        plain(cell.textContent ?? ''),
      ),
    ).toEqual(['1 300', '9', '1 500 ₽', '970', '2']);
    await expectNoAxeViolations(container);
  });

  it('shows the refused totals in English, and no reasons when nothing was refused', async () => {
    await i18n.changeLanguage('en');
    stubApi({
      'GET /auth/session': () =>
        ok({ profile: createProfile({ accountType: 'advister' }), canRefresh: false }),
      'GET /campaigns/stats': () => ok(stats),
      'GET /campaigns/:id/stats': () =>
        ok({
          days: stats.days.slice(0, 1),
          totals: { impressions: 120, clicks: 4, spend: 1500, refusedImpressions: 0, refusedClicks: 0 },
          refused: [],
        }),
      'GET /campaigns': () => ok(listOf([])),
    });
    const view = renderAt('/advister', <DashboardPage />);
    const reasons = await screen.findByRole('region', { name: en.dashboard.refusedTitle });
    expect(within(reasons).getAllByRole('listitem')[0]?.textContent).toBe(
      `${en.dashboard.reasons.rate_limit}: 960 impressions, 2 clicks`,
    );
    expect(screen.getByText(en.dashboard.refusedImpressions)).toBeTruthy();
    view.unmount();
    renderAt('/advister?campaign=7', <DashboardPage />);
    expect((await screen.findByTestId('total-refused-impressions')).textContent).toBe('0');
    expect(screen.queryByTestId('refused-reasons')).toBeNull();
  });

  it('says there are no impressions yet instead of an empty chart', async () => {
    stubApi({
      'GET /auth/session': () =>
        ok({ profile: createProfile({ accountType: 'advister' }), canRefresh: false }),
      'GET /campaigns/stats': () =>
        ok({
          days: [
            {
              day: '2026-11-22',
              impressions: 0,
              clicks: 0,
              spend: 0,
              refusedImpressions: 0,
              refusedClicks: 0,
            },
          ],
          totals: { impressions: 0, clicks: 0, spend: 0, refusedImpressions: 0, refusedClicks: 0 },
          refused: [],
        }),
      'GET /campaigns': () => ok(listOf([])),
    });
    renderAt('/advister', <DashboardPage />);
    expect(await screen.findByText(ru.dashboard.noStats)).toBeTruthy();
    expect(screen.getByText(ru.dashboard.nothingRunning)).toBeTruthy();
    expect(screen.queryByTestId('stats-chart')).toBeNull();
  });

  it("shows one campaign's days when the ads list links to it, and all again from the selector", async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': () =>
        ok({ profile: createProfile({ accountType: 'advister' }), canRefresh: false }),
      'GET /campaigns/stats': () => ok(stats),
      'GET /campaigns/:id/stats': () =>
        ok({
          days: stats.days.slice(0, 1),
          totals: { impressions: 120, clicks: 4, spend: 1500, refusedImpressions: 0, refusedClicks: 0 },
          refused: [],
        }),
      'GET /campaigns': (_body, call) =>
        ok(
          listOf(
            call.url.searchParams.get('tab') === 'published' ? [createCampaign({ status: 'published' })] : [],
          ),
        ),
    });
    renderAt('/advister?campaign=7', <DashboardPage />);
    expect((await screen.findByTestId('total-impressions')).textContent).toBe('120');
    expect(calls.some((call) => call.path === '/campaigns/7/stats')).toBe(true);
    const selector = screen.getByRole('combobox', { name: ru.dashboard.campaign });
    await waitFor(() => expect((selector as HTMLSelectElement).value).toBe('7'));
    await user.selectOptions(selector, 'all');
    await waitFor(() =>
      expect(
        (screen.getByTestId('total-impressions').textContent ?? '').replace(/[\u00a0\u202f]/g, ' '),
      ).toBe('1 420'),
    );
  });
});
