import * as v from 'valibot';
import { AD_FORMATS, AD_LIMITS, DESCRIPTION_MAX_LENGTH } from '../constants';

const requiredText = (requiredKey: string, max: number, tooLongKey: string) =>
  v.pipe(v.string(requiredKey), v.trim(), v.nonEmpty(requiredKey), v.maxLength(max, tooLongKey));

const linkSchema = v.pipe(
  v.string('validation.linkRequired'),
  v.trim(),
  v.nonEmpty('validation.linkRequired'),
  v.maxLength(AD_LIMITS.linkMax, 'validation.invalidLink'),
  v.url('validation.invalidLink'),
  // Other schemes (javascript:, data:) are valid URLs but must never become a button target.
  v.regex(/^https?:\/\//i, 'validation.invalidLink'),
);

/** Optional desired number of impressions, typed as digits: "0123" and "0" are refused. */
const impressionsSchema = v.pipe(
  v.optional(
    v.nullable(
      v.union(
        [v.string('validation.impressionsDigitsOnly'), v.number('validation.impressionsDigitsOnly')],
        'validation.impressionsDigitsOnly',
      ),
    ),
    null,
  ),
  v.transform((impressions) => (impressions === null ? '' : String(impressions).trim())),
  v.regex(/^\d*$/, 'validation.impressionsDigitsOnly'),
  v.maxLength(AD_LIMITS.impressionsMaxDigits, 'validation.impressionsTooLong'),
  v.check((impressions) => !impressions.startsWith('0'), 'validation.impressionsLeadingZero'),
  v.transform((impressions) => (impressions === '' ? null : Number(impressions))),
);

/**
 * The fields of the ad form that PRODUCT_SPEC.md section 5 constrains. Cities, dates and
 * placement are validated where their catalogues live.
 */
export const adFormSchema = v.object(
  {
    format: v.pipe(
      requiredText('validation.adFormatRequired', AD_LIMITS.formatMax, 'validation.adFormatRequired'),
      v.check((format) => (AD_FORMATS as readonly string[]).includes(format), 'validation.adFormatRequired'),
    ),
    heading: requiredText('validation.headingRequired', AD_LIMITS.headingMax, 'validation.headingTooLong'),
    description: requiredText(
      'validation.descriptionRequired',
      DESCRIPTION_MAX_LENGTH,
      'validation.descriptionTooLong',
    ),
    link: linkSchema,
    buttonText: requiredText(
      'validation.buttonTextRequired',
      AD_LIMITS.buttonTextMax,
      'validation.buttonTextTooLong',
    ),
    impressions: impressionsSchema,
  },
  'validation.required',
);
export type AdFormValues = v.InferInput<typeof adFormSchema>;
export type AdFormInput = v.InferOutput<typeof adFormSchema>;
