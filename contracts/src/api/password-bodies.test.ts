import { describe, expect, it } from 'vitest';
import { errorsOf, outputOf } from '../validation/test-utils';
import {
  restorePasswordBodySchema,
  sendRegistrationCodeBodySchema,
  updatePasswordBodySchema,
} from './password-bodies';

const registration = { email: 'alice@example.com', password: 'lant6x', accountType: 'girl' };
const change = { currentPassword: 'password', newPassword: 'lant6x', confirmPassword: 'lant6x' };

describe('the bodies that set a password (checked synchronously, as the API does)', () => {
  it('take an uncommon password of 6 characters and refuse one of 5', () => {
    expect(errorsOf(sendRegistrationCodeBodySchema, registration)).toEqual({});
    expect(errorsOf(sendRegistrationCodeBodySchema, { ...registration, password: 'lant5' })).toEqual({
      password: 'validation.passwordTooShort',
    });
    expect(errorsOf(restorePasswordBodySchema, { newPassword: 'lant6x', token: 't' })).toEqual({});
    expect(errorsOf(updatePasswordBodySchema, change)).toEqual({});
  });

  it('refuse a common password in any letter case', () => {
    expect(errorsOf(sendRegistrationCodeBodySchema, { ...registration, password: 'Qwerty123' })).toEqual({
      password: 'validation.passwordTooCommon',
    });
    expect(errorsOf(restorePasswordBodySchema, { newPassword: 'PASSWORD1', token: 't' })).toEqual({
      newPassword: 'validation.passwordTooCommon',
    });
    expect(
      errorsOf(updatePasswordBodySchema, {
        ...change,
        newPassword: 'sunshine1',
        confirmPassword: 'sunshine1',
      }),
    ).toEqual({ newPassword: 'validation.passwordTooCommon' });
  });

  it('remove whitespace from a restored password before checking it, and store it without', () => {
    expect(outputOf(restorePasswordBodySchema, { newPassword: ' lant 6x\n', token: 't' }).newPassword).toBe(
      'lant6x',
    );
    expect(errorsOf(restorePasswordBodySchema, { newPassword: 'la nt5', token: 't' })).toEqual({
      newPassword: 'validation.passwordTooShort',
    });
    expect(errorsOf(restorePasswordBodySchema, { newPassword: 'password 1', token: 't' })).toEqual({
      newPassword: 'validation.passwordTooCommon',
    });
  });

  it('keep a registered password as typed, spaces included', () => {
    expect(
      outputOf(sendRegistrationCodeBodySchema, { ...registration, password: ' my phrase ' }).password,
    ).toBe(' my phrase ');
  });
});
