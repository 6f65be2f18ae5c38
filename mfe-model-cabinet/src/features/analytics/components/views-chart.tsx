import { type ChartScale, type ChartSeries, DailyChart } from 'account-ui/chart';
import { type ReactNode, useMemo } from 'react';

export const CHART_HEIGHT = 240;

const SCALES: Record<string, ChartScale> = { y: { atLeast: 5 } };

interface Props {
  days: { day: string; views: number }[];
  /** What the chart shows, for assistive technology (the table beside it has the numbers). */
  label: string;
  seriesLabel: string;
  /** The same numbers as a table, kept for screen readers beside the chart. */
  table: ReactNode;
}

/** Views per day as a tinted line. */
export function ViewsChart({ days, label, seriesLabel, table }: Props) {
  const dayKeys = useMemo(() => days.map((item) => item.day), [days]);
  const series = useMemo(
    (): ChartSeries[] => [
      {
        label: seriesLabel,
        values: days.map((item) => item.views),
        scale: 'y',
        color: { token: '--color-accent', fallback: '#c2185b' },
        fill: true,
      },
    ],
    [days, seriesLabel],
  );
  return (
    <DailyChart
      days={dayKeys}
      series={series}
      scales={SCALES}
      label={label}
      height={CHART_HEIGHT}
      testId="views-chart"
      table={table}
    />
  );
}
