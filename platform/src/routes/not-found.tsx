import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

const NotFoundPageContext = createContext<ComponentType | null>(null);

/** The shell gives remotes its 404 page through this provider (they cannot import it). */
export const NotFoundPageProvider = NotFoundPageContext.Provider;

/**
 * What a remote renders for a path it does not know or an item that does not exist: the shell's
 * full 404 page, so there is one such page on the site. Standalone, without the shell, the
 * remote's `fallback` shows instead.
 */
export function PageNotFound({ fallback = null }: { fallback?: ReactNode }) {
  const Page = useContext(NotFoundPageContext);
  return Page ? <Page /> : fallback;
}
