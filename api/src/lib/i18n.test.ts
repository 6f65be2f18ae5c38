import { contractsLocales } from 'contracts/locales';
import { describe, expect, it } from 'vitest';
import { pickLocale, translate } from './i18n';

describe('pickLocale', () => {
  it.each([
    [undefined, 'ru'],
    ['', 'ru'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['de-DE,de;q=0.9,en;q=0.5', 'en'],
    ['en;q=0.3,ru;q=0.8', 'ru'],
    ['fr, de', 'ru'],
    ['en;q=0', 'ru'],
    ['EN-gb', 'en'],
    ['*', 'ru'],
  ])('%s -> %s', (header, expected) => {
    expect(pickLocale(header)).toBe(expected);
  });
});

describe('translate', () => {
  it('answers the contracts text of a key in each language', () => {
    expect(translate('ru', 'errors.MODEL_NOT_FOUND')).toBe(contractsLocales.ru.errors.MODEL_NOT_FOUND);
    expect(translate('en', 'validation.invalidPage')).toBe(contractsLocales.en.validation.invalidPage);
  });

  it('answers texts only the API needs', () => {
    expect(translate('ru', 'validation.malformedBody')).toBe('Не удалось прочитать тело запроса');
    expect(translate('en', 'media.photo')).toBe('photo');
  });

  it('fills placeholders from params', () => {
    expect(translate('en', 'errors.RATE_LIMITED', { seconds: 42 })).toContain('42');
    expect(translate('en', 'errors.RATE_LIMITED', { seconds: 42 })).not.toContain('{{');
  });

  it('falls back to the generic message of its kind, never to the raw key', () => {
    expect(translate('en', 'validation.somethingNew')).toBe(contractsLocales.en.errors.VALIDATION_FAILED);
    expect(translate('ru', 'errors.SOMETHING_NEW')).toBe(contractsLocales.ru.errors.INTERNAL);
  });
});
