import { describe, expect, it } from 'vitest';
import { COMPLAINT_REASONS } from '../enums';
import { errorsOf, outputOf } from '../validation/test-utils';
import { COMPLAINT_TEXT_MAX_LENGTH, complaintBodySchema } from './complaints';

describe('complaintBodySchema', () => {
  it('accepts every reason of the list without text, except other', () => {
    for (const reason of COMPLAINT_REASONS.filter((r) => r !== 'other')) {
      expect(outputOf(complaintBodySchema, { reason })).toEqual({ reason, text: undefined });
    }
  });

  it('refuses a missing reason as required and an unknown one with complaintReasonRequired', () => {
    expect(errorsOf(complaintBodySchema, {})).toEqual({ reason: 'validation.required' });
    expect(errorsOf(complaintBodySchema, { reason: null })).toEqual({
      reason: 'validation.complaintReasonRequired',
    });
    expect(errorsOf(complaintBodySchema, { reason: 'boring' })).toEqual({
      reason: 'validation.complaintReasonRequired',
    });
    expect(errorsOf(complaintBodySchema, { reason: 'SCAM' })).toEqual({
      reason: 'validation.complaintReasonRequired',
    });
  });

  it('trims the text and treats blank or null text as none', () => {
    expect(outputOf(complaintBodySchema, { reason: 'scam', text: '  asks for prepayment  ' })).toEqual({
      reason: 'scam',
      text: 'asks for prepayment',
    });
    expect(outputOf(complaintBodySchema, { reason: 'scam', text: '   ' })).toEqual({
      reason: 'scam',
      text: undefined,
    });
    expect(outputOf(complaintBodySchema, { reason: 'scam', text: null })).toEqual({
      reason: 'scam',
      text: undefined,
    });
  });

  it('accepts 1000 characters of text and refuses 1001, counting after trimming', () => {
    const max = 'ж'.repeat(COMPLAINT_TEXT_MAX_LENGTH);
    expect(errorsOf(complaintBodySchema, { reason: 'offensive', text: ` ${max} ` })).toEqual({});
    expect(errorsOf(complaintBodySchema, { reason: 'offensive', text: `${max}!` })).toEqual({
      text: 'validation.complaintTextTooLong',
    });
  });

  it('requires text for the reason other', () => {
    expect(errorsOf(complaintBodySchema, { reason: 'other' })).toEqual({
      text: 'validation.complaintTextRequired',
    });
    expect(errorsOf(complaintBodySchema, { reason: 'other', text: ' ' })).toEqual({
      text: 'validation.complaintTextRequired',
    });
    expect(
      outputOf(complaintBodySchema, { reason: 'other', text: 'Same photos as another profile' }),
    ).toEqual({
      reason: 'other',
      text: 'Same photos as another profile',
    });
  });

  it('refuses text that is not a string and a body that is not an object', () => {
    expect(errorsOf(complaintBodySchema, { reason: 'scam', text: 42 })).toEqual({
      text: 'validation.complaintTextRequired',
    });
    expect(errorsOf(complaintBodySchema, 'scam')).toEqual({ '': 'validation.required' });
    expect(errorsOf(complaintBodySchema, null)).toEqual({ '': 'validation.required' });
  });
});
