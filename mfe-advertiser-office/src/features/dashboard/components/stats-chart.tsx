import { i18n } from 'platform';
import { useEffect, useRef, useState } from 'react';
import { Skeleton } from 'shared-ui';
import type { CampaignStats } from '../../../lib/campaign';
import styles from './dashboard-page.module.css';

export const CHART_HEIGHT = 260;

/** uPlot and its CSS, fetched the first time a chart is drawn: only the dashboard pays for them. */
const loadUPlot = () =>
  Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);

interface Props {
  days: CampaignStats['days'];
  /** What the chart shows, for assistive technology (the table has the numbers). */
  label: string;
  seriesLabels: { impressions: string; clicks: string; spend: string };
}

/** Impressions and clicks per day (left axis) and spend in rubles (right axis). */
export function StatsChart({ days, label, seriesLabels }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let chart: { destroy: () => void; setSize: (size: { width: number; height: number }) => void } | null =
      null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void loadUPlot().then((UPlot) => {
      const element = box.current;
      if (cancelled || !element) return;
      const width = () => element.clientWidth || 600;
      const styleOf = getComputedStyle(element);
      const token = (name: string, fallback: string) => styleOf.getPropertyValue(name).trim() || fallback;
      const accent = token('--color-accent', '#7b1f52');
      const success = token('--color-success', '#1e6e47');
      const warning = token('--color-warning', '#7f5200');
      const muted = token('--color-text-muted', '#66555e');
      const dayLabel = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'ru-RU', {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      });
      const x = days.map((item) => Date.parse(`${item.day}T12:00:00Z`) / 1000);
      chart = new UPlot(
        {
          width: width(),
          height: CHART_HEIGHT,
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          scales: {
            count: { range: (_u: unknown, _min: number, max: number) => [0, Math.max(5, max)] },
            rub: { range: (_u: unknown, _min: number, max: number) => [0, Math.max(100, max)] },
          },
          axes: [
            {
              stroke: muted,
              grid: { show: false },
              values: (_u: unknown, splits: number[]) =>
                splits.map((seconds) => dayLabel.format(seconds * 1000)),
            },
            { scale: 'count', stroke: muted },
            { scale: 'rub', side: 1, stroke: muted, grid: { show: false } },
          ],
          series: [
            {},
            {
              label: seriesLabels.impressions,
              scale: 'count',
              stroke: accent,
              width: 2,
              points: { size: 5 },
            },
            { label: seriesLabels.clicks, scale: 'count', stroke: success, width: 2, points: { size: 5 } },
            { label: seriesLabels.spend, scale: 'rub', stroke: warning, width: 2, dash: [6, 4] },
          ],
        },
        [x, days.map((d) => d.impressions), days.map((d) => d.clicks), days.map((d) => d.spend)],
        element,
      );
      setReady(true);
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: CHART_HEIGHT }));
        observer.observe(element);
      }
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, seriesLabels]);

  return (
    <div className={styles.chartBox} style={{ minHeight: CHART_HEIGHT }}>
      {!ready && (
        <Skeleton className={styles.chartSkeleton} height={CHART_HEIGHT} radius="var(--radius-md)" />
      )}
      <div ref={box} role="img" aria-label={label} className={styles.chart} data-testid="stats-chart" />
    </div>
  );
}
