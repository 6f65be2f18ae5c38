import { describe, expect, it } from 'vitest';
import { changeLoginSchema as schema } from './change-login';
import { errorsOf, outputOf } from './test-utils';

describe('changeLoginSchema', () => {
  it('requires both fields', () => {
    expect(errorsOf(schema, { login: '', confirmLogin: '' })).toEqual({
      login: 'validation.loginRequired',
      confirmLogin: 'validation.confirmLoginRequired',
    });
  });

  it('accepts latin letters and digits only', () => {
    expect(outputOf(schema, { login: 'Alice99', confirmLogin: 'Alice99' })).toEqual({
      login: 'Alice99',
      confirmLogin: 'Alice99',
    });
    for (const login of ['alice_99', 'алиса', 'alice 99', 'alice-99']) {
      expect(errorsOf(schema, { login, confirmLogin: login })).toEqual({
        login: 'validation.loginLatinDigits',
        confirmLogin: 'validation.loginLatinDigits',
      });
    }
  });

  it('puts a mismatch on confirmLogin', () => {
    expect(errorsOf(schema, { login: 'alice', confirmLogin: 'alicE' })).toEqual({
      confirmLogin: 'validation.loginMismatch',
    });
  });

  it('accepts 32 characters and rejects 33', () => {
    const login = (length: number) => 'a'.repeat(length);
    expect(errorsOf(schema, { login: login(32), confirmLogin: login(32) })).toEqual({});
    expect(errorsOf(schema, { login: login(33), confirmLogin: login(33) })).toEqual({
      login: 'validation.loginTooLong',
      confirmLogin: 'validation.loginTooLong',
    });
  });
});
