import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { appConfig } from '../config';
import { routePatterns } from '../routes/paths';

/** The remotes the shell knows by role; their URLs come from the run-time registry. */
export const REMOTES = {
  catalog: 'mfe_catalog',
  auth: 'mfe_auth',
  modelCabinet: 'mfe_model_cabinet',
  advertiserOffice: 'mfe_advertiser_office',
  admin: 'mfe_admin',
} as const;
export type RemoteName = keyof typeof REMOTES;

/** `remotes.json`: federation name -> mf-manifest.json URL (absolute or relative to the page). */
export type RemoteRegistry = Record<string, string>;

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

export function remoteForPath(pathname: string): RemoteName | null {
  for (const [pattern, name] of ownership) {
    if (matchPath(pattern, pathname)) return name;
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
    Object.entries(registry).map(([name, entry]) => ({ name, entry: new URL(entry, base).href })),
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
  return loaded;
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
