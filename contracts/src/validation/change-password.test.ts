import { describe, expect, it } from 'vitest';
import { changePasswordSchema as schema } from './change-password';
import { errorsOf, outputOf } from './test-utils';

const valid = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };

describe('changePasswordSchema', () => {
  it('requires all three fields', () => {
    expect(errorsOf(schema, { currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'validation.currentPasswordRequired',
      newPassword: 'validation.newPasswordRequired',
      confirmPassword: 'validation.confirmPasswordRequired',
    });
  });

  it('rejects 5 characters and accepts 6 in every field', () => {
    expect(
      errorsOf(schema, { currentPassword: '12345', newPassword: '12345', confirmPassword: '12345' }),
    ).toEqual({
      currentPassword: 'validation.passwordTooShort',
      newPassword: 'validation.passwordTooShort',
      confirmPassword: 'validation.passwordTooShort',
    });
    expect(
      errorsOf(schema, { currentPassword: '123456', newPassword: '654321', confirmPassword: '654321' }),
    ).toEqual({});
  });

  it('puts a mismatch on confirmPassword', () => {
    expect(outputOf(schema, valid)).toEqual(valid);
    expect(errorsOf(schema, { ...valid, confirmPassword: 'new-secreT' })).toEqual({
      confirmPassword: 'validation.noConfirm',
    });
  });
});
