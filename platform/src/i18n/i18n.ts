import { contractsLocales, DEFAULT_LOCALE, type Locale, LOCALES, UI } from 'contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { localeOfPath } from 'contracts';
import { LazyHttpBackend } from './lazy-backend';

export const LOCALE_STORAGE_KEY = 'lang';

/** Where each app serves its own namespace: ns -> base URL ending in '/'. */
const namespaceBases = new Map<string, string>();

/**
 * An app (shell or remote) declares where its translation files live before it renders.
 * Files are `<base><lng>.json`; the remote's own build serves them, so a remote team ships
 * texts with its code and never touches the shell.
 */
export function registerNamespace(ns: string, baseUrl: string): void {
  namespaceBases.set(ns, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
}

/**
 * Loads the current language of every namespace registered so far (the shell's and those of the
 * remotes whose code has run) that is not here yet: a server-rendered page brought its own. Loads
 * already under way are shared, not repeated.
 */
export async function loadRegisteredNamespaces(): Promise<void> {
  const missing = [...namespaceBases.keys()].filter((ns) => !i18n.hasResourceBundle(i18n.language, ns));
  // i18next's loadNamespaces would also fetch the fallback language of every namespace it knows.
  if (missing.length > 0) await loadFromBackend([i18n.language], missing);
}

/**
 * Every registered namespace in every language: the English fallback behind a missing Russian
 * text, and a language switch that needs no download. Nothing on screen waits for it, so the
 * shell runs it once the page is idle.
 */
export async function loadEveryLanguage(): Promise<void> {
  await loadFromBackend(LOCALES, [...namespaceBases.keys()]);
}

/** Through i18next's own loader: what is loaded or under way is skipped, failures are retried. */
function loadFromBackend(languages: readonly string[], namespaces: readonly string[]): Promise<void> {
  const connector: {
    load(languages: readonly string[], namespaces: readonly string[], done: (error: unknown) => void): void;
  } = i18n.services.backendConnector;
  return new Promise((resolve, reject) =>
    connector.load(languages, namespaces, (error) => (error ? reject(error) : resolve())),
  );
}

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function storedLocale(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(saved) ? saved : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/**
 * The language of the page: the one its address is in. (The stored choice sends a visitor who
 * arrives at an address in the other language to the address in theirs; the shell does that.)
 */
export function pageLocale(): Locale {
  return typeof window === 'undefined' ? DEFAULT_LOCALE : localeOfPath(window.location.pathname);
}

export const i18n = i18next.createInstance();

// Initialised synchronously at import, so remotes can add bundles and namespaces at once.
i18n
  .use(LazyHttpBackend)
  .use(initReactI18next)
  .init({
    lng: pageLocale(),
    fallbackLng: 'en',
    supportedLngs: [...LOCALES],
    ns: ['platform'],
    defaultNS: 'platform',
    initAsync: false,
    partialBundledLanguages: true,
    resources: {
      ru: { platform: { ...contractsLocales.ru, ...ru } },
      en: { platform: { ...contractsLocales.en, ...en } },
    },
    // i18next retries a failed load with a doubling delay.
    maxRetries: UI.translationRetries,
    retryTimeout: UI.translationRetryBaseMs,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    backend: {
      loadPath: (lngs: string[], namespaces: string[]) => {
        const ns = namespaces[0] ?? '';
        const base = namespaceBases.get(ns);
        return base ? `${base}${lngs[0]}.json` : '';
      },
    },
  });

function applyDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
applyDocumentLanguage(i18n.language);

i18n.on('languageChanged', (lng) => {
  applyDocumentLanguage(lng);
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, lng);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
});

export function currentLocale(): Locale {
  return isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
}

type LanguageSwitchListener = (locale: Locale) => void;
const switchListeners = new Set<LanguageSwitchListener>();

/**
 * The shell takes language switches: it moves the page to its address in the other language
 * (which carries the language) and switches the texts. A remote running on its own only switches
 * the texts.
 */
export function onLanguageSwitch(listener: LanguageSwitchListener): () => void {
  switchListeners.add(listener);
  return () => switchListeners.delete(listener);
}

export function switchLanguage(locale: Locale): void {
  if (switchListeners.size === 0) {
    void i18n.changeLanguage(locale);
    return;
  }
  for (const listener of switchListeners) listener(locale);
}
