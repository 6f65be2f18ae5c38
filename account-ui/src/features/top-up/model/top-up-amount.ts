import { TOP_UP } from 'contracts';

/** The amounts offered as one-tap chips, whole rubles. */
export const QUICK_AMOUNTS = [500, 1000, 2000, 5000, 10_000] as const;

/**
 * The amount the dialog starts with: what a purchase is short of, rounded up to whole rubles and
 * raised to the modal's minimum (and never above the maximum); otherwise the smallest chip.
 */
export function initialAmount(shortBy: number | undefined): number {
  if (shortBy === undefined || !(shortBy > 0)) return QUICK_AMOUNTS[0];
  return Math.min(TOP_UP.max, Math.max(TOP_UP.minModal, Math.ceil(shortBy)));
}

/** What the typed text stands for, or null while it is not a whole number of rubles. */
export function parseAmount(text: string): number | null {
  const normalized = text.replace(/\s/g, '');
  return /^\d+$/.test(normalized) ? Number(normalized) : null;
}
