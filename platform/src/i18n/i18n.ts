import { DEFAULT_LOCALE, isLocale, type Locale, LOCALES, localeOfPath, UI } from 'contracts';
import i18next, { type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LazyHttpBackend } from './lazy-backend';
import { defaultPlatformMessages, loadPlatformMessages } from './messages';

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
 * Loads the current language of the platform's namespace and of every namespace registered so far
 * (the shell's and those of the remotes whose code has run) that is not here yet: a
 * server-rendered page brought its own. Loads
 * already under way are shared, not repeated.
 */
export async function loadRegisteredNamespaces(): Promise<void> {
  const missing = ['platform', ...namespaceBases.keys()].filter(
    (ns) => !i18n.hasResourceBundle(i18n.language, ns),
  );
  // i18next's loadNamespaces would also fetch the fallback language of every namespace it knows.
  if (missing.length > 0) await loadFromBackend([i18n.language], missing);
}

/**
 * The platform's and every registered namespace in every language: the English fallback behind a missing Russian
 * text, and a language switch that needs no download. Nothing on screen waits for it, so the
 * shell runs it once the page is idle.
 */
export async function loadEveryLanguage(): Promise<void> {
  await loadFromBackend(LOCALES, ['platform', ...namespaceBases.keys()]);
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

const startLanguage = pageLocale();

/** The platform namespace in `language`, from its chunk (see messages.ts). */
function readPlatformMessages(language: string, callback: ReadCallback): void {
  if (!isLocale(language)) {
    callback(null, {});
    return;
  }
  loadPlatformMessages(language).then(
    (messages) => callback(null, messages),
    (error: Error) => callback(error, null),
  );
}

// Initialised synchronously at import, so remotes can add bundles and namespaces at once.
i18n
  .use(LazyHttpBackend)
  .use(initReactI18next)
  .init({
    lng: startLanguage,
    // Set below, once started: at start-up i18next would fetch the fallback's texts too.
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    ns: ['platform'],
    defaultNS: 'platform',
    initAsync: false,
    partialBundledLanguages: true,
    resources: { [DEFAULT_LOCALE]: { platform: defaultPlatformMessages } },
    // i18next retries a failed load with a doubling delay.
    maxRetries: UI.translationRetries,
    retryTimeout: UI.translationRetryBaseMs,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    backend: {
      local: { platform: readPlatformMessages },
      loadPath: (lngs: string[], namespaces: string[]) => {
        const ns = namespaces[0] ?? '';
        const base = namespaceBases.get(ns);
        return base ? `${base}${lngs[0]}.json` : '';
      },
    },
  });

// English, the fallback, from now on: a page in the default language renders without its texts,
// which come once the page is live (`loadEveryLanguage`) or when something asks for English.
i18n.options.fallbackLng = ['en'];

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
