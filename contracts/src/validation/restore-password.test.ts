import { describe, expect, it } from 'vitest';
import { restorePasswordSchema as schema } from './restore-password';
import { errorsOf, outputOf } from './test-utils';

const valid = { newPassword: 'secret12', confirmPassword: 'secret12', token: 'abc123' };

describe('restorePasswordSchema', () => {
  it('keeps the password exactly as typed, spaces included, as registration does', () => {
    const phrase = { ...valid, newPassword: ' my pass phrase ', confirmPassword: ' my pass phrase ' };
    expect(outputOf(schema, phrase)).toEqual(phrase);
    expect(errorsOf(schema, { ...valid, newPassword: 'sec ret12', confirmPassword: 'secret12' })).toEqual({
      confirmPassword: 'validation.noConfirm',
    });
  });

  it('rejects 7 characters and accepts 8, spaces counting like any character', () => {
    expect(errorsOf(schema, { ...valid, newPassword: '1234567', confirmPassword: '1234567' })).toEqual({
      newPassword: 'validation.passwordTooShort',
    });
    expect(errorsOf(schema, { ...valid, newPassword: '123 4567', confirmPassword: '123 4567' })).toEqual({});
  });

  it('puts noConfirm on confirmPassword when the passwords differ', () => {
    expect(errorsOf(schema, { ...valid, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'validation.noConfirm',
    });
  });

  it('needs the token from the link', () => {
    expect(errorsOf(schema, { ...valid, token: '' })).toEqual({ token: 'validation.invalidOrExpiredLink' });
  });
});
