import { describe, expect, it } from 'vitest';
import { restorePasswordSchema as schema } from './restore-password';
import { errorsOf, outputOf } from './test-utils';

const valid = { newPassword: 'secret1', confirmPassword: 'secret1', token: 'abc123' };

describe('restorePasswordSchema', () => {
  it('removes all whitespace before checking', () => {
    expect(outputOf(schema, { ...valid, newPassword: ' sec ret1\n', confirmPassword: 'secret1 ' })).toEqual(
      valid,
    );
  });

  it('rejects 5 characters and accepts 6, counting without whitespace', () => {
    expect(errorsOf(schema, { ...valid, newPassword: '12 345', confirmPassword: '12345' })).toEqual({
      newPassword: 'validation.passwordTooShort',
    });
    expect(errorsOf(schema, { ...valid, newPassword: '123456', confirmPassword: '123456' })).toEqual({});
  });

  it('treats a whitespace-only password as empty', () => {
    expect(errorsOf(schema, { ...valid, newPassword: '   ', confirmPassword: '   ' })).toEqual({
      newPassword: 'validation.newPasswordRequired',
      confirmPassword: 'validation.confirmPasswordRequired',
    });
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
