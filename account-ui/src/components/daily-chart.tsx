import { i18n } from 'platform';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Skeleton, VisuallyHidden } from 'shared-ui';
import styles from './daily-chart.module.css';

/** uPlot and its CSS, fetched the first time a chart is drawn: only the screens with one pay for them. */
const loadUPlot = () =>
  Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);

/** A design token's colour, with the value to draw in when the page has no tokens (a test). */
export interface ChartColor {
  token: `--${string}`;
  fallback: string;
}

export interface ChartSeries {
  label: string;
  /** One value a day, in the order of `days`. */
  values: readonly number[];
  color: ChartColor;
  /** The scale (one of `scales`) it is drawn against; the first scale's axis is on the left. */
  scale: string;
  dash?: number[];
  /** Tints the area under the line. */
  fill?: boolean;
}

export interface ChartScale {
  /** The axis goes at least this high, so a few small numbers do not fill the chart. */
  atLeast: number;
  /** The steps the axis may count in (uPlot's `incrs`). */
  steps?: number[];
}

export interface DailyChartProps {
  /** The days (`YYYY-MM-DD`), oldest first. */
  days: readonly string[];
  series: readonly ChartSeries[];
  scales: Readonly<Record<string, ChartScale>>;
  /** What the chart shows, for assistive technology (the table has the numbers). */
  label: string;
  height: number;
  /** Shows the legend under the chart, the day under the cursor labelled with this. */
  legendDayLabel?: string;
  testId: string;
  /**
   * The same numbers as a table, for screen readers: it stays beside the chart, visually hidden.
   * A screen that shows the table instead of the chart renders its table alone.
   */
  table?: ReactNode;
}

/** Lines per day with uPlot; the box keeps its size while uPlot loads, so nothing moves. */
export function DailyChart({
  days,
  series,
  scales,
  label,
  height,
  legendDayLabel,
  testId,
  table,
}: DailyChartProps) {
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
      const colorOf = ({ token, fallback }: ChartColor) => styleOf.getPropertyValue(token).trim() || fallback;
      const muted = colorOf({ token: '--color-text-muted', fallback: '#66555e' });
      // The reader's short dates ("26 окт."), not uPlot's US ones.
      const dayLabel = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'ru-RU', {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      });
      const formatDay = (seconds: number) => dayLabel.format(seconds * 1000);
      const x = days.map((day) => Date.parse(`${day}T12:00:00Z`) / 1000);
      const scaleNames = Object.keys(scales);
      const ranges: Record<string, { range: (u: unknown, min: number, max: number) => [number, number] }> =
        {};
      for (const name of scaleNames) {
        const atLeast = scales[name]?.atLeast ?? 0;
        ranges[name] = { range: (_u, _min, max) => [0, Math.max(atLeast, max)] };
      }
      const valueAxes = scaleNames.map((name, position) => {
        const steps = scales[name]?.steps;
        return {
          scale: name,
          stroke: muted,
          // The first scale's axis on the left, a second one on the right without its own grid.
          ...(position > 0 ? { side: 1 as const, grid: { show: false } } : {}),
          ...(steps ? { incrs: steps } : {}),
        };
      });
      chart = new UPlot(
        {
          width: width(),
          height,
          legend: { show: legendDayLabel !== undefined },
          cursor: { drag: { x: false, y: false } },
          scales: ranges,
          axes: [
            {
              stroke: muted,
              grid: { show: false },
              values: (_u: unknown, splits: number[]) => splits.map(formatDay),
            },
            ...valueAxes,
          ],
          series: [
            legendDayLabel === undefined
              ? {}
              : { label: legendDayLabel, value: (_u: unknown, seconds: number) => formatDay(seconds) },
            ...series.map((line) => {
              const stroke = colorOf(line.color);
              return {
                label: line.label,
                scale: line.scale,
                stroke,
                width: 2,
                ...(line.dash ? { dash: line.dash } : { points: { size: 5 } }),
                ...(line.fill ? { fill: `${stroke}22` } : {}),
              };
            }),
          ],
        },
        [x, ...series.map((line) => [...line.values])],
        element,
      );
      setReady(true);
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => chart?.setSize({ width: width(), height }));
        observer.observe(element);
      }
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, series, scales, height, legendDayLabel]);

  return (
    <>
      <div className={styles.chartBox} style={{ minHeight: height }}>
        {!ready && <Skeleton className={styles.chartSkeleton} height={height} radius="var(--radius-md)" />}
        <div ref={box} role="img" aria-label={label} className={styles.chart} data-testid={testId} />
      </div>
      {table && <VisuallyHidden>{table}</VisuallyHidden>}
    </>
  );
}
