import { describe, expect, it } from 'vitest';
import { contactsSchema as schema } from './contacts';
import { errorsOf, outputOf } from './test-utils';

const none = { phone: null, telegram: null, whatsapp: null, viber: null };

describe('contactsSchema', () => {
  it('requires at least one contact; blanks do not count', () => {
    expect(errorsOf(schema, {})).toEqual({ '': 'validation.contactsRequired' });
    expect(errorsOf(schema, undefined)).toEqual({ '': 'validation.contactsRequired' });
    expect(errorsOf(schema, { phone: '', telegram: '  ', whatsapp: null })).toEqual({
      '': 'validation.contactsRequired',
    });
  });

  it('accepts any single contact', () => {
    expect(outputOf(schema, { telegram: 'alice_99' })).toEqual({ ...none, telegram: 'alice_99' });
    expect(outputOf(schema, { whatsapp: '+44 20 7946 0958' })).toEqual({
      ...none,
      whatsapp: '+442079460958',
    });
    expect(outputOf(schema, { viber: '8 (999) 123-45-67' })).toEqual({ ...none, viber: '89991234567' });
  });

  it('accepts phones of 10 and 15 digits, rejects 9 and 16 digits and letters', () => {
    expect(errorsOf(schema, { phone: '9991234567' })).toEqual({});
    expect(errorsOf(schema, { phone: '+123456789012345' })).toEqual({});
    expect(errorsOf(schema, { phone: '999123456' })).toEqual({ phone: 'validation.invalidPhone' });
    expect(errorsOf(schema, { phone: '+1234567890123456' })).toEqual({ phone: 'validation.invalidPhone' });
    expect(errorsOf(schema, { whatsapp: '+7 999 CALL-ME' })).toEqual({ whatsapp: 'validation.invalidPhone' });
  });

  it('accepts Telegram usernames of 5 and 32 characters, rejects 4 and 33', () => {
    expect(errorsOf(schema, { telegram: 'abcde' })).toEqual({});
    expect(errorsOf(schema, { telegram: `a${'b'.repeat(31)}` })).toEqual({});
    expect(errorsOf(schema, { telegram: 'abcd' })).toEqual({ telegram: 'validation.invalidTelegram' });
    expect(errorsOf(schema, { telegram: `a${'b'.repeat(32)}` })).toEqual({
      telegram: 'validation.invalidTelegram',
    });
  });

  it('strips "@" and t.me links from Telegram usernames and refuses other characters', () => {
    expect(outputOf(schema, { telegram: '@alice_99' }).telegram).toBe('alice_99');
    expect(outputOf(schema, { telegram: 'https://t.me/alice_99' }).telegram).toBe('alice_99');
    expect(errorsOf(schema, { telegram: '9alice' })).toEqual({ telegram: 'validation.invalidTelegram' });
    expect(errorsOf(schema, { telegram: 'alice_' })).toEqual({ telegram: 'validation.invalidTelegram' });
    expect(errorsOf(schema, { telegram: 'алиса_99' })).toEqual({ telegram: 'validation.invalidTelegram' });
  });
});
