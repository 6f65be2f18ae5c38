/*
 * The arithmetic of DailyChart's axes, apart from uPlot so that it reads (and is tested) alone.
 */

export const DAY_SECONDS = 86_400;

/** Days between two labels of the day axis: every day when there is room, else fewer, a week apart at most a month. */
export const LABEL_STEP_DAYS = [1, 2, 3, 4, 7, 14, 28] as const;

/** Steps of a value axis: whole numbers, so counts and rubles never get a 0.5 tick. */
export const WHOLE_STEPS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000,
  100_000, 200_000, 250_000, 500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000,
];

/** Room above the highest point, so the line never runs along the top edge. */
const HEADROOM = 1.1;

/** Room between two day labels, in CSS pixels. */
export const LABEL_GAP = 10;

/**
 * The range of a value axis from its own series' highest value: at least `atLeast` (a few small
 * numbers do not fill the height), with headroom; a scale whose values are all zero gets a
 * nominal range (its axis shows only 0, see `valueSplits`), never `atLeast`.
 */
export function valueRange(max: number | null | undefined, atLeast: number): [number, number] {
  if (max === null || max === undefined || !(max > 0)) return [0, 1];
  return [0, Math.max(atLeast, max * HEADROOM)];
}

/** The ticks of a value axis from 0 by `step` up to `max`; only 0 when the scale holds nothing. */
export function valueSplits(dataMax: number, max: number, step: number): number[] {
  if (!(dataMax > 0) || !(step > 0)) return [0];
  const splits: number[] = [];
  for (let value = 0; value <= max + step / 1e6; value += step) splits.push(value);
  return splits;
}

/**
 * The days (x values) that get a label, `stepSeconds` apart counted back from the latest day, so
 * the newest figure is always labelled; only the latest when no step fits (`stepSeconds` 0).
 */
export function labelledDays(x: readonly number[], stepSeconds: number): number[] {
  const last = x[x.length - 1];
  if (last === undefined) return [];
  const step = Math.round(stepSeconds / DAY_SECONDS);
  if (step < 1) return [last];
  const first = x[0] ?? last;
  const days: number[] = [];
  for (let day = last; day >= first; day -= step * DAY_SECONDS) days.unshift(day);
  return days;
}

/**
 * How wide the widest of `labels` is in the axis font: measured on a canvas when the page has
 * one, else estimated from its length.
 */
export function labelWidth(labels: readonly string[], font: string): number {
  const context =
    typeof document === 'undefined' ? null : document.createElement('canvas').getContext?.('2d');
  let widest = 0;
  for (const label of labels) {
    let width = label.length * 7;
    if (context) {
      context.font = font;
      width = context.measureText(label).width;
    }
    widest = Math.max(widest, width);
  }
  return Math.ceil(widest);
}
