import { i18n } from 'platform';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Skeleton, VisuallyHidden } from 'shared-ui';
import {
  DAY_SECONDS,
  LABEL_GAP,
  LABEL_STEP_DAYS,
  labelledDays,
  labelWidth,
  valueRange,
  valueSplits,
  WHOLE_STEPS,
} from './daily-chart-axes';
import styles from './daily-chart.module.css';

/** uPlot and its CSS, fetched the first time a chart is drawn: only the screens with one pay for them. */
const loadUPlot = () =>
  Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);

/** uPlot's axis font (its default), which the day labels are measured in. */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

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
  /** How the legend writes a value ("2 267,28 ₽"); the reader's number format by default. */
  format?: (value: number) => string;
}

export interface ChartScale {
  /** The axis goes at least this high, so a few small numbers do not fill the chart. */
  atLeast: number;
  /** The steps the axis may count in (uPlot's `incrs`); whole numbers by default. */
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
  /**
   * Shows the legend under the chart, labelled with this for the day: the latest day's figures
   * until the cursor points at another day.
   */
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
    // Fetched once the screen around the chart has painted (its figures, its table): the library
    // is not part of the screen's first load (the e2e bundle budget measures it so).
    const painted = new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    void painted.then(loadUPlot).then((UPlot) => {
      const element = box.current;
      if (cancelled || !element) return;
      const width = () => element.clientWidth || 600;
      const styleOf = getComputedStyle(element);
      const colorOf = ({ token, fallback }: ChartColor) => styleOf.getPropertyValue(token).trim() || fallback;
      const muted = colorOf({ token: '--color-text-muted', fallback: '#66555e' });
      const locale = i18n.language === 'en' ? 'en-GB' : 'ru-RU';
      // The reader's short dates ("26 окт.") and numbers ("2 000"), not uPlot's US ones.
      const dayLabel = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
      const formatDay = (seconds: number) => dayLabel.format(seconds * 1000);
      const numberFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
      const formatNumber = (value: number) => numberFormat.format(value);
      const x = days.map((day) => Date.parse(`${day}T12:00:00Z`) / 1000);
      const last = days.length - 1;
      // Each day label gets the room of the widest one; uPlot then picks how many days apart they go.
      const dayLabelSpace = labelWidth(x.map(formatDay), AXIS_FONT) + LABEL_GAP;

      const scaleNames = Object.keys(scales);
      // Each value axis is scaled to its own series alone.
      const maxOf = (name: string) =>
        Math.max(0, ...series.filter((line) => line.scale === name).flatMap((line) => line.values));
      const ranges: Record<string, { range: () => [number, number] }> = {};
      for (const name of scaleNames) {
        const [, top] = valueRange(maxOf(name), scales[name]?.atLeast ?? 0);
        ranges[name] = { range: () => [0, top] };
      }
      const valueAxes = scaleNames.map((name, position) => ({
        scale: name,
        stroke: muted,
        // The first scale's axis on the left, a second one on the right without its own grid.
        ...(position > 0 ? { side: 1 as const, grid: { show: false } } : {}),
        incrs: scales[name]?.steps ?? WHOLE_STEPS,
        splits: (_u: unknown, _axis: number, _min: number, max: number, step: number) =>
          valueSplits(maxOf(name), max, step),
        values: (_u: unknown, splits: number[]) => splits.map(formatNumber),
      }));
      chart = new UPlot(
        {
          width: width(),
          height,
          legend: { show: legendDayLabel !== undefined },
          cursor: { drag: { x: false, y: false } },
          scales: {
            // Days are points on a line, not times of day; half a day either side keeps the first
            // and last labels and points inside the chart.
            x: {
              time: false,
              range: (_u: unknown, min: number, max: number): [number, number] => [
                min - DAY_SECONDS / 2,
                max + DAY_SECONDS / 2,
              ],
            },
            ...ranges,
          },
          axes: [
            {
              stroke: muted,
              grid: { show: false },
              space: dayLabelSpace,
              incrs: LABEL_STEP_DAYS.map((step) => step * DAY_SECONDS),
              splits: (_u: unknown, _axis: number, _min: number, _max: number, step: number) =>
                labelledDays(x, step),
              values: (_u: unknown, splits: number[]) => splits.map(formatDay),
            },
            ...valueAxes,
          ],
          series: [
            legendDayLabel === undefined
              ? {}
              : {
                  label: legendDayLabel,
                  // Without a cursor on the chart (before any hover, after it leaves), the latest day.
                  value: (_u: unknown, seconds: number | null) => {
                    const shown = seconds ?? x[last];
                    return shown === undefined ? '' : formatDay(shown);
                  },
                },
            ...series.map((line) => {
              const stroke = colorOf(line.color);
              const format = line.format ?? formatNumber;
              return {
                label: line.label,
                scale: line.scale,
                stroke,
                width: 2,
                value: (_u: unknown, value: number | null) => {
                  const shown = value ?? line.values[last];
                  return shown === undefined ? '' : format(shown);
                },
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
