// What a remote's server build exports, read by the shell's server build (shell/src/server.tsx)
// to render the remote's pages. A remote declares its exports against these types, so the two
// sides of the contract cannot drift apart.
import type { QueryClient } from '@tanstack/react-query';
import type { Locale, PageImage } from 'contracts';
import type { ComponentType } from 'react';

export interface PrefetchContext {
  /** The path without its language prefix. */
  pathname: string;
  search: URLSearchParams;
  /** The request's own cache: what the page's components will read, handed to the browser. */
  queryClient: QueryClient;
  locale: Locale;
  /** The remote's texts in the page's language. */
  t: (key: string, options?: Record<string, unknown>) => string;
}

export interface PrefetchResult {
  /** 200, or 404/410 for a missing page or a profile that is gone. */
  status: number;
  /**
   * The page's head. With a 404 or 410, a page of the remote's own that says what is missing (a
   * profile); left out, the page is the site's 404 page and its title the site's.
   */
  meta?: { title: string; description: string; canonicalPath?: string };
  images?: PageImage[];
}

export interface RemoteServerModule {
  /** The remote's i18n namespace, with its texts. */
  namespace: string;
  locales: Partial<Record<Locale, Record<string, unknown>>>;
  /** The remote's routes, rendered inside the shell's route of the remote. */
  Routes: ComponentType;
  /** Reads the page's data into the request's cache and says its status and head. */
  prefetch?: (context: PrefetchContext) => Promise<PrefetchResult>;
}
