import i18next from 'i18next';
import { serverT } from 'platform/server-translation';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from './server-i18n';

/** The instance holding the shell's texts, as the shell's server build has it. */
function baseInstance() {
  const base = i18next.createInstance();
  base.init({
    lng: 'ru',
    fallbackLng: 'en',
    initAsync: false,
    resources: { ru: { shell: { title: 'Анкеты' } }, en: { shell: { title: 'Profiles' } } },
  });
  return base;
}

/** A release of the catalog's server build: only its texts matter here. */
const release = (tag: string) => ({
  namespace: 'catalog',
  locales: {
    ru: { heading: `Каталог ${tag}` },
    en: { heading: `Catalogue ${tag}`, onlyEnglish: `English ${tag}` },
  },
});

describe('createServerI18n', () => {
  it('gives each release of a remote its own wording, whichever was loaded last', () => {
    const base = baseInstance();
    const i18nFor = createServerI18n(base);
    const stable = release('1.0');
    const canary = release('1.1');

    const stableRu = i18nFor('ru', stable);
    const canaryRu = i18nFor('ru', canary);
    // Loaded after the canary, the stable release's pages still read their own texts, and so on.
    expect(stableRu.t('catalog:heading')).toBe('Каталог 1.0');
    expect(canaryRu.t('catalog:heading')).toBe('Каталог 1.1');
    expect(i18nFor('en', stable).t('catalog:heading')).toBe('Catalogue 1.0');
    expect(i18nFor('en', canary).t('catalog:heading')).toBe('Catalogue 1.1');
    // The memoised translator the server's components use keeps them apart too.
    expect(serverT(stableRu, 'ru', 'catalog')('heading')).toBe('Каталог 1.0');
    expect(serverT(canaryRu, 'ru', 'catalog')('heading')).toBe('Каталог 1.1');
  });

  it('falls back to the release’s own English, and keeps the shell’s texts beside it', () => {
    const i18nFor = createServerI18n(baseInstance());
    const canary = release('1.1');
    i18nFor('ru', release('1.0'));
    expect(i18nFor('ru', canary).t('catalog:onlyEnglish')).toBe('English 1.1');
    expect(i18nFor('ru', canary).t('shell:title')).toBe('Анкеты');
    expect(i18nFor('en', canary).t('shell:title')).toBe('Profiles');
  });

  it('leaves the shared store without any release’s texts, and makes each instance once', () => {
    const base = baseInstance();
    const i18nFor = createServerI18n(base);
    const stable = release('1.0');
    const ru = i18nFor('ru', stable);
    expect(base.hasResourceBundle('ru', 'catalog')).toBe(false);
    expect(i18nFor('ru', null).hasResourceBundle('ru', 'catalog')).toBe(false);
    expect(i18nFor('ru', null).t('shell:title')).toBe('Анкеты');
    expect(i18nFor('en', null).t('shell:title')).toBe('Profiles');
    expect(i18nFor('ru', stable)).toBe(ru);
    expect(i18nFor('en', stable)).not.toBe(ru);
    expect(i18nFor('ru', null)).toBe(i18nFor('ru', null));
  });
});
