import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { appConfig } from '../config';
import { type RegistryEntry, type RemoteName, type RemoteRegistry, REMOTES, stripLocale } from 'contracts';

import { routePatterns } from '../routes/paths';

// The names and the registry's shape are a contract: the API's page renderer reads them too.
export { REMOTES, type RegistryEntry, type RemoteName, type RemoteRegistry } from 'contracts';

/** The browser entry of a registry record. */
export function browserEntry(record: RegistryEntry): string {
  return typeof record === 'string' ? record : record.entry;
}

/** The server entry of a registry record, if the remote has one. */
export function serverEntry(record: RegistryEntry | undefined): string | undefined {
  return typeof record === 'object' ? record.ssr : undefined;
}

/** Which remote owns a path, so links can preload it before the click. */
const ownership: ReadonlyArray<[string, RemoteName]> = [
  [routePatterns.home, 'catalog'],
  [routePatterns.category, 'catalog'],
  [routePatterns.model, 'catalog'],
  [routePatterns.stream, 'catalog'],
  [routePatterns.price, 'catalog'],
  [routePatterns.login, 'auth'],
  [routePatterns.register, 'auth'],
  [routePatterns.forgotPassword, 'auth'],
  [routePatterns.restorePassword, 'auth'],
  [routePatterns.confirmEmail, 'auth'],
  [routePatterns.modelCabinet, 'modelCabinet'],
  [routePatterns.advertiserOffice, 'advertiserOffice'],
  [routePatterns.admin, 'admin'],
];

/** The remote owning a path, with or without its language prefix. */
export function remoteForPath(pathname: string): RemoteName | null {
  const path = stripLocale(pathname);
  for (const [pattern, name] of ownership) {
    if (matchPath(pattern, path)) return name;
  }
  return null;
}

export async function fetchRegistry(url = appConfig().remotesUrl): Promise<RemoteRegistry> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Remote registry answered ${response.status}`);
  return (await response.json()) as RemoteRegistry;
}

export function registerRegistry(registry: RemoteRegistry, base = globalThis.location?.href): void {
  registerRemotes(
    Object.entries(registry).map(([name, record]) => ({
      name,
      entry: new URL(browserEntry(record), base).href,
    })),
    { force: true },
  );
}

export interface RemoteRoutesModule {
  default: ComponentType;
}

/** Loads a remote's `./routes`. Failures are not cached by the runtime, so a retry fetches again. */
export async function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutesModule> {
  const loaded = await loadRemote<RemoteRoutesModule>(`${REMOTES[name]}/routes`);
  if (!loaded?.default) throw new Error(`Remote ${REMOTES[name]} exposes no routes`);
  loadedRoutes.set(name, loaded);
  return loaded;
}

const loadedRoutes = new Map<RemoteName, RemoteRoutesModule>();

/**
 * A remote's routes once they have loaded, at once: a page rendered on the server hydrates with
 * the remote's content in place instead of suspending on code that is already here.
 */
export function loadedRemoteRoutes(name: RemoteName): RemoteRoutesModule | undefined {
  return loadedRoutes.get(name);
}

const preloaded = new Set<RemoteName>();

/** Fetches a remote's code on intent (hover, focus) so the click renders without waiting. */
export function preloadRemoteFor(pathname: string): void {
  const name = remoteForPath(pathname);
  if (!name || preloaded.has(name)) return;
  preloaded.add(name);
  preloadRemote([{ nameOrAlias: REMOTES[name], exposes: ['./routes'] }]).catch(() => {
    preloaded.delete(name);
  });
}
