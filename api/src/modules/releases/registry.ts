import type { RemoteRegistry } from 'contracts';
import { runsCanary } from 'contracts/releases';
import type { LiveRemote } from './repository';

/**
 * The registry a visitor's page loads: the file's records (remotes without releases, as before),
 * and for each remote with channels, the release this visitor runs (stable, or the canary when
 * the visitor's bucket falls in its share), with its version and routes.
 */
export function registryForVisitor(
  base: RemoteRegistry,
  live: readonly LiveRemote[],
  visitorId: string,
): RemoteRegistry {
  const registry: RemoteRegistry = { ...base };
  for (const entry of live) {
    const chosen =
      entry.canary && visitorId && runsCanary(visitorId, entry.remote, entry.canaryPercent)
        ? entry.canary
        : entry.stable;
    registry[entry.remote] = {
      entry: chosen.entry,
      ...(chosen.ssr ? { ssr: chosen.ssr } : {}),
      ...(chosen.integrity ? { integrity: chosen.integrity } : {}),
      version: chosen.version,
      routes: chosen.routes,
    };
  }
  return registry;
}
