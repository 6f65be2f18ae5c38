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

/** Texts made per fixed `t`, dropped when a store's texts change (a remote's texts reloaded). */
const MEMO_LIMIT = 4_000;
const storeGenerations = new WeakMap<object, { value: number }>();
function generationOf(i18n: I18n): { value: number } {
  let generation = storeGenerations.get(i18n.store);
  if (!generation) {
    const counter = { value: 0 };
    generation = counter;
    storeGenerations.set(i18n.store, counter);
    const bump = () => {
      counter.value += 1;
    };
    i18n.store.on('added', bump);
    i18n.store.on('removed', bump);
  }
  return generation;
}

/** The memo's key for a call's options: only plain values (a function or an object is not memoized). */
function optionsKey(options: Record<string, unknown> | undefined): string | null {
  if (!options) return '';
  let key = '';
  for (const name in options) {
    const value = options[name];
    const kind = typeof value;
    if (
      value !== null &&
      kind !== 'string' &&
      kind !== 'number' &&
      kind !== 'boolean' &&
      kind !== 'undefined'
    ) {
      return null;
    }
    key += `\u0001${name}\u0002${kind[0]}${String(value)}`;
  }
  return key;
}

/**
 * A fixed `t` of language `lng` and namespaces `namespaces` (the first is looked in), as
 * react-i18next makes it. i18next's `getFixedT` copies the instance's options into a new object on
 * every call (for key selectors, which this code base does not use), and its translator resolves,
 * pluralizes and interpolates every text afresh; a page asks for about 150 texts, mostly the same
 * labels page after page. Here a string key goes straight to the translator, and its text is kept
 * for the same key and plain options until the store's texts change.
 */
function fixedT(
  i18n: I18n,
  lng: string,
  namespaces: readonly string[],
  keyPrefix: string | undefined,
): TFunction {
  // i18next's own fixed `t`, for everything but a plain string key.
  const slow = (i18n.getFixedT as unknown as (...args: unknown[]) => (...args: unknown[]) => string).call(
    i18n,
    lng,
    namespaces[0],
    keyPrefix,
    { scopeNs: [...namespaces] },
  );
  const ns = namespaces[0];
  const generation = generationOf(i18n);
  let memo = new Map<string, string>();
  let memoGeneration = generation.value;
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
    const plain = optionsKey(given);
    const memoKey = plain === null ? null : key + plain;
    if (memoKey !== null) {
      if (memoGeneration !== generation.value || memo.size > MEMO_LIMIT) {
        memo = new Map();
        memoGeneration = generation.value;
      }
      const known = memo.get(memoKey);
      if (known !== undefined) return known;
    }
    const call: Record<string, unknown> = given ? { ...given } : {};
    call.lng = call.lng || lng;
    if (!call.ns) call.ns = ns;
    const text = i18n.t(key, call as never) as unknown;
    if (memoKey !== null && typeof text === 'string') memo.set(memoKey, text);
    return text;
  };
  return Object.assign(t, { lng, ns, keyPrefix }) as unknown as TFunction;
}

/** The server's fixed `t` of a language and namespace(s), made once (for code outside components). */
export function serverT(
  i18n: I18n,
  lng: string,
  ns: string | readonly string[],
  keyPrefix?: string,
): TFunction {
  return answerFor(i18n, lng, typeof ns === 'string' ? [ns] : ns, keyPrefix).t;
}

function answerFor(
  i18n: I18n,
  lng: string,
  namespaces: readonly string[],
  keyPrefix: string | undefined,
): Answer {
  const key = `${lng}\u0000${namespaces.join(',')}\u0000${keyPrefix ?? ''}`;
  let byKey = answers.get(i18n);
  if (!byKey) {
    byKey = new Map();
    answers.set(i18n, byKey);
  }
  let answer = byKey.get(key);
  if (!answer) {
    const t = fixedT(i18n, lng, namespaces, keyPrefix);
    answer = Object.assign([t, i18n, true] as [TFunction, I18n, boolean], { t, i18n, ready: true });
    byKey.set(key, answer);
  }
  return answer;
}

export function useServerTranslation(ns?: Namespaces, options: ServerTranslationOptions = {}): Answer {
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: Namespaces } | undefined;
  const i18n = options.i18n ?? context?.i18n ?? getI18n();
  const wanted = ns ?? context?.defaultNS ?? (i18n.options.defaultNS as Namespaces) ?? 'translation';
  const namespaces: readonly string[] = typeof wanted === 'string' ? [wanted] : (wanted ?? ['translation']);
  return answerFor(i18n, options.lng ?? i18n.language, namespaces, options.keyPrefix);
}
