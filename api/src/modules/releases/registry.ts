import type { RemoteRegistry } from 'contracts';
import { runsCanary } from 'contracts/releases';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { keptUntilWritten } from '../../plugins/shared';
import { createRemoteRegistry, type LiveRemote, onChannelsWritten } from './repository';

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

/** What the static plugin and the page renderer ask of the registry for each page load. */
export interface RegistryChannels {
  /**
   * The registry `base` (the file's) as this request's visitor gets it, and a key naming the
   * releases chosen ('' when no remote has channels): pages rendered for one choice are not
   * served for another. `page`: a page document, whose answer carries a visitor id minted for it;
   * a file (/remotes.json) goes by the cookie alone, and without one gets stable.
   */
  forRequest(
    base: RemoteRegistry,
    request: FastifyRequest,
    page: boolean,
  ): Promise<{ registry: RemoteRegistry; key: string }>;
}

/**
 * How long the channels read from the database serve page loads before they are read again, when
 * no write was heard of: the bound for a change made where this instance cannot hear it (the bus
 * down, a hand edit of the database).
 */
export const CHANNELS_REREAD_MS = 2_000;

/**
 * The channels as the database holds them, read once and kept until a change: every write of the
 * channels in this process forgets them at once and tells the other instances on the bus (which
 * forget theirs within milliseconds), and none is kept past CHANNELS_REREAD_MS. A page load used
 * to read them (and every release) from the database itself; under a crawler that was a query per
 * page for a value that changes a few times a day. A promotion or a rollback still reaches the
 * next page load on this instance at once, on the others as soon as the bus tells them.
 */
export function databaseChannels(fastify: FastifyInstance): RegistryChannels {
  const repository = createRemoteRegistry(fastify.db);
  const channels = keptUntilWritten(fastify, 'remote-channels', () => repository.live(), CHANNELS_REREAD_MS);
  const unsubscribe = onChannelsWritten(channels.written);
  fastify.addHook('onClose', async () => {
    unsubscribe();
  });
  return {
    async forRequest(base, request, page) {
      const live = await channels.current();
      if (live.length === 0) return { registry: base, key: '' };
      const registry = registryForVisitor(base, live, fastify.visitorOf(request, page));
      const key = live
        .map((entry) => {
          const record = registry[entry.remote];
          return `${entry.remote}@${typeof record === 'object' ? record.version : ''}`;
        })
        .join(',');
      return { registry, key };
    },
  };
}
