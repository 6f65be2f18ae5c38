import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { appConfig } from '../config';
import {
  ownerOfPath,
  type RegistryEntry,
  type RemoteName,
  type RemoteRegistry,
  REMOTES,
  routeClaims,
  stripLocale,
} from 'contracts';

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

const roles = new Map<string, RemoteName>(
  Object.entries(REMOTES).map(([role, federationName]) => [federationName, role as RemoteName]),
);

/** A registry's claims, read once per registry object (a page asks several times; a server renders many pages with one). */
const claimsOf = new WeakMap<RemoteRegistry, ReturnType<typeof routeClaims>>();

/**
 * The remote owning a path in a registry, with or without its language prefix: the one whose
 * declared routes match it (see `ownerOfPath`). The server renderer asks with the registry the
 * page's visitor gets; the browser with the one its page registered.
 */
export function ownerInRegistry(registry: RemoteRegistry, pathname: string): RemoteName | null {
  let claims = claimsOf.get(registry);
  if (!claims) {
    claims = routeClaims(registry);
    claimsOf.set(registry, claims);
  }
  const owner = ownerOfPath(claims, stripLocale(pathname));
  return owner ? (roles.get(owner) ?? null) : null;
}

/** What this page registered: route ownership and the release each remote runs. */
let registered: RemoteRegistry = {};

/** The remote owning a path, with or without its language prefix, in the registry this page loaded. */
export function remoteForPath(pathname: string): RemoteName | null {
  return ownerInRegistry(registered, pathname);
}

/** The release of a remote this page runs (`1.4.0+3f9a1c2b7d10`), or null for one served from the registry file. */
export function releaseVersionOf(name: RemoteName): string | null {
  const record = registered[REMOTES[name]];
  return typeof record === 'object' && record.version ? record.version : null;
}

/** The releases this page runs, by federation name (the ones the registry keeps). */
export function runningReleases(): Record<string, string> {
  const releases: Record<string, string> = {};
  for (const [remote, record] of Object.entries(registered)) {
    if (typeof record === 'object' && record.version) releases[remote] = record.version;
  }
  return releases;
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
  registered = registry;
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
