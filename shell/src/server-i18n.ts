import type { Locale } from 'contracts';
import type { i18n as I18n } from 'i18next';

/** What a remote's server build gives for its texts (platform's RemoteServerModule). */
interface RemoteTexts {
  namespace: string;
  locales: Partial<Record<Locale, Record<string, unknown>>>;
}

/**
 * The i18n instances server renders use, from the instance holding the shell's and the platform's
 * texts. A page the shell renders alone gets one instance per language, sharing that store.
 *
 * A page a remote renders gets an instance of that release: the shared texts and the release's own,
 * in a store of its own. Two releases of one remote are loaded at once while a canary runs beside
 * stable, and both name the same namespace. With one store, the last release loaded gave its
 * wording to every page of the other. The store goes with the release's server code, once the
 * remote loader lets go of it.
 */
export function createServerI18n(base: I18n): (locale: Locale, remote: RemoteTexts | null) => I18n {
  const plain = new Map<Locale, I18n>();
  const byRelease = new WeakMap<RemoteTexts, { store: I18n; byLocale: Map<Locale, I18n> }>();

  return (locale, remote) => {
    if (!remote) {
      let instance = plain.get(locale);
      if (!instance) {
        instance = base.cloneInstance({ lng: locale, initAsync: false });
        plain.set(locale, instance);
      }
      return instance;
    }
    let release = byRelease.get(remote);
    if (!release) {
      const store = base.cloneInstance({ initAsync: false, forkResourceStore: true });
      for (const [language, texts] of Object.entries(remote.locales)) {
        if (texts) store.addResourceBundle(language, remote.namespace, texts, true, true);
      }
      release = { store, byLocale: new Map() };
      byRelease.set(remote, release);
    }
    let instance = release.byLocale.get(locale);
    if (!instance) {
      // A clone without forking shares the release's store, in its own language.
      instance = release.store.cloneInstance({ lng: locale, initAsync: false });
      release.byLocale.set(locale, instance);
    }
    return instance;
  };
}
