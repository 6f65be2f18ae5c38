import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { loginFormSchema, passwordSchema, registerFormSchema } from './password';
import { errorsOf, outputOf } from './test-utils';

const register = {
  email: 'alice@example.com',
  password: 'secret12',
  confirmPassword: 'secret12',
};

describe('passwordSchema', () => {
  it('requires a password; rejects 7 characters and accepts 8 and 128, rejects 129', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(errorsOf(passwordSchema, '')).toEqual({ '': 'validation.passwordRequired' });
    expect(errorsOf(passwordSchema, '1234567')).toEqual({ '': 'validation.passwordTooShort' });
    expect(errorsOf(passwordSchema, '12345678')).toEqual({});
    expect(errorsOf(passwordSchema, 'p'.repeat(128))).toEqual({});
    expect(errorsOf(passwordSchema, 'p'.repeat(129))).toEqual({ '': 'validation.passwordTooLong' });
  });

  it('keeps a password exactly as typed, spaces included', () => {
    expect(outputOf(passwordSchema, ' my pass phrase ')).toBe(' my pass phrase ');
  });
});

describe('registerFormSchema', () => {
  it('accepts matching passwords and no promo code', () => {
    expect(outputOf(registerFormSchema, register)).toEqual({ ...register, promoCode: undefined });
  });

  it('puts a mismatch on confirmPassword', () => {
    expect(errorsOf(registerFormSchema, { ...register, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'validation.noConfirm',
    });
  });

  it('requires the confirmation and reports it instead of a mismatch', () => {
    expect(errorsOf(registerFormSchema, { ...register, confirmPassword: '' })).toEqual({
      confirmPassword: 'validation.confirmPasswordRequired',
    });
  });

  it('reports a mismatch alongside the problems of the other fields', () => {
    expect(errorsOf(registerFormSchema, { email: '', password: '123', confirmPassword: '456' })).toEqual({
      email: 'validation.emailRequired',
      password: 'validation.passwordTooShort',
      confirmPassword: 'validation.noConfirm',
    });
  });

  it('upper-cases an optional promo code and rejects one under 3 characters', () => {
    expect(outputOf(registerFormSchema, { ...register, promoCode: ' spring ' }).promoCode).toBe('SPRING');
    expect(outputOf(registerFormSchema, { ...register, promoCode: '  ' }).promoCode).toBeUndefined();
    expect(outputOf(registerFormSchema, { ...register, promoCode: null }).promoCode).toBeUndefined();
    expect(errorsOf(registerFormSchema, { ...register, promoCode: 'ab' })).toEqual({
      promoCode: 'validation.promoTooShort',
    });
  });
});

describe('loginFormSchema', () => {
  it('requires e-mail and password but not the password length rules', () => {
    expect(errorsOf(loginFormSchema, { email: '', password: '' })).toEqual({
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
    });
    expect(outputOf(loginFormSchema, { email: 'alice@example.com', password: '123' })).toEqual({
      email: 'alice@example.com',
      password: '123',
    });
  });
});
