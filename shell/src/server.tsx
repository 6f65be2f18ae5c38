// The shell's server build: renders a public page for a guest, with the remote that owns it loaded
// from the remote's own server build (see api/src/plugins/ssr). It gives that code the same shared
// libraries the browser build shares, so both render with one React, router, store and i18n.
import * as tanstackQuery from '@tanstack/react-query';
import * as contracts from 'contracts';
import { DEFAULT_LOCALE, type Locale, type PageImage } from 'contracts';
import * as i18next from 'i18next';
import * as jotai from 'jotai';
import { createStore } from 'jotai';
import * as jotaiVanilla from 'jotai/vanilla';
import * as platform from 'platform';
import { englishPlatformMessages } from 'platform/messages-en';
import { serverT } from 'platform/server-translation';
import {
  basenameFor,
  configureServer,
  createQueryClient,
  dehydrateForPage,
  i18n as baseI18n,
  localeOfPath,
  PlatformProviders,
  type RemoteServerModule,
  type RemoteName,
  type RemoteRegistry,
  ownerInRegistry,
  RegistryProvider,
  stripLocale,
} from 'platform';
import * as React from 'react';
import * as reactDom from 'react-dom';
import {
  type PipeableStream,
  type RenderToPipeableStreamOptions,
  renderToPipeableStream,
  renderToString,
} from 'react-dom/server';
import * as reactI18next from 'react-i18next';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactRouter from 'react-router';
import * as reactRouterDom from 'react-router-dom';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import * as sharedUi from 'shared-ui';
import * as sharedUiDialog from 'shared-ui/dialog';
import * as sharedUiTabs from 'shared-ui/tabs';
import * as sharedUiToast from 'shared-ui/toast';
import { AppFrame } from './app/app-frame';
import { appRoutes } from './app/routes';
import { constantsQueryOptions } from './features/site/api/get-constants';
import { onlineCountQueryOptions } from './features/navigation/api/get-online-count';
import { type ServerRemotes, ServerRemotesContext } from './features/remotes/server-remotes';
import { createServerI18n } from './server-i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

/** The shared singletons, by the names remotes import them under (their server builds leave them out). */
export const sharedModules: Readonly<Record<string, unknown>> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': reactDom,
  'react-router': reactRouter,
  'react-router-dom': reactRouterDom,
  jotai,
  'jotai/vanilla': jotaiVanilla,
  '@tanstack/react-query': tanstackQuery,
  i18next,
  'react-i18next': reactI18next,
  platform,
  'shared-ui': sharedUi,
  'shared-ui/dialog': sharedUiDialog,
  'shared-ui/tabs': sharedUiTabs,
  'shared-ui/toast': sharedUiToast,
  contracts,
};

export const shellLocales = { ru, en };
// The platform's English texts, which the browser fetches as a chunk of their own.
baseI18n.addResourceBundle('en', 'platform', englishPlatformMessages, true, true);
baseI18n.addResourceBundle('ru', 'shell', ru, true, true);
baseI18n.addResourceBundle('en', 'shell', en, true, true);

/**
 * One i18n instance per language, sharing the texts: concurrent renders never switch each other's.
 * A remote's page reads its release's texts from an instance of that release (server-i18n.ts).
 */
const i18nFor = createServerI18n(baseI18n);

/** The router's static handler of a language's address space, made once (the routes have no loaders: it keeps no state). */
const staticHandlers = new Map<Locale, ReturnType<typeof createStaticHandler>>();
function staticHandlerFor(locale: Locale): ReturnType<typeof createStaticHandler> {
  let handler = staticHandlers.get(locale);
  if (!handler) {
    handler = createStaticHandler(appRoutes, { basename: basenameFor(locale) });
    staticHandlers.set(locale, handler);
  }
  return handler;
}

/** The API the pages read, answered by the server process itself (no network hop). */
export function configure({ fetch }: { fetch: typeof globalThis.fetch }): void {
  configureServer({ apiBase: 'http://render.internal/api', fetch });
}

/**
 * Which remote owns a path (of the page, with or without its language prefix) in the registry
 * the page's visitor gets: the routes its records declare decide (issue 30).
 */
export const ownerOf = (pathname: string, registry: RemoteRegistry): RemoteName | null =>
  ownerInRegistry(registry, pathname);

export interface PageHead {
  title: string;
  description: string;
  /** The page's path without the language prefix, for canonical and alternate links; none for a 404. */
  canonicalPath: string | null;
  images: PageImage[];
}

export interface PreparedPage {
  status: number;
  locale: Locale;
  head: PageHead;
  /** For the page's JSON block: the query cache and the texts its first render needs. */
  state: { queries: unknown; texts: Record<string, unknown>; locale: Locale };
  render: (options: RenderToPipeableStreamOptions) => PipeableStream;
  /**
   * The whole body at once, for a page whose data is read (nothing left to wait for): React's
   * string renderer, which skips the stream's byte encoding of every piece (issue 31).
   */
  renderToString: () => string;
  /**
   * Lets go of the page's data once it is written. A query given a `gcTime` (the ads' two minutes)
   * schedules a timer when nothing observes it, and on the server nothing ever does: the timer
   * kept the request's whole query cache, every answer the page read, alive that long (issue 31:
   * about 150 MB at 100 pages a second).
   */
  dispose: () => void;
}

/**
 * Reads a page's data (the shell's and, through its prefetch, the owning remote's), then gives
 * its status and head at once and a render that streams its body. `remote` is null when the
 * remote's server code could not be had: that area then renders in the browser.
 */
export async function preparePage({
  url,
  remoteName,
  remote,
  registry,
}: {
  url: URL;
  remoteName: RemoteName | null;
  remote: RemoteServerModule | null;
  /** The visitor's registry: its routes say which remote owns each path the page renders. */
  registry: RemoteRegistry;
}): Promise<PreparedPage> {
  const locale = localeOfPath(url.pathname);
  const i18n = i18nFor(locale, remote);
  const queryClient = createQueryClient();
  const store = createStore();
  const shellT = serverT(i18n, locale, 'shell');
  const head: PageHead = {
    title: shellT('meta.title'),
    description: shellT('meta.description'),
    canonicalPath: null,
    images: [],
  };
  let status = remoteName ? 200 : 404;
  let remoteNamedPage = false;

  const shellData = Promise.all([
    queryClient.prefetchQuery(constantsQueryOptions()),
    queryClient.prefetchQuery(onlineCountQueryOptions()),
  ]);
  if (remote?.prefetch) {
    try {
      const result = await remote.prefetch({
        pathname: stripLocale(url.pathname),
        search: url.searchParams,
        queryClient,
        locale,
        t: serverT(i18n, locale, remote.namespace) as (
          key: string,
          options?: Record<string, unknown>,
        ) => string,
      });
      status = result.status;
      if (result.meta) {
        remoteNamedPage = true;
        head.title = result.meta.title;
        head.description = result.meta.description;
        head.canonicalPath = result.meta.canonicalPath ?? null;
      }
      head.images = result.images ?? [];
    } catch {
      // The remote's data could not be read: its components show the error and a retry.
    }
  }
  await shellData;
  if (status === 404 || status === 410) {
    // A remote's own "not found" page (a profile that is not there) keeps its title; any other
    // is the site's 404 page. Neither has a canonical address.
    if (!remoteNamedPage) head.title = shellT('notFound.documentTitle');
    head.canonicalPath = null;
    head.images = [];
  }

  const texts: Record<string, unknown> = { shell: locale === 'en' ? en : ru };
  if (remote) texts[remote.namespace] = remote.locales[locale] ?? remote.locales[DEFAULT_LOCALE];
  const servedRemotes: ServerRemotes = remote && remoteName ? { [remoteName]: remote.Routes } : {};

  const handler = staticHandlerFor(locale);
  const context = await handler.query(new Request(url.href));
  // The shell's routes have no loaders or redirects: the answer is always a context.
  if (context instanceof Response) throw new Error('Unexpected response from the static handler');
  const router = createStaticRouter(handler.dataRoutes, context);

  const page = (
    <PlatformProviders queryClient={queryClient} store={store} i18n={i18n}>
      <RegistryProvider value={registry}>
        <ServerRemotesContext.Provider value={servedRemotes}>
          <AppFrame>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppFrame>
        </ServerRemotesContext.Provider>
      </RegistryProvider>
    </PlatformProviders>
  );
  return {
    status,
    locale,
    head,
    state: { queries: dehydrateForPage(queryClient), texts, locale },
    render: (options) =>
      renderToPipeableStream(
        page,
        // Every boundary is written in place, never outlined behind a fallback that an inline
        // script swaps later: the page must read whole without JavaScript, and the CSP allows
        // no inline scripts.
        { progressiveChunkSize: Number.POSITIVE_INFINITY, ...options },
      ),
    renderToString: () => renderToString(page),
    dispose: () => queryClient.clear(),
  };
}
