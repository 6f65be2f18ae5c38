import * as v from 'valibot';
import { adjustmentBodySchema } from 'contracts';

/** "1 500,50" or "-200" as typed: spaces go, a comma is a decimal point. */
export const parseRubles = (text: string) => Number(text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.'));

/**
 * The adjustment form: the amount is typed as text (signed, up to two decimals) and then held to
 * the API's own rule; the reason is the API's rule as it is.
 */
export const adjustmentFormSchema = v.object({
  amount: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.transform(parseRubles),
    adjustmentBodySchema.entries.amount,
  ),
  reason: adjustmentBodySchema.entries.reason,
});
export type AdjustmentFormInput = v.InferInput<typeof adjustmentFormSchema>;
export type AdjustmentForm = v.InferOutput<typeof adjustmentFormSchema>;
