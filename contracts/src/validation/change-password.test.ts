import { describe, expect, it } from 'vitest';
import { changePasswordSchema as schema } from './change-password';
import { errorsOfAsync as errorsOf, outputOfAsync as outputOf } from './test-utils';

const valid = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };

describe('changePasswordSchema', () => {
  it('requires all three fields', async () => {
    expect(await errorsOf(schema, { currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'validation.currentPasswordRequired',
      newPassword: 'validation.newPasswordRequired',
      confirmPassword: 'validation.confirmPasswordRequired',
    });
  });

  it('rejects a new password of 5 characters and accepts an uncommon one of 6', async () => {
    expect(await errorsOf(schema, { ...valid, newPassword: 'lant5', confirmPassword: 'lant5' })).toEqual({
      newPassword: 'validation.passwordTooShort',
    });
    expect(await errorsOf(schema, { ...valid, newPassword: 'lant6x', confirmPassword: 'lant6x' })).toEqual(
      {},
    );
  });

  it('refuses a common new password in any letter case, and takes a common current one', async () => {
    expect(
      await errorsOf(schema, { ...valid, newPassword: 'Sunshine1', confirmPassword: 'Sunshine1' }),
    ).toEqual({
      newPassword: 'validation.passwordTooCommon',
    });
    expect(await errorsOf(schema, { ...valid, currentPassword: 'password' })).toEqual({});
  });

  it('takes any current password, as signing in does: older ones may be shorter', async () => {
    expect(await errorsOf(schema, { ...valid, currentPassword: '1' })).toEqual({});
  });

  it('keeps every password exactly as typed', async () => {
    const spaced = { currentPassword: ' old ', newPassword: ' new secret ', confirmPassword: ' new secret ' };
    expect(await outputOf(schema, spaced)).toEqual(spaced);
  });

  it('puts a mismatch on confirmPassword', async () => {
    expect(await outputOf(schema, valid)).toEqual(valid);
    expect(await errorsOf(schema, { ...valid, confirmPassword: 'new-secreT' })).toEqual({
      confirmPassword: 'validation.noConfirm',
    });
  });
});
