import { describe, expect, it } from 'vitest';
import { restorePasswordSchema as schema } from './restore-password';
import { errorsOfAsync as errorsOf, outputOfAsync as outputOf } from './test-utils';

const valid = { newPassword: 'secret12', confirmPassword: 'secret12', token: 'abc123' };

describe('restorePasswordSchema', () => {
  it('removes whitespace from both passwords before checking, and gives the password without it', async () => {
    const pasted = { ...valid, newPassword: ' my pass\tphrase\n', confirmPassword: 'mypass phrase' };
    expect(await outputOf(schema, pasted)).toEqual({
      ...valid,
      newPassword: 'mypassphrase',
      confirmPassword: 'mypassphrase',
    });
  });

  it('counts the length without whitespace: 6 characters pass, 5 and spaces do not', async () => {
    expect(await errorsOf(schema, { ...valid, newPassword: 'la nt 5 ', confirmPassword: 'lant5' })).toEqual({
      newPassword: 'validation.passwordTooShort',
    });
    expect(await errorsOf(schema, { ...valid, newPassword: 'lant6x', confirmPassword: 'lant6x' })).toEqual(
      {},
    );
    expect(await errorsOf(schema, { ...valid, newPassword: '   ', confirmPassword: '   ' })).toEqual({
      newPassword: 'validation.newPasswordRequired',
      confirmPassword: 'validation.confirmPasswordRequired',
    });
  });

  it('refuses a common password, whitespace removed and in any letter case', async () => {
    expect(
      await errorsOf(schema, { ...valid, newPassword: 'Iloveyou 1', confirmPassword: 'Iloveyou 1' }),
    ).toEqual({
      newPassword: 'validation.passwordTooCommon',
    });
  });

  it('puts noConfirm on confirmPassword when the passwords differ', async () => {
    expect(await errorsOf(schema, { ...valid, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'validation.noConfirm',
    });
  });

  it('needs the token from the link', async () => {
    expect(await errorsOf(schema, { ...valid, token: '' })).toEqual({
      token: 'validation.invalidOrExpiredLink',
    });
  });
});
