import { useEffect } from 'react';

export interface DocumentMeta {
  title: string;
  description: string;
  /** A path such as `/girl/12`; made absolute against the current origin. */
  canonicalPath?: string;
}

function upsert<T extends HTMLElement>(selector: string, create: () => T): T {
  const existing = document.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  document.head.append(element);
  return element;
}

/**
 * Sets the page's title, description and canonical link. The canonical link is removed when the
 * page goes away, so a page without one never inherits another page's.
 */
export function useDocumentMeta({ title, description, canonicalPath }: DocumentMeta) {
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
    if (!canonicalPath) return;
    const link = upsert('link[rel="canonical"]', () => {
      const element = document.createElement('link');
      element.rel = 'canonical';
      return element;
    });
    link.href = new URL(canonicalPath, window.location.origin).href;
    return () => link.remove();
  }, [canonicalPath]);
}
