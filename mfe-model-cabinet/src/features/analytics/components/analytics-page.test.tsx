import { formatDateTime } from 'account-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { createOwnProfile } from '../../../testing/profiles-builders';
import { apiError, createProfile, ok, renderAt, stubApi } from '../../../testing/render';
import AnalyticsPage from './analytics-page';

// uPlot draws on a canvas happy-dom does not have: a stand-in records what it was given and
// when its module was first loaded.
const uplot = vi.hoisted(() => ({ loaded: false, drawn: [] as unknown[][] }));
vi.mock('uplot', () => {
  uplot.loaded = true;
  return {
    default: class {
      constructor(_options: unknown, data: unknown[]) {
        uplot.drawn.push(data);
      }
      destroy() {}
      setSize() {}
    },
  };
});
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const noStreams = () => ok({ items: [], total: 0, page: 1, pageSize: 20 });
const session = {
  'GET /auth/session': () => ok({ profile: createProfile(), canRefresh: false }),
  'GET /own-profiles/streams': noStreams,
};
const days = (views: number[]) =>
  views.map((count, index) => ({ day: `2026-01-${String(index + 1).padStart(2, '0')}`, views: count }));

beforeEach(() => {
  uplot.drawn = [];
});

describe('main (analytics)', () => {
  it('loads the chart library only when a chart is drawn, and gives the numbers as a table too', async () => {
    expect(uplot.loaded).toBe(false);
    stubApi({
      ...session,
      'GET /profiles': () =>
        ok({
          items: [
            createOwnProfile({ id: 1, draft: { name: 'Анна' }, topUntil: '2099-01-10T12:00:00.000Z' }),
            createOwnProfile({ id: 2, draft: { name: 'Вера' } }),
            // Never approved: nothing to count.
            createOwnProfile({ id: 3, status: 'draft', draft: { name: 'Черновик' } }),
          ],
        }),
      'GET /profiles/1/views': (_body, call) => {
        expect(call.url.searchParams.get('days')).toBe('30');
        return ok({ days: days([3, 0, 7]), total: 10 });
      },
      'GET /profiles/2/views': () => ok({ days: days([1, 1]), total: 2 }),
    });
    const { container } = renderAt('/profile/analytics', <AnalyticsPage />);
    const table = await screen.findByTestId('views-table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['1 янв. 2026 г.3', '2 янв. 2026 г.0', '3 янв. 2026 г.7']);
    expect(screen.getByTestId('views-total').textContent).toBe('10');
    await waitFor(() => expect(screen.getByTestId('views-overall').textContent).toBe('12'));
    await waitFor(() => expect(uplot.drawn).toHaveLength(1));
    expect(uplot.loaded).toBe(true);
    expect(uplot.drawn[0]?.[1]).toEqual([3, 0, 7]);
    expect(screen.getByText(/^В топе города до 10 янв\. 2099/)).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Черновик' })).toBeNull();
    await expectNoAxeViolations(container);

    await userEvent.selectOptions(screen.getByLabelText(ru.analytics.profile), 'Вера');
    await waitFor(() => expect(screen.getByTestId('views-total').textContent).toBe('2'));
    await waitFor(() => expect(uplot.drawn.at(-1)?.[1]).toEqual([1, 1]));
  });

  it('shows the table instead of the chart on request', async () => {
    stubApi({
      ...session,
      'GET /profiles': () => ok({ items: [createOwnProfile({ id: 1 })] }),
      'GET /profiles/1/views': () => ok({ days: days([4, 5]), total: 9 }),
    });
    renderAt('/profile/analytics', <AnalyticsPage />);
    await userEvent.click(await screen.findByRole('button', { name: ru.analytics.showTable }));
    expect(screen.queryByTestId('views-chart')).toBeNull();
    expect(screen.getByTestId('views-table')).toBeTruthy();
    expect(screen.getByRole('button', { name: ru.analytics.showChart }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // The table scrolls past 240 px: its box is a named region a keyboard can focus and scroll.
    const box = screen.getByRole('region', { name: /^Просмотры «.+» по дням$/ });
    expect(box.contains(screen.getByTestId('views-table'))).toBe(true);
    expect(box.tabIndex).toBe(0);
  });

  it('says there is nothing to show before a profile is approved', async () => {
    stubApi({
      ...session,
      'GET /profiles': () => ok({ items: [createOwnProfile({ status: 'pending' })] }),
    });
    const { container } = renderAt('/profile/analytics', <AnalyticsPage />);
    expect(await screen.findByRole('heading', { name: ru.analytics.empty.title })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('says the views failed to load, with a retry', async () => {
    let fail = true;
    stubApi({
      ...session,
      'GET /profiles': () => ok({ items: [createOwnProfile({ id: 1 })] }),
      'GET /profiles/1/views': () =>
        fail ? apiError(404, 'MODEL_NOT_FOUND') : ok({ days: days([2]), total: 2 }),
    });
    renderAt('/profile/analytics', <AnalyticsPage />);
    expect(await screen.findByText(ru.analytics.errors.views)).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.getByTestId('views-total').textContent).toBe('2'));
  });

  it('lists her streams beside the views: start, profile, end, duration and peak viewers', async () => {
    const calls = stubApi({
      ...session,
      'GET /profiles': () => ok({ items: [createOwnProfile({ id: 1 })] }),
      'GET /profiles/1/views': () => ok({ days: days([1]), total: 1 }),
      'GET /own-profiles/streams': () =>
        ok({
          items: [
            {
              id: 2,
              profileId: 1,
              profileName: 'Анна',
              startedAt: '2026-01-02T18:00:00.000Z',
              endedAt: null,
              durationSeconds: 600,
              peakViewers: 3,
              endReason: null,
            },
            {
              id: 1,
              profileId: 1,
              profileName: 'Анна',
              startedAt: '2026-01-01T18:00:00.000Z',
              endedAt: '2026-01-01T19:30:00.000Z',
              durationSeconds: 5400,
              peakViewers: 12,
              endReason: 'stopped',
            },
          ],
          total: 2,
          page: 1,
          pageSize: 20,
        }),
    });
    const { container } = renderAt('/profile/analytics', <AnalyticsPage />);
    const table = await screen.findByTestId('streams-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Анна', 'идёт сейчас', '10 мин', '3'],
      ['Анна', formatDateTime('2026-01-01T19:30:00.000Z'), '1 ч 30 мин', '12'],
    ]);
    expect(calls.find((call) => call.path === '/own-profiles/streams')?.url.searchParams.get('page')).toBe(
      '1',
    );
    // Twenty streams outgrow its 240 px: the box is a named region a keyboard can focus and scroll.
    const box = screen.getByRole('region', { name: ru.analytics.streams.caption });
    expect(box.contains(table)).toBe(true);
    expect(box.tabIndex).toBe(0);
    await expectNoAxeViolations(container);
  });
});
