import type { RemoteName } from 'platform';
import { type ComponentType, createContext } from 'react';

/**
 * On the server: the remotes' server code the renderer loaded for this page. A remote that is
 * missing here (its server code failed or could not be fetched) is rendered by the browser.
 */
export type ServerRemotes = Partial<Record<RemoteName, ComponentType>>;

export const ServerRemotesContext = createContext<ServerRemotes | null>(null);

/** Thrown on the server inside the remote's Suspense boundary: React leaves that box to the browser. */
export class ClientOnlyRemote extends Error {
  constructor() {
    super('This remote renders in the browser');
    this.name = 'ClientOnlyRemote';
  }
}
