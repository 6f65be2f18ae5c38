import { contractsLocales } from 'contracts/locales';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  i18n,
  LOCALE_STORAGE_KEY,
  loadEveryLanguage,
  loadRegisteredNamespaces,
  registerNamespace,
} from './i18n';
import { defaultPlatformMessages, loadPlatformMessages } from './messages';
import { englishPlatformMessages } from './messages-en';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers every translation file with `{ name: <its URL> }`; returns the URLs asked for, in order. */
function answerWithTheirUrl(): string[] {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      return Response.json({ name: url });
    }),
  );
  return requested;
}

describe('i18n', () => {
  it('speaks Russian by default and falls back to English', () => {
    expect(i18n.options.fallbackLng).toEqual(['en']);
    expect(i18n.language).toBe('ru');
  });

  it("loads an app's namespace from the URL the app registered, retrying failed loads", async () => {
    registerNamespace('probe', 'http://localhost/mfe/probe/locales');
    let attempts = 0;
    const fetchMock = vi.fn(async (url: string) => {
      if (url === 'http://localhost/mfe/probe/locales/ru.json' && ++attempts < 3) {
        return new Response('busy', { status: 503 });
      }
      return new Response(JSON.stringify({ hello: url.endsWith('ru.json') ? 'привет' : 'hello' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);

    await i18n.loadNamespaces('probe');
    expect(attempts).toBe(3);
    expect(i18n.t('hello', { ns: 'probe' })).toBe('привет');
    expect(i18n.options.maxRetries).toBe(5);
    expect(i18n.options.retryTimeout).toBe(350);
  });

  it('loads every registered namespace at once, each from its own app, only the platform texts bundled', async () => {
    registerNamespace('first', 'http://localhost/first/locales/');
    registerNamespace('second', 'http://localhost/mfe/second/locales/');
    const requested = answerWithTheirUrl();

    await loadRegisteredNamespaces();
    expect(i18n.t('name', { ns: 'first' })).toBe('http://localhost/first/locales/ru.json');
    expect(i18n.t('name', { ns: 'second' })).toBe('http://localhost/mfe/second/locales/ru.json');
    // Nothing is asked of a server for the bundled platform namespace.
    expect(requested.every((url) => url.includes('/locales/'))).toBe(true);
    expect(requested).toContain('http://localhost/mfe/second/locales/ru.json');
  });

  it('asks nothing for the namespaces a server-rendered page brought, and loads the rest of every language when idle', async () => {
    registerNamespace('brought', 'http://localhost/mfe/brought/locales/');
    registerNamespace('later', 'http://localhost/mfe/later/locales/');
    i18n.addResourceBundle('ru', 'brought', { name: 'с сервера' }, true, true);
    const requested = answerWithTheirUrl();

    await loadRegisteredNamespaces();
    expect(requested.filter((url) => url.includes('/brought/'))).toEqual([]);
    expect(requested).toContain('http://localhost/mfe/later/locales/ru.json');
    expect(i18n.t('name', { ns: 'brought' })).toBe('с сервера');

    await loadEveryLanguage();
    expect(requested).toContain('http://localhost/mfe/brought/locales/en.json');
    expect(requested.filter((url) => url === 'http://localhost/mfe/brought/locales/ru.json')).toEqual([]);
    expect(i18n.getResource('en', 'brought', 'name')).toBe('http://localhost/mfe/brought/locales/en.json');
    expect(i18n.getResource('en', 'later', 'name')).toBe('http://localhost/mfe/later/locales/en.json');
    // The page's texts stay the server's.
    expect(i18n.t('name', { ns: 'brought' })).toBe('с сервера');
  });

  it("keeps the platform's English texts in a chunk of their own, loaded before a switch to English shows", async () => {
    expect(await loadPlatformMessages('ru')).toBe(defaultPlatformMessages);
    const english = await loadPlatformMessages('en');
    expect(english).toBe(englishPlatformMessages);
    expect(english.errors.MODEL_NOT_FOUND).toBe(contractsLocales.en.errors.MODEL_NOT_FOUND);
    expect(defaultPlatformMessages.errors.MODEL_NOT_FOUND).toBe(contractsLocales.ru.errors.MODEL_NOT_FOUND);

    // As a Russian page starts: no English platform texts until something asks for them. (The
    // store's own removeResourceBundle would also forget the namespace, which a page never does.)
    delete (i18n.store.data.en as Record<string, unknown>).platform;
    expect(i18n.hasResourceBundle('en', 'platform')).toBe(false);
    await i18n.changeLanguage('en');
    expect(i18n.hasResourceBundle('en', 'platform')).toBe(true);
    expect(i18n.t('errors.MODEL_NOT_FOUND')).toBe(contractsLocales.en.errors.MODEL_NOT_FOUND);
    await i18n.changeLanguage('ru');
    expect(i18n.t('errors.MODEL_NOT_FOUND')).toBe(contractsLocales.ru.errors.MODEL_NOT_FOUND);
  });

  it('remembers the chosen language and sets the document language', async () => {
    await i18n.changeLanguage('en');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await i18n.changeLanguage('ru');
    expect(document.documentElement.lang).toBe('ru');
  });
});
