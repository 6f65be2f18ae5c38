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

  it('rejects a new password of 7 characters and accepts 8', () => {
    expect(errorsOf(schema, { ...valid, newPassword: '1234567', confirmPassword: '1234567' })).toEqual({
      newPassword: 'validation.passwordTooShort',
    });
    expect(errorsOf(schema, { ...valid, newPassword: '87654321', confirmPassword: '87654321' })).toEqual({});
  });

  it('takes any current password, as signing in does: older ones may be shorter', () => {
    expect(errorsOf(schema, { ...valid, currentPassword: '1' })).toEqual({});
  });

  it('keeps every password exactly as typed', () => {
    const spaced = { currentPassword: ' old ', newPassword: ' new secret ', confirmPassword: ' new secret ' };
    expect(outputOf(schema, spaced)).toEqual(spaced);
  });

  it('puts a mismatch on confirmPassword', () => {
    expect(outputOf(schema, valid)).toEqual(valid);
    expect(errorsOf(schema, { ...valid, confirmPassword: 'new-secreT' })).toEqual({
      confirmPassword: 'validation.noConfirm',
    });
  });
});
