import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { serverT, useServerTranslation } from './server-translation';

/** Two languages, two namespaces, plurals (Russian has three forms), interpolation and a fallback. */
function instance(lng: string) {
  const i18n = createInstance();
  void i18n.init({
    lng,
    fallbackLng: 'en',
    initAsync: false,
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    resources: {
      ru: {
        shell: { title: 'Анкеты', hello: 'Привет, {{name}}' },
        catalog: {
          age_one: '{{count}} год',
          age_few: '{{count}} года',
          age_many: '{{count}} лет',
          price: '{{price}} ₽/час',
          card: { top: 'Топ', age_few: '{{count}} года' },
        },
      },
      en: {
        shell: { title: 'Profiles', hello: 'Hello, {{name}}', onlyEnglish: 'Only in English' },
        catalog: { age_one: '{{count}} year', age_other: '{{count}} years', price: '{{price}} ₽/h' },
      },
    },
  });
  return i18n;
}

type Hook = typeof useTranslation;

function Texts({ hook }: { hook: Hook }) {
  const { t } = hook();
  const catalog = hook('catalog');
  const [tupleT, tupleI18n, ready] = hook('catalog');
  return (
    <p>
      {t('title')}|{t('hello', { name: 'Анна' })}|{t('onlyEnglish')}|{t('missing.key')}|
      {[1, 2, 5, 21].map((count) => catalog.t('age', { count })).join(',')}|
      {tupleT('price', { price: '5 000' })}|{catalog.t('shell:title')}|{String(ready)}|{tupleI18n.language}|
      {catalog.i18n.resolvedLanguage}
    </p>
  );
}

const page = (lng: string, hook: Hook) =>
  renderToString(
    <I18nextProvider i18n={instance(lng)}>
      <Texts hook={hook} />
    </I18nextProvider>,
  );

describe("the server render's useTranslation", () => {
  it('renders the same text as react-i18next in both languages', () => {
    for (const lng of ['ru', 'en']) {
      const expected = page(lng, useTranslation);
      expect(page(lng, useServerTranslation as unknown as Hook)).toBe(expected);
    }
    expect(page('ru', useServerTranslation as unknown as Hook)).toContain('1 год,2 года,5 лет,21 год');
    expect(page('en', useServerTranslation as unknown as Hook)).toContain('Hello, Анна');
  });

  it('hands every component of a language and namespace the same answer, and the other language its own', () => {
    const ru = instance('ru');
    const answers: unknown[] = [];
    const report = (value: unknown) => answers.push(value);
    renderToString(
      <I18nextProvider i18n={ru}>
        <Probe report={report} />
        <Probe report={report} i18n={ru} />
      </I18nextProvider>,
    );
    expect(answers).toHaveLength(2);
    expect(new Set(answers).size).toBe(1);
    const en = ru.cloneInstance({ lng: 'en', initAsync: false });
    renderToString(
      <I18nextProvider i18n={en}>
        <Probe report={report} />
      </I18nextProvider>,
    );
    expect(answers).toHaveLength(3);
    expect((answers[2] as (key: string, options: object) => string)('age', { count: 2 })).toBe('2 years');
  });

  it('keeps a key prefix and a language given to the hook', () => {
    let texts: string[] = [];
    renderToString(
      <I18nextProvider i18n={instance('ru')}>
        <Prefixed report={(value) => (texts = value)} />
      </I18nextProvider>,
    );
    expect(texts).toEqual(['Топ', '3 года', 'Profiles']);
  });
});

describe("the server render's texts", () => {
  it('are the same outside components (serverT) as in them', () => {
    const i18n = instance('ru');
    let hooked: unknown;
    renderToString(
      <I18nextProvider i18n={i18n}>
        <Probe report={(t) => (hooked = t)} />
      </I18nextProvider>,
    );
    expect(serverT(i18n, 'ru', 'catalog')).toBe(hooked);
    expect(serverT(i18n, 'en', 'catalog')('age', { count: 1 })).toBe('1 year');
  });

  it('are made again when a namespace is reloaded with other texts, and keep each plain option apart', () => {
    const i18n = instance('ru');
    const texts: string[] = [];
    const report = (value: string[]) => texts.push(...value);
    const render = () =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <Ages report={report} />
        </I18nextProvider>,
      );
    render();
    render();
    i18n.addResourceBundle(
      'ru',
      'catalog',
      { age_one: '{{count}} годик', price: 'от {{price}}' },
      true,
      true,
    );
    render();
    expect(texts).toEqual([
      '1 год',
      '2 года',
      '2 года',
      '5 ₽/час',
      '1 год',
      '2 года',
      '2 года',
      '5 ₽/час',
      '1 годик',
      '2 года',
      '2 года',
      'от 5',
    ]);
  });
});

/** Asks for the same texts with plain options, and once with an option memo cannot key (an object). */
function Ages({ report }: { report: (texts: string[]) => void }) {
  const { t } = useServerTranslation('catalog');
  report([
    t('age', { count: 1 }),
    t('age', { count: 2 }),
    t('age', { count: 2, extra: { nested: true } }),
    t('price', { price: 5 }),
  ]);
  return null;
}

function Probe({ report, i18n }: { report: (t: unknown) => void; i18n?: ReturnType<typeof instance> }) {
  report(useServerTranslation('catalog', i18n ? { i18n } : {}).t);
  return null;
}

function Prefixed({ report }: { report: (texts: string[]) => void }) {
  const { t } = useServerTranslation('catalog', { keyPrefix: 'card' });
  const english = useServerTranslation('shell', { lng: 'en' });
  report([t('top'), t('age', { count: 3 }), english.t('title')]);
  return null;
}
