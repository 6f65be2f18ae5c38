import type { RemoteName, RemoteRegistry } from 'contracts';
import { createContext, useContext } from 'react';
import { ownerInRegistry, remoteForPath } from './remotes';

/**
 * The registry a page is rendered with. The server renders pages for many visitors at once, each
 * with the releases (and so the route ownership) of their own registry, and provides it here; the
 * browser registers one registry per page and needs no provider.
 */
const RegistryContext = createContext<RemoteRegistry | null>(null);
export const RegistryProvider = RegistryContext.Provider;

/** The remote owning a path in the registry this page renders with. */
export function useRemoteForPath(pathname: string): RemoteName | null {
  const registry = useContext(RegistryContext);
  return registry ? ownerInRegistry(registry, pathname) : remoteForPath(pathname);
}
