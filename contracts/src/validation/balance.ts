import * as v from 'valibot';
import { TOP_UP } from '../constants';
import { wholeNumberField } from './form-fields';

/** A balance top-up in whole rubles: above 0, at most TOP_UP.max. */
export const topUpSchema = v.object(
  {
    amount: wholeNumberField(
      { min: TOP_UP.min, max: TOP_UP.max },
      { missing: 'validation.topUpRequired', min: 'validation.topUpMin', max: 'validation.topUpMax' },
    ),
  },
  'validation.required',
);

/** The payment modal has its own minimum, TOP_UP.minModal (PRODUCT_SPEC.md section 9). */
export const topUpModalSchema = v.object(
  {
    amount: wholeNumberField(
      { min: TOP_UP.minModal, max: TOP_UP.max },
      { missing: 'validation.topUpRequired', min: 'validation.topUpModalMin', max: 'validation.topUpMax' },
    ),
  },
  'validation.required',
);
export type TopUpFormValues = v.InferInput<typeof topUpSchema>;
export type TopUpInput = v.InferOutput<typeof topUpSchema>;
