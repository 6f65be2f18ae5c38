import * as v from 'valibot';
import type * as responses from '../responses';
import { COMPLAINT_REASONS } from '../enums';

export const COMPLAINT_TEXT_MAX_LENGTH = 1000;

/** Trimmed; blank or missing text comes out as undefined. */
const complaintTextSchema = v.pipe(
  v.nullish(
    v.pipe(
      v.string('validation.complaintTextRequired'),
      v.trim(),
      v.maxLength(COMPLAINT_TEXT_MAX_LENGTH, 'validation.complaintTextTooLong'),
    ),
  ),
  v.transform((text) => (text ? text : undefined)),
);

/**
 * Body of POST /api/model/{id}/complaints. The text is optional except for the reason
 * `other`, where it is the only thing a moderator has to go on.
 */
export const complaintBodySchema = v.pipe(
  v.object(
    {
      reason: v.picklist(COMPLAINT_REASONS, 'validation.complaintReasonRequired'),
      text: complaintTextSchema,
    },
    'validation.required',
  ),
  v.forward(
    v.partialCheck(
      [['reason'], ['text']],
      (input) => input.reason !== 'other' || input.text !== undefined,
      'validation.complaintTextRequired',
    ),
    ['text'],
  ),
);
export type ComplaintBodyInput = v.InferInput<typeof complaintBodySchema>;
export type ComplaintBody = v.InferOutput<typeof complaintBodySchema>;

/** 201 of POST /api/model/{id}/complaints. */
export type ComplaintCreatedResponse = v.InferOutput<typeof responses.ok>;
