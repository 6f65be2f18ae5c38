import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { useLanguageSwitch } from './use-language-switch';

afterEach(async () => {
  await i18n.changeLanguage('ru');
});

describe('useLanguageSwitch', () => {
  it('names the switch and its options in the current language and switches the language', async () => {
    const { result } = renderHook(() => useLanguageSwitch());
    expect(result.current.label).toBe('Язык');
    expect(result.current.value).toBe('ru');
    expect(result.current.options).toEqual([
      { value: 'ru', label: 'ru', lang: 'ru' },
      { value: 'en', label: 'en', lang: 'en' },
    ]);

    await act(async () => result.current.onChange('en'));
    expect(i18n.language).toBe('en');
    expect(result.current.label).toBe('Language');
    expect(result.current.value).toBe('en');
  });
});
