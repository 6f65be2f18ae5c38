// TEMPORARY mirror of contracts' adjustmentBodySchema (admin-api-spec.md section 4) until the
// admin-api branch is merged; then this file goes and the import points at 'contracts'.
import * as v from 'valibot';

export const ADJUSTMENT_MAX_RUBLES = 1_000_000;
export const ADJUSTMENT_REASON = { min: 3, max: 500 } as const;
const hasKopecksOnly = (rubles: number) => Math.abs(Math.round(rubles * 100) - rubles * 100) < 1e-6;

export const adjustmentBodySchema = v.object({
  amount: v.pipe(
    v.number('validation.invalidAdjustment'),
    v.finite('validation.invalidAdjustment'),
    v.check(
      (rubles) => rubles !== 0 && Math.abs(rubles) <= ADJUSTMENT_MAX_RUBLES && hasKopecksOnly(rubles),
      'validation.invalidAdjustment',
    ),
  ),
  reason: v.pipe(
    v.string('validation.reasonRequired'),
    v.trim(),
    v.nonEmpty('validation.reasonRequired'),
    v.minLength(ADJUSTMENT_REASON.min, 'validation.reasonTooShort'),
    v.maxLength(ADJUSTMENT_REASON.max, 'validation.reasonTooLong'),
  ),
});
export type AdjustmentBody = v.InferOutput<typeof adjustmentBodySchema>;
