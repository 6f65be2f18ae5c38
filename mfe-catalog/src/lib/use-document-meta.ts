import { LOCALES } from 'contracts';
import { localizePath } from 'platform';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export interface DocumentMeta {
  title: string;
  description: string;
  /** A path such as `/girl/12`, without a language prefix; made absolute in each language. */
  canonicalPath?: string;
  /** A page search engines must not keep (a profile that is not there): `robots: noindex`. */
  noindex?: boolean;
}

function upsert<T extends HTMLElement>(selector: string, create: () => T): T {
  const existing = document.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  document.head.append(element);
  return element;
}

function link(rel: string, hreflang?: string): HTMLLinkElement {
  const selector = hreflang ? `link[rel="${rel}"][hreflang="${hreflang}"]` : `link[rel="${rel}"]`;
  return upsert(selector, () => {
    const element = document.createElement('link');
    element.rel = rel;
    if (hreflang) element.hreflang = hreflang;
    return element;
  });
}

/**
 * Sets the page's title, description, canonical link and its addresses in each language, or its
 * `noindex` (the server renders the same tags; this keeps them right as the visitor moves between
 * pages). The links and `noindex` are removed when the page goes away, so a page without them
 * never inherits another's.
 */
export function useDocumentMeta({ title, description, canonicalPath, noindex = false }: DocumentMeta) {
  useEffect(() => {
    document.title = title;
    const meta = upsert('meta[name="description"]', () => {
      const element = document.createElement('meta');
      element.name = 'description';
      return element;
    });
    meta.content = description;
  }, [title, description]);

  useEffect(() => {
    if (!noindex) return;
    // The server writes the same tag into a page it answers 404 or 410; either way it goes with
    // the page, so the next page the visitor opens is not marked too.
    const robots = upsert('meta[name="robots"]', () => {
      const element = document.createElement('meta');
      element.name = 'robots';
      return element;
    });
    robots.content = 'noindex';
    return () => robots.remove();
  }, [noindex]);

  const locale = useTranslation().i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  useEffect(() => {
    if (!canonicalPath) return;
    const origin = window.location.origin;
    const canonical = link('canonical');
    canonical.href = new URL(localizePath(canonicalPath, locale), origin).href;
    const links = [canonical];
    for (const language of [...LOCALES, 'x-default'] as const) {
      const alternate = link('alternate', language);
      alternate.href = new URL(
        localizePath(canonicalPath, language === 'x-default' ? 'ru' : language),
        origin,
      ).href;
      links.push(alternate);
    }
    return () => {
      for (const element of links) element.remove();
    };
  }, [canonicalPath, locale]);
}
