import type { i18n as I18n, TFunction } from 'i18next';
import { useContext } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

/**
 * `useTranslation` for the server render (issue 31), which the shell's server build puts in place
 * of react-i18next's own for itself and every remote it renders.
 *
 * A server render runs each component once and never re-renders it, so what react-i18next's hook
 * does for the browser (a copy of the i18n instance per component for its language-change
 * identity, a subscription, a fixed `t` built per call site) is work thrown away, and it was the
 * largest single cost of a page: about a fifth of the render. Here the answer for an instance, a
 * language, namespaces and key prefix is made once and shared by every component and every
 * request. The strings are the same: `t` calls the same i18next translator with the options
 * react-i18next's fixed `t` would pass.
 */

type Namespaces = string | readonly string[] | undefined;

interface ServerTranslationOptions {
  i18n?: I18n;
  keyPrefix?: string;
  lng?: string;
}

/** react-i18next's answer: a tuple that is also an object. */
type Answer = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

const answers = new WeakMap<I18n, Map<string, Answer>>();

/**
 * A fixed `t` of language `lng`, namespace `ns` (and `scope`, the namespaces a key may be looked up
 * in): i18next's `getFixedT` copies the instance's options into a new object on every call, for
 * key selectors this code base does not use; a string key goes straight to the translator here.
 */
function fixedT(
  i18n: I18n,
  lng: string,
  namespaces: readonly string[],
  keyPrefix: string | undefined,
): TFunction {
  // i18next's own fixed `t` (as react-i18next makes it), for everything but a plain string key.
  const slow = (i18n.getFixedT as unknown as (...args: unknown[]) => (...args: unknown[]) => string).call(
    i18n,
    lng,
    namespaces[0],
    keyPrefix,
    { scopeNs: [...namespaces] },
  );
  const ns = namespaces[0];
  const t = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    if (
      typeof key !== 'string' ||
      keyPrefix !== undefined ||
      rest.length > 0 ||
      (options !== undefined && (typeof options !== 'object' || options === null))
    ) {
      return slow(key, options, ...rest);
    }
    const given = options as Record<string, unknown> | undefined;
    const call: Record<string, unknown> = given ? { ...given } : {};
    call.lng = call.lng || lng;
    if (!call.ns) call.ns = ns;
    return i18n.t(key, call as never);
  };
  return Object.assign(t, { lng, ns, keyPrefix }) as unknown as TFunction;
}

export function useServerTranslation(ns?: Namespaces, options: ServerTranslationOptions = {}): Answer {
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: Namespaces } | undefined;
  const i18n = options.i18n ?? context?.i18n ?? getI18n();
  const wanted = ns ?? context?.defaultNS ?? (i18n.options.defaultNS as Namespaces) ?? 'translation';
  const namespaces: readonly string[] = typeof wanted === 'string' ? [wanted] : (wanted ?? ['translation']);
  const lng = options.lng ?? i18n.language;
  const key = `${lng}\u0000${namespaces.join(',')}\u0000${options.keyPrefix ?? ''}`;
  let byKey = answers.get(i18n);
  if (!byKey) {
    byKey = new Map();
    answers.set(i18n, byKey);
  }
  let answer = byKey.get(key);
  if (!answer) {
    const t = fixedT(i18n, lng, namespaces, options.keyPrefix);
    answer = Object.assign([t, i18n, true] as [TFunction, I18n, boolean], { t, i18n, ready: true });
    byKey.set(key, answer);
  }
  return answer;
}
