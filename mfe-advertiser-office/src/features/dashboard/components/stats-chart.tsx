import { formatRubles } from 'account-ui';
import { type ChartScale, type ChartSeries, DailyChart } from 'account-ui/chart';
import { useMemo } from 'react';
import type { CampaignStats } from '../../../lib/campaign';

export const CHART_HEIGHT = 260;

const SCALES: Record<string, ChartScale> = { count: { atLeast: 5 }, rub: { atLeast: 100 } };

interface Props {
  days: CampaignStats['days'];
  /** What the chart shows, for assistive technology (the table has the numbers). */
  label: string;
  seriesLabels: { day: string; impressions: string; clicks: string; spend: string };
}

/** Impressions and clicks per day (left axis) and spend in rubles (right axis). */
export function StatsChart({ days, label, seriesLabels }: Props) {
  const dayKeys = useMemo(() => days.map((item) => item.day), [days]);
  const series = useMemo(
    (): ChartSeries[] => [
      {
        label: seriesLabels.impressions,
        values: days.map((item) => item.impressions),
        scale: 'count',
        color: { token: '--color-accent', fallback: '#7b1f52' },
      },
      {
        label: seriesLabels.clicks,
        values: days.map((item) => item.clicks),
        scale: 'count',
        color: { token: '--color-success', fallback: '#1e6e47' },
      },
      {
        label: seriesLabels.spend,
        values: days.map((item) => item.spend),
        scale: 'rub',
        color: { token: '--color-warning', fallback: '#7f5200' },
        dash: [6, 4],
        format: formatRubles,
      },
    ],
    [days, seriesLabels],
  );
  return (
    <DailyChart
      days={dayKeys}
      series={series}
      scales={SCALES}
      label={label}
      height={CHART_HEIGHT}
      legendDayLabel={seriesLabels.day}
      testId="stats-chart"
    />
  );
}
