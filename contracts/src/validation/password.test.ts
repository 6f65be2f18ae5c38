import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { loginFormSchema, passwordSchema, registerFormSchema } from './password';
import { errorsOf, errorsOfAsync, outputOf, outputOfAsync } from './test-utils';

const register = {
  email: 'alice@example.com',
  password: 'secret12',
  confirmPassword: 'secret12',
};

describe('passwordSchema', () => {
  it('requires a password; rejects 5 characters and accepts 6 and 128, rejects 129', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(errorsOf(passwordSchema, '')).toEqual({ '': 'validation.passwordRequired' });
    expect(errorsOf(passwordSchema, 'lant5')).toEqual({ '': 'validation.passwordTooShort' });
    expect(errorsOf(passwordSchema, 'lant6x')).toEqual({});
    expect(errorsOf(passwordSchema, 'p'.repeat(128))).toEqual({});
    expect(errorsOf(passwordSchema, 'p'.repeat(129))).toEqual({ '': 'validation.passwordTooLong' });
  });

  it('keeps a password exactly as typed, spaces included', () => {
    expect(outputOf(passwordSchema, ' my pass phrase ')).toBe(' my pass phrase ');
  });
});

describe('registerFormSchema', () => {
  it('accepts matching passwords and no promo code', async () => {
    expect(await outputOfAsync(registerFormSchema, register)).toEqual({ ...register, promoCode: undefined });
  });

  it('accepts an uncommon password of 6 characters and refuses one of 5', async () => {
    const six = { ...register, password: 'lant6x', confirmPassword: 'lant6x' };
    expect(await errorsOfAsync(registerFormSchema, six)).toEqual({});
    expect(
      await errorsOfAsync(registerFormSchema, { ...six, password: 'lant5', confirmPassword: 'lant5' }),
    ).toEqual({ password: 'validation.passwordTooShort' });
  });

  it('refuses one of the most common passwords, in any letter case, with its own message', async () => {
    for (const common of ['qwerty123', 'QWERTY123', 'Password1']) {
      expect(
        await errorsOfAsync(registerFormSchema, { ...register, password: common, confirmPassword: common }),
        common,
      ).toEqual({ password: 'validation.passwordTooCommon' });
    }
  });

  it('puts a mismatch on confirmPassword', async () => {
    expect(await errorsOfAsync(registerFormSchema, { ...register, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'validation.noConfirm',
    });
  });

  it('requires the confirmation and reports it instead of a mismatch', async () => {
    expect(await errorsOfAsync(registerFormSchema, { ...register, confirmPassword: '' })).toEqual({
      confirmPassword: 'validation.confirmPasswordRequired',
    });
  });

  it('reports a mismatch alongside the problems of the other fields', async () => {
    expect(
      await errorsOfAsync(registerFormSchema, { email: '', password: '123', confirmPassword: '456' }),
    ).toEqual({
      email: 'validation.emailRequired',
      password: 'validation.passwordTooShort',
      confirmPassword: 'validation.noConfirm',
    });
  });

  it('upper-cases an optional promo code and rejects one under 3 characters', async () => {
    const promoOf = async (promoCode: unknown) =>
      (await outputOfAsync(registerFormSchema, { ...register, promoCode })).promoCode;
    expect(await promoOf(' spring ')).toBe('SPRING');
    expect(await promoOf('  ')).toBeUndefined();
    expect(await promoOf(null)).toBeUndefined();
    expect(await errorsOfAsync(registerFormSchema, { ...register, promoCode: 'ab' })).toEqual({
      promoCode: 'validation.promoTooShort',
    });
  });
});

describe('loginFormSchema', () => {
  it('requires e-mail and password but not the rules of a new password', () => {
    expect(errorsOf(loginFormSchema, { email: '', password: '' })).toEqual({
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
    });
    expect(outputOf(loginFormSchema, { email: 'alice@example.com', password: '123' })).toEqual({
      email: 'alice@example.com',
      password: '123',
    });
    // Nor the common-password list: a password set before the list still signs in.
    expect(errorsOf(loginFormSchema, { email: 'alice@example.com', password: 'password' })).toEqual({});
  });
});
