import { i18n } from 'platform';
import { useEffect, useRef, useState } from 'react';
import { Skeleton } from 'shared-ui';
import styles from './analytics-page.module.css';

export const CHART_HEIGHT = 240;

/** uPlot and its CSS, fetched the first time a chart is drawn: only this screen pays for them. */
const loadUPlot = () =>
  Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);

interface Props {
  days: { day: string; views: number }[];
  /** What the chart shows, for assistive technology (the table beside it has the numbers). */
  label: string;
  seriesLabel: string;
}

/** Views per day as a line; the box keeps its size while uPlot loads, so nothing moves. */
export function ViewsChart({ days, label, seriesLabel }: Props) {
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
      const accent = styleOf.getPropertyValue('--color-accent').trim() || '#c2185b';
      const muted = styleOf.getPropertyValue('--color-text-muted').trim() || '#666';
      const dayLabel = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'ru-RU', {
        day: 'numeric',
        month: 'short',
      });
      const x = days.map((item) => Date.parse(`${item.day}T12:00:00Z`) / 1000);
      const y = days.map((item) => item.views);
      chart = new UPlot(
        {
          width: width(),
          height: CHART_HEIGHT,
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { y: { range: (_u: unknown, _min: number, max: number) => [0, Math.max(5, max)] } },
          axes: [
            {
              stroke: muted,
              grid: { show: false },
              // The reader's short dates ("26 окт."), not uPlot's US ones.
              values: (_u: unknown, splits: number[]) =>
                splits.map((seconds) => dayLabel.format(seconds * 1000)),
            },
            { stroke: muted, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] },
          ],
          series: [
            {},
            { label: seriesLabel, stroke: accent, width: 2, fill: `${accent}22`, points: { size: 5 } },
          ],
        },
        [x, y],
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
  }, [days, seriesLabel]);

  return (
    <div className={styles.chartBox} style={{ height: CHART_HEIGHT }}>
      {!ready && (
        <Skeleton className={styles.chartSkeleton} height={CHART_HEIGHT} radius="var(--radius-md)" />
      )}
      <div ref={box} role="img" aria-label={label} className={styles.chart} data-testid="views-chart" />
    </div>
  );
}
