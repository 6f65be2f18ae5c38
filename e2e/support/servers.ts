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
