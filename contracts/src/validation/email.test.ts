import { describe, expect, it } from 'vitest';
import { emailSchema, forgotPasswordSchema } from './email';
import { errorsOf, outputOf } from './test-utils';

describe('emailSchema', () => {
  it('requires an e-mail (emailRequired) and checks its format (invalidEmail)', () => {
    expect(errorsOf(emailSchema, '')).toEqual({ '': 'validation.emailRequired' });
    expect(errorsOf(emailSchema, '   ')).toEqual({ '': 'validation.emailRequired' });
    expect(errorsOf(emailSchema, 'alice@')).toEqual({ '': 'validation.invalidEmail' });
    expect(errorsOf(emailSchema, 'alice.example.com')).toEqual({ '': 'validation.invalidEmail' });
    expect(outputOf(emailSchema, ' alice@example.com ')).toBe('alice@example.com');
  });

  it('accepts 254 characters and rejects 255', () => {
    const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(63)}.com`;
    expect(`aaa@${domain}`).toHaveLength(254);
    expect(errorsOf(emailSchema, `aaa@${domain}`)).toEqual({});
    expect(errorsOf(emailSchema, `aaaa@${domain}`)).toEqual({ '': 'validation.invalidEmail' });
  });
});

describe('forgotPasswordSchema', () => {
  it('puts emailRequired and invalidEmail on the email field', () => {
    expect(errorsOf(forgotPasswordSchema, { email: '' })).toEqual({ email: 'validation.emailRequired' });
    expect(errorsOf(forgotPasswordSchema, { email: 'nope' })).toEqual({ email: 'validation.invalidEmail' });
    expect(outputOf(forgotPasswordSchema, { email: 'alice@example.com' })).toEqual({
      email: 'alice@example.com',
    });
  });
});
