/** The environment variable through which playwright.config.ts hands its servers to the workers. */
export const E2E_SERVERS = 'E2E_SERVERS';

/** One API server of the e2e run: a worker's own, with its own database and registry file. */
export interface E2eServer {
  port: number;
  dataDir: string;
  /** The registry file this server serves as /remotes.json (REMOTES_JSON). */
  registry: string;
}

/** The server of the worker with this parallel index (Playwright's `testInfo.parallelIndex`). */
export function serverOf(parallelIndex: number): E2eServer {
  const servers = JSON.parse(process.env[E2E_SERVERS] ?? '[]') as E2eServer[];
  const server = servers[parallelIndex % Math.max(servers.length, 1)];
  if (!server) throw new Error(`${E2E_SERVERS} is set by playwright.config.ts`);
  return server;
}

/** The environment variable naming the server of the catalogue's release journeys (one of its own). */
export const E2E_RELEASES_SERVER = 'E2E_RELEASES_SERVER';

/** The server the catalogue's release journeys run their canaries on, and its release store. */
export function releasesServer(): E2eServer & { store: string; baseURL: string } {
  const server = JSON.parse(process.env[E2E_RELEASES_SERVER] ?? 'null') as E2eServer | null;
  if (!server) throw new Error(`${E2E_RELEASES_SERVER} is set by playwright.config.ts`);
  return { ...server, store: `${server.dataDir}/releases`, baseURL: `http://localhost:${server.port}` };
}
