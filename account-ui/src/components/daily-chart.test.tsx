import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ChartSeries, DailyChart } from './daily-chart';

// uPlot draws on a canvas happy-dom does not have: a stand-in records what it was given.
const uplot = vi.hoisted(() => ({ options: [] as Array<Record<string, unknown>>, drawn: [] as unknown[][] }));
vi.mock('uplot', () => ({
  default: class {
    constructor(options: Record<string, unknown>, data: unknown[]) {
      uplot.options.push(options);
      uplot.drawn.push(data);
    }
    destroy() {}
    setSize() {}
  },
}));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const days = ['2026-11-21', '2026-11-22'];
const series: ChartSeries[] = [
  {
    label: 'Показы',
    values: [120, 1300],
    scale: 'count',
    color: { token: '--color-accent', fallback: '#000' },
  },
  { label: 'Расход', values: [1500, 0], scale: 'rub', color: { token: '--color-warning', fallback: '#111' } },
];
const scales = { count: { atLeast: 5 }, rub: { atLeast: 100 } };

describe('DailyChart', () => {
  it('draws one line per series against its scale, the second scale on the right', async () => {
    render(
      <DailyChart
        days={days}
        series={series}
        scales={scales}
        label="Показы и расход по дням"
        height={200}
        legendDayLabel="День"
        testId="chart"
      />,
    );
    expect(screen.getByRole('img', { name: 'Показы и расход по дням' })).toBeTruthy();
    await waitFor(() => expect(uplot.drawn).toHaveLength(1));
    expect(uplot.drawn[0]?.slice(1)).toEqual([
      [120, 1300],
      [1500, 0],
    ]);
    const axes = uplot.options[0]?.axes as Array<{ scale?: string; side?: number }>;
    expect(axes.slice(1).map((axis) => [axis.scale, axis.side])).toEqual([
      ['count', undefined],
      ['rub', 1],
    ]);
    expect(uplot.options[0]?.legend).toEqual({ show: true });
  });

  it('keeps the table it is given beside the chart for screen readers', () => {
    render(
      <DailyChart
        days={days}
        series={series}
        scales={scales}
        label="Показы"
        height={200}
        testId="chart"
        table={<table data-testid="numbers" />}
      />,
    );
    expect(screen.getByTestId('numbers')).toBeTruthy();
  });
});
