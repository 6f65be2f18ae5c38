import { render, screen, waitFor } from '@testing-library/react';
import { i18n } from 'platform';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChartSeries, DailyChart, type DailyChartProps } from './daily-chart';

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

// What the tests read of the options uPlot is given: the callbacks it calls while drawing.
type Callback = (...args: unknown[]) => unknown;
interface DrawnOptions {
  scales: Record<string, { range: Callback }>;
  axes: Array<{ scale?: string; side?: number; space?: number; incrs?: number[]; splits?: Callback }>;
  series: Array<{ value?: Callback }>;
}

/** Draws a chart and returns the options uPlot got for it. */
async function draw(props: Partial<DailyChartProps>): Promise<DrawnOptions> {
  const before = uplot.options.length;
  render(
    <DailyChart
      days={days}
      series={series}
      scales={scales}
      label="Показы"
      height={200}
      legendDayLabel="День"
      testId="chart"
      {...props}
    />,
  );
  await waitFor(() => expect(uplot.options.length).toBe(before + 1));
  return uplot.options.at(-1) as unknown as DrawnOptions;
}

const plain = (text: unknown) => String(text).replace(/[\u00a0\u202f]/g, ' ');
const DAY = 86_400;

/** The range uPlot gets from a scale, given its series' lowest and highest value. */
function rangeOf(options: DrawnOptions, scale: string, min: unknown, max: unknown): [number, number] {
  const range = options.scales[scale]?.range;
  if (!range) throw new Error(`no range for the scale ${scale}`);
  return range(null, min, max) as [number, number];
}

/** uPlot's choice of a step: the first of the axis's steps that gives each label its room. */
function foundStep(axis: DrawnOptions['axes'][number], range: number, plotWidth: number): number {
  return axis.incrs?.find((step) => (step * plotWidth) / range >= (axis.space ?? 0)) ?? 0;
}

beforeEach(() => {
  void i18n.changeLanguage('ru');
});

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

  it('shows the latest day and its figures in the legend before any hover, and the hovered day after', async () => {
    const options = await draw({
      series: [...series.slice(0, 1), { ...(series[1] as ChartSeries), format: (value) => `${value} ₽` }],
    });
    const [day, impressions, spend] = options.series;
    // uPlot asks for the legend's values with null while no day is under the cursor.
    expect(plain(day?.value?.(null, null, 0, null))).toBe('22 нояб.');
    expect(plain(impressions?.value?.(null, null, 1, null))).toBe('1 300');
    expect(spend?.value?.(null, null, 2, null)).toBe('0 ₽');
    const first = Date.parse('2026-11-21T12:00:00Z') / 1000;
    expect(plain(day?.value?.(null, first, 0, 0))).toBe('21 нояб.');
    expect(plain(impressions?.value?.(null, 120, 1, 0))).toBe('120');

    void i18n.changeLanguage('en');
    const english = await draw({});
    expect(english.series[0]?.value?.(null, null, 0, null)).toBe('22 Nov');
    expect(english.series[1]?.value?.(null, null, 1, null)).toBe('1,300');
  });

  it('scales each value axis to its own series: zeros get an axis of 0 alone, few small numbers do not fill it', async () => {
    const options = await draw({
      series: [
        { ...(series[0] as ChartSeries), values: [2, 3] },
        { ...(series[1] as ChartSeries), values: [0, 0] },
      ],
    });
    // uPlot calls a range with the lowest and highest value of the scale's series.
    expect(rangeOf(options, 'rub', 0, 0)).toEqual([0, 1]);
    const rubAxis = options.axes.find((axis) => axis.scale === 'rub');
    expect(rubAxis?.splits?.(null, 2, 0, 1, 1, 30)).toEqual([0]);
    const [, countTop] = rangeOf(options, 'count', 2, 3);
    expect(countTop).toBe(5);

    const large = await draw({});
    const [, top] = rangeOf(large, 'count', 120, 1300);
    expect(top).toBeGreaterThan(1300);
    expect(top).toBeLessThan(1500);
    const countAxis = large.axes.find((axis) => axis.scale === 'count');
    expect(countAxis?.incrs?.every(Number.isInteger)).toBe(true);
    expect(countAxis?.splits?.(null, 1, 0, top, 500, 40)).toEqual([0, 500, 1000]);
  });

  it("labels as many days as fit, a label's width apart, always the latest day", async () => {
    const month = Array.from({ length: 30 }, (_, index) =>
      new Date(Date.parse('2026-10-28T00:00:00Z') + index * DAY * 1000).toISOString().slice(0, 10),
    );
    const options = await draw({
      days: month,
      series: [{ ...(series[0] as ChartSeries), values: month.map((_, index) => index) }],
      scales: { count: { atLeast: 5 } },
    });
    const axis = options.axes[0] as DrawnOptions['axes'][number];
    const x = month.map((day) => Date.parse(`${day}T12:00:00Z`) / 1000);
    const [min, max] = rangeOf(options, 'x', x[0], x.at(-1));
    expect(min).toBeLessThan(x[0] as number);
    expect(max).toBeGreaterThan(x.at(-1) as number);
    // A desktop's plot (about 900 px) and a phone's (about 260 px).
    const counts = [900, 260].map((plotWidth) => {
      const step = foundStep(axis, max - min, plotWidth);
      const labelled = axis.splits?.(null, 0, min, max, step, 0) as number[];
      expect(labelled.at(-1)).toBe(x.at(-1));
      const apart = ((labelled[1] as number) - (labelled[0] as number)) * (plotWidth / (max - min));
      expect(apart).toBeGreaterThanOrEqual(axis.space ?? Number.POSITIVE_INFINITY);
      return labelled.length;
    });
    expect(counts[0]).toBeGreaterThan(counts[1] as number);
    expect(counts[1]).toBeGreaterThanOrEqual(3);
  });
});
