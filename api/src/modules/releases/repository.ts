import {
  RELEASE_CHANGES_PAGE,
  type RegistryChangeBody,
  type RouteClaim,
  routeConflicts,
} from 'contracts/releases';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { remoteChannelChanges, remoteChannels, remoteReleases } from '../../db/schema';
import { ApiError } from '../../lib/api-error';

/** A release as a pipeline publishes it. */
export interface ReleaseRecord {
  remote: string;
  version: string;
  entry: string;
  ssr?: string | null | undefined;
  integrity?: string | null | undefined;
  routes: readonly string[];
}

/** Who changes the registry: an administrator (by account) or a pipeline (by its name). */
export interface RegistryActor {
  adminId?: number | null;
  name: string;
}

export type ReleaseRow = typeof remoteReleases.$inferSelect;
export type ChannelRow = typeof remoteChannels.$inferSelect;
export type ChangeRow = typeof remoteChannelChanges.$inferSelect;

/** A remote as the registry serves it: its stable release and its canary (with its share), if any. */
export interface LiveRemote {
  remote: string;
  stable: ReleaseRow;
  canary: ReleaseRow | null;
  canaryPercent: number;
}

/** One writer at a time for the whole registry (route ownership spans remotes), on every instance. */
const REGISTRY_LOCK = sql`select pg_advisory_xact_lock(hashtext('remote-registry'))`;

const sameRecord = (row: ReleaseRow, record: ReleaseRecord) =>
  row.entry === record.entry &&
  (row.ssr ?? null) === (record.ssr ?? null) &&
  (row.integrity ?? null) === (record.integrity ?? null) &&
  JSON.stringify(row.routes) === JSON.stringify([...record.routes]);

/**
 * The remote registry (issue 30): published releases, each remote's stable and canary channels,
 * and their history. Releases are immutable; every change to the channels is one transaction that
 * also writes its history line, under one lock, and refuses a release whose routes another
 * remote's live release (stable or canary) already owns.
 */
export interface RemoteRegistryOptions {
  /**
   * The routes the registry file's remotes declare (remotes served from their build, with no
   * channel here): a release may not claim them either.
   */
  fileClaims?: () => Promise<readonly RouteClaim[]>;
}

/** Who hears of every write of the channels in this process (databaseChannels, which forgets what it read). */
const channelWriteListeners = new Set<() => void>();

/** Calls `listener` after each committed write of a remote's channels or releases; answers the unsubscribe. */
export function onChannelsWritten(listener: () => void): () => void {
  channelWriteListeners.add(listener);
  return () => channelWriteListeners.delete(listener);
}

function channelsWritten<T>(result: T): T {
  for (const listener of channelWriteListeners) listener();
  return result;
}

export function createRemoteRegistry(db: Database, options: RemoteRegistryOptions = {}) {
  async function live(tx: Database): Promise<LiveRemote[]> {
    const channels = await tx.select().from(remoteChannels).orderBy(remoteChannels.remote);
    if (channels.length === 0) return [];
    const releases = await tx.select().from(remoteReleases);
    const find = (remote: string, version: string | null) =>
      version ? (releases.find((row) => row.remote === remote && row.version === version) ?? null) : null;
    return channels.map((channel) => {
      const stable = find(channel.remote, channel.stableVersion);
      if (!stable) throw new Error(`stable release ${channel.remote}@${channel.stableVersion} is missing`);
      return {
        remote: channel.remote,
        stable,
        canary: find(channel.remote, channel.canaryVersion),
        canaryPercent: channel.canaryPercent,
      };
    });
  }

  /** Refuses `routes` for `remote` when another remote's live release claims one of them. */
  async function checkRoutes(tx: Database, remote: string, routes: readonly string[]): Promise<void> {
    const channels = await live(tx);
    const fromFile = (options.fileClaims ? await options.fileClaims() : []).filter(
      (claim) => claim.remote !== remote && !channels.some((entry) => entry.remote === claim.remote),
    );
    const claims = [
      ...channels
        .filter((entry) => entry.remote !== remote)
        .flatMap((entry) => [entry.stable, ...(entry.canary ? [entry.canary] : [])])
        .map((row) => ({ remote: row.remote, routes: row.routes })),
      ...fromFile,
    ];
    const [conflict] = routeConflicts([{ remote, routes }, ...claims]).filter((found) =>
      found.remotes.includes(remote),
    );
    if (conflict) {
      throw new ApiError(409, 'ROUTE_CONFLICT', {
        params: { route: conflict.route, remote: conflict.remotes.find((name) => name !== remote) ?? '' },
      });
    }
  }

  async function release(tx: Database, remote: string, version: string): Promise<ReleaseRow> {
    const [row] = await tx
      .select()
      .from(remoteReleases)
      .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)));
    if (!row) throw new ApiError(404, 'RELEASE_NOT_FOUND');
    return row;
  }

  async function record(
    tx: Database,
    change: Omit<typeof remoteChannelChanges.$inferInsert, 'actor' | 'adminId'>,
    actor: RegistryActor,
  ) {
    await tx
      .insert(remoteChannelChanges)
      .values({ ...change, actor: actor.name, adminId: actor.adminId ?? null });
  }

  /**
   * One change to a remote's channels, under the registry's lock. With `onlyCanary`, a rollback
   * ends that canary and nothing else: when it is no longer the canary, nothing changes (false).
   */
  async function apply(
    remote: string,
    body: RegistryChangeBody,
    actor: RegistryActor,
    onlyCanary?: string,
  ): Promise<boolean> {
    return db
      .transaction(async (tx) => {
        await tx.execute(REGISTRY_LOCK);
        const [channel] = await tx.select().from(remoteChannels).where(eq(remoteChannels.remote, remote));
        if (body.action === 'promote') {
          const target = await release(tx, remote, body.version);
          if (channel?.stableVersion === body.version) throw new ApiError(409, 'ALREADY_STABLE');
          await checkRoutes(tx, remote, target.routes);
          const keepCanary = channel?.canaryVersion && channel.canaryVersion !== body.version;
          const values = {
            stableVersion: body.version,
            canaryVersion: keepCanary ? channel.canaryVersion : null,
            canaryPercent: keepCanary ? channel.canaryPercent : 0,
            updatedAt: sql`now()`,
          };
          await tx
            .insert(remoteChannels)
            .values({ remote, ...values })
            .onConflictDoUpdate({ target: remoteChannels.remote, set: values });
          await record(
            tx,
            {
              remote,
              action: 'promote',
              fromVersion: channel?.stableVersion ?? null,
              toVersion: body.version,
              reason: body.reason,
            },
            actor,
          );
          return true;
        }
        if (body.action === 'canary') {
          const target = await release(tx, remote, body.version);
          // A canary is measured against a stable version: the first release is promoted instead.
          if (!channel) throw new ApiError(409, 'RELEASE_NOT_FOUND');
          if (channel.stableVersion === body.version) throw new ApiError(409, 'ALREADY_STABLE');
          await checkRoutes(tx, remote, target.routes);
          await tx
            .update(remoteChannels)
            .set({ canaryVersion: body.version, canaryPercent: body.percent, updatedAt: sql`now()` })
            .where(eq(remoteChannels.remote, remote));
          await record(
            tx,
            {
              remote,
              action: 'canary',
              fromVersion: channel.canaryVersion,
              toVersion: body.version,
              canaryPercent: body.percent,
              reason: body.reason,
            },
            actor,
          );
          return true;
        }
        // The guard ends the canary it measured, and only that one: a later change stands.
        if (onlyCanary !== undefined && channel?.canaryVersion !== onlyCanary) return false;
        if (!channel) throw new ApiError(409, 'NOTHING_TO_ROLL_BACK');
        if (channel.canaryVersion) {
          await tx
            .update(remoteChannels)
            .set({ canaryVersion: null, canaryPercent: 0, updatedAt: sql`now()` })
            .where(eq(remoteChannels.remote, remote));
          await record(
            tx,
            {
              remote,
              action: 'rollback',
              fromVersion: channel.canaryVersion,
              toVersion: channel.stableVersion,
              canaryPercent: 0,
              reason: body.reason,
            },
            actor,
          );
          return true;
        }
        // The promotion that made the current stable names the version it replaced.
        const [promotion] = await tx
          .select()
          .from(remoteChannelChanges)
          .where(
            and(
              eq(remoteChannelChanges.remote, remote),
              sql`${remoteChannelChanges.action} in ('promote', 'rollback')`,
              eq(remoteChannelChanges.toVersion, channel.stableVersion),
            ),
          )
          .orderBy(desc(remoteChannelChanges.id))
          .limit(1);
        const previous = promotion?.action === 'promote' ? promotion.fromVersion : null;
        if (!previous) throw new ApiError(409, 'NOTHING_TO_ROLL_BACK');
        await checkRoutes(tx, remote, (await release(tx, remote, previous)).routes);
        await tx
          .update(remoteChannels)
          .set({ stableVersion: previous, updatedAt: sql`now()` })
          .where(eq(remoteChannels.remote, remote));
        await record(
          tx,
          {
            remote,
            action: 'rollback',
            fromVersion: channel.stableVersion,
            toVersion: previous,
            reason: body.reason,
          },
          actor,
        );
        return true;
      })
      .then(channelsWritten);
  }

  /** Up to `limit` changes of a remote's history before the change `before` (all: null), newest first, and whether earlier ones exist. */
  async function changesBefore(
    remote: string,
    before: number | null,
    limit = RELEASE_CHANGES_PAGE,
  ): Promise<{ changes: ChangeRow[]; more: boolean }> {
    const rows = await db
      .select()
      .from(remoteChannelChanges)
      .where(
        and(
          eq(remoteChannelChanges.remote, remote),
          before === null ? undefined : lt(remoteChannelChanges.id, before),
        ),
      )
      .orderBy(desc(remoteChannelChanges.id))
      .limit(limit + 1);
    return { changes: rows.slice(0, limit), more: rows.length > limit };
  }

  return {
    live: () => live(db),

    /** Every remote with a published release, by name. */
    async remotesWithReleases(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ remote: remoteReleases.remote })
        .from(remoteReleases)
        .orderBy(remoteReleases.remote);
      return rows.map((row) => row.remote);
    },

    /**
     * What publishing would refuse, without writing: a version already published with other
     * files (RELEASE_EXISTS), routes another remote owns (ROUTE_CONFLICT). The release command
     * asks before it stores anything.
     */
    async check(input: ReleaseRecord): Promise<void> {
      const [existing] = await db
        .select()
        .from(remoteReleases)
        .where(and(eq(remoteReleases.remote, input.remote), eq(remoteReleases.version, input.version)));
      if (existing && !sameRecord(existing, input)) throw new ApiError(409, 'RELEASE_EXISTS');
      await checkRoutes(db, input.remote, input.routes);
    },

    /**
     * Records a published release. The same version published again with the same record is
     * answered as before (a retried pipeline); with anything else it is refused (RELEASE_EXISTS):
     * a version is never overwritten. Publishing changes no channel: visitors get it once it is
     * promoted or made a canary.
     */
    async publish(
      input: ReleaseRecord,
      actor: RegistryActor,
    ): Promise<{ release: ReleaseRow; created: boolean }> {
      return db
        .transaction(async (tx) => {
          await tx.execute(REGISTRY_LOCK);
          const [existing] = await tx
            .select()
            .from(remoteReleases)
            .where(and(eq(remoteReleases.remote, input.remote), eq(remoteReleases.version, input.version)));
          if (existing) {
            if (!sameRecord(existing, input)) throw new ApiError(409, 'RELEASE_EXISTS');
            return { release: existing, created: false };
          }
          await checkRoutes(tx, input.remote, input.routes);
          const [created] = await tx
            .insert(remoteReleases)
            .values({
              remote: input.remote,
              version: input.version,
              entry: input.entry,
              ssr: input.ssr ?? null,
              integrity: input.integrity ?? null,
              routes: [...input.routes],
              publishedBy: actor.name,
            })
            .returning();
          if (!created) throw new Error('insert returned no row');
          await record(
            tx,
            { remote: input.remote, action: 'publish', toVersion: input.version, reason: 'published' },
            actor,
          );
          return { release: created, created: true };
        })
        .then(channelsWritten);
    },

    /**
     * Promotes a release to stable, makes one the canary at a share, or rolls back: the canary
     * when there is one (its visitors return to stable), else stable to the version it replaced.
     * Takes effect for the next page load; an open tab keeps what it loaded.
     */
    async change(remote: string, body: RegistryChangeBody, actor: RegistryActor): Promise<LiveRemote> {
      await apply(remote, body, actor);
      const entry = (await live(db)).find((found) => found.remote === remote);
      if (!entry) throw new Error(`remote ${remote} has no channel after a change`);
      return entry;
    },

    /**
     * Rolls back the canary `version` of `remote`, as `change` does, if it is still the canary:
     * true when this call ended it, false when it was no longer the canary (nothing changed).
     */
    rollbackCanary(remote: string, version: string, reason: string, actor: RegistryActor): Promise<boolean> {
      return apply(remote, { action: 'rollback', reason }, actor, version);
    },

    /** A remote's published releases, newest first, and the last `limit` changes of its channels. */
    /**
     * Releases rolled back within `days` and not live again (neither stable nor canary): an open
     * tab still running one is told to load afresh at its next navigation.
     */
    async withdrawn(days = 7): Promise<{ remote: string; version: string; at: Date }[]> {
      const [rows, channels] = await Promise.all([
        db
          .select({
            remote: remoteChannelChanges.remote,
            version: sql<string>`${remoteChannelChanges.fromVersion}`,
            at: sql<Date>`max(${remoteChannelChanges.createdAt})`.mapWith(remoteChannelChanges.createdAt),
          })
          .from(remoteChannelChanges)
          .where(
            and(
              eq(remoteChannelChanges.action, 'rollback'),
              sql`${remoteChannelChanges.fromVersion} is not null`,
              sql`${remoteChannelChanges.createdAt} > now() - make_interval(days => ${days})`,
            ),
          )
          .groupBy(remoteChannelChanges.remote, remoteChannelChanges.fromVersion)
          .orderBy(remoteChannelChanges.remote, remoteChannelChanges.fromVersion),
        db.select().from(remoteChannels),
      ]);
      return rows.filter((row) => {
        const channel = channels.find((found) => found.remote === row.remote);
        return channel?.stableVersion !== row.version && channel?.canaryVersion !== row.version;
      });
    },

    async history(
      remote: string,
      limit = RELEASE_CHANGES_PAGE,
    ): Promise<{ releases: ReleaseRow[]; changes: ChangeRow[]; moreChanges: boolean }> {
      const [releases, { changes, more }] = await Promise.all([
        db
          .select()
          .from(remoteReleases)
          .where(eq(remoteReleases.remote, remote))
          .orderBy(desc(remoteReleases.id))
          .limit(limit),
        changesBefore(remote, null, limit),
      ]);
      return { releases, changes, moreChanges: more };
    },

    changesBefore,
  };
}
