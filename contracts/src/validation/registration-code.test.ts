import { describe, expect, it } from 'vitest';
import { registrationCodeFormSchema, registrationCodeSchema } from './registration-code';
import { errorsOf, outputOf } from './test-utils';

describe('registrationCodeSchema', () => {
  it('requires a code', () => {
    expect(errorsOf(registrationCodeSchema, '')).toEqual({ '': 'validation.codeRequired' });
  });

  it('rejects 5 and 7 digits and accepts exactly 6', () => {
    expect(errorsOf(registrationCodeSchema, '12345')).toEqual({ '': 'validation.invalidCode' });
    expect(outputOf(registrationCodeSchema, '123456')).toBe('123456');
    expect(errorsOf(registrationCodeSchema, '1234567')).toEqual({ '': 'validation.invalidCode' });
  });

  it('rejects letters and drops spaces of a copied code', () => {
    expect(errorsOf(registrationCodeSchema, '12a456')).toEqual({ '': 'validation.invalidCode' });
    expect(outputOf(registrationCodeSchema, ' 123 456 ')).toBe('123456');
  });

  it('puts the message on the code field of the form', () => {
    expect(errorsOf(registrationCodeFormSchema, { code: '12' })).toEqual({ code: 'validation.invalidCode' });
  });
});
