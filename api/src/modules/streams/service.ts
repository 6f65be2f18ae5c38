import { LOCALES, type Locale } from 'contracts';
import {
  type LiveStreamList,
  type LiveStreamsQuery,
  STREAM_HEARTBEAT_MS,
  STREAM_RECONNECT_GRACE_MS,
  type StreamEndReason,
  type StreamPage,
  type StreamRecordList,
  type StreamServerMessage,
  type StreamState,
  type StreamSummary,
  STREAM_RECORDS_PAGE_SIZE,
  STREAMS_LIVE_MAX,
} from 'contracts/streams';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { RedisUnavailableError } from '../../lib/redis-scripts';
import { PAGE_SHARED_READ_MS, type SharedRead, sharedRead } from '../../lib/shared-read';
import { randomToken } from '../../lib/tokens';
import type { StreamMedia } from './media/types';
import { createStreamRepository, type StreamRow } from './repository';
import { type Connection, createStreamSessions } from './session';
import type { StreamStore } from './store';

/** Viewer counts go out at most this often per stream (other state changes go at once). */
export const VIEWER_BROADCAST_MS = 1_000;

/**
 * The streams on air the rendered pages' strips share, newest first: each page's strip is these
 * filtered by its city and category. Past this many, a filtered strip that finds fewer than
 * STREAMS_LIVE_MAX in them reads its own.
 */
export const PAGES_ON_AIR_MAX = 200;

/** The bus channel on which an instance tells the others' sockets of a stream what it told its own. */
const FANOUT_CHANNEL = 'streams:fanout';

/** A message between instances: for the sockets of `streamId`, or that her socket is back. */
type Fanout = { from: string; streamId: number } & ({ message: StreamServerMessage } | { modelJoined: true });

export interface StreamServiceOptions {
  store: StreamStore;
  media: StreamMedia;
  heartbeatMs?: number | undefined;
  graceMs?: number | undefined;
  viewerBroadcastMs?: number | undefined;
  /** PAGES_ON_AIR_MAX unless a test sets it. */
  pagesOnAirMax?: number | undefined;
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * The live streams of this process: their rows (repository), their shared state (the store),
 * their sockets and media connections, their timers (heartbeat, the model's reconnect grace, the
 * coalesced viewer counts). Every end of a stream goes through `end`: the row, the store, every
 * socket (`ended`, then closed), the media.
 */
export function createStreamService(fastify: FastifyInstance, options: StreamServiceOptions) {
  const repository = createStreamRepository(fastify.db);
  const { store, media } = options;
  const graceMs = options.graceMs ?? STREAM_RECONNECT_GRACE_MS;
  const viewerBroadcastMs = options.viewerBroadcastMs ?? VIEWER_BROADCAST_MS;
  const sockets = new Map<number, Set<Connection>>();
  const shared = fastify.hasDecorator('shared') && fastify.shared.kind === 'redis' ? fastify.shared : null;
  const graceTimers = new Map<number, NodeJS.Timeout>();
  const viewerTimers = new Map<number, { timer: NodeJS.Timeout | null; lastAt: number; peak: number }>();
  const ending = new Map<number, Promise<void>>();
  let closing = false;

  /** Streams of visible profiles on air, newest first, at most `limit`, as the strip shows them. */
  async function listed(query: LiveStreamsQuery, locale: Locale, limit: number) {
    const rows = await repository.onAir(query, limit);
    const cards = await repository.cards(
      rows.map((row) => row.profileId),
      locale,
    );
    // The streams' states asked together (with Redis, pipelined): up to PAGES_ON_AIR_MAX of them.
    const items: LiveStreamList['items'] = await Promise.all(
      rows.flatMap((row) => {
        const profile = cards.get(row.profileId);
        return profile ? [summaryOf(row).then((summary) => ({ ...summary, profile }))] : [];
      }),
    );
    return { items, rows: rows.length };
  }

  async function onAir(query: LiveStreamsQuery, locale: Locale): Promise<LiveStreamList> {
    return { items: (await listed(query, locale, STREAMS_LIVE_MAX)).items };
  }

  const pagesOnAirMax = options.pagesOnAirMax ?? PAGES_ON_AIR_MAX;
  const pagesOnAir = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      sharedRead(PAGE_SHARED_READ_MS, () => listed({}, locale, pagesOnAirMax)),
    ]),
  ) as Record<Locale, SharedRead<Awaited<ReturnType<typeof listed>>>>;
  // A stream started, paused or ended, or a profile listed or hidden, here or on another instance.
  fastify.listingCache.onClear(() => {
    for (const locale of LOCALES) pagesOnAir[locale].clear();
  });

  const changed = () => {
    fastify.listingCache.clear();
    fastify.streamingChanged?.();
  };

  const send = (connection: Connection, message: StreamServerMessage) => {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(message));
  };
  /** One serialization for every socket of the stream (a line to 1,000 viewers is one JSON text). */
  const broadcastHere = (streamId: number, message: StreamServerMessage) => {
    const frame = Buffer.from(JSON.stringify(message));
    for (const connection of sockets.get(streamId) ?? []) {
      if (connection.socket.readyState === connection.socket.OPEN)
        connection.socket.send(frame, { binary: false });
    }
  };
  /** Tells the other instances (several of them share the streams through Redis). */
  const tellOthers = (fanout: Fanout) => {
    if (!shared) return;
    shared.bus
      .publish(FANOUT_CHANNEL, JSON.stringify(fanout))
      .catch((error: unknown) =>
        fastify.log.warn({ err: error }, 'streams: could not tell the other instances'),
      );
  };
  /** To every socket of the stream, on this instance and on the others. */
  const broadcast = (streamId: number, message: StreamServerMessage) => {
    broadcastHere(streamId, message);
    if (shared) tellOthers({ from: shared.instanceId, streamId, message });
  };
  /** Her socket joined here: another instance where she had left stops waiting out the grace. */
  /** The model's socket joined: her stream stops waiting to end, here and on every instance. */
  const modelJoined = (streamId: number) => {
    cancelGrace(streamId);
    if (shared) tellOthers({ from: shared.instanceId, streamId, modelJoined: true });
  };
  /**
   * Redis is away: the sockets are told the chat and the counts are reconnecting (what they ask
   * for meanwhile is refused with the same word); they stay open.
   */
  let storeAway = false;
  const storeFailed = (error: unknown): boolean => {
    if (!(error instanceof RedisUnavailableError)) return false;
    if (!storeAway) {
      storeAway = true;
      for (const streamId of sockets.keys()) broadcastHere(streamId, { type: 'error', code: 'RECONNECTING' });
    }
    return true;
  };

  const stateOf = async (streamId: number): Promise<StreamState | null> => {
    const state = await store.get(streamId);
    return state ? { status: state.status, viewers: state.viewers, chatEnabled: state.chatEnabled } : null;
  };

  const broadcastState = async (streamId: number) => {
    const state = await stateOf(streamId);
    storeAway = false;
    const timers = viewerTimers.get(streamId);
    if (timers) timers.lastAt = Date.now();
    if (state) broadcast(streamId, { type: 'state', state });
  };

  /** The viewer count changed: said at most once per viewerBroadcastMs, the latest count. */
  const viewersChanged = (streamId: number) => {
    const entry = viewerTimers.get(streamId) ?? { timer: null, lastAt: 0, peak: 0 };
    viewerTimers.set(streamId, entry);
    if (entry.timer) return;
    const wait = Math.max(0, entry.lastAt + viewerBroadcastMs - Date.now());
    entry.timer = setTimeout(() => {
      entry.timer = null;
      void (async () => {
        await broadcastState(streamId);
        const state = await store.get(streamId);
        if (state && state.peakViewers > entry.peak) {
          entry.peak = state.peakViewers;
          await repository.storePeak(streamId, state.peakViewers);
        }
      })().catch((error: unknown) => {
        if (!storeFailed(error)) fastify.log.error({ err: error }, 'streams: could not send the viewers');
      });
    }, wait);
    entry.timer.unref();
  };

  /** The row is open but the store has not got it (another process started it, or a test did). */
  const ensureOnAir = async (row: StreamRow, profileName: string) => {
    if (row.endedAt !== null || (await store.get(row.id))) return;
    await store.open(row.id, {
      profileId: row.profileId,
      accountId: row.accountId,
      profileName,
      status: row.pausedAt ? 'paused' : 'live',
      chatEnabled: row.chatEnabled,
    });
  };

  /** The store's state of a stream on air; none while Redis is away (the pages still answer). */
  const storedState = async (row: StreamRow) => {
    if (row.endedAt !== null) return null;
    try {
      return await store.get(row.id);
    } catch (error) {
      if (!storeFailed(error)) throw error;
      return null;
    }
  };

  const summaryOf = async (row: StreamRow): Promise<StreamSummary> => {
    const state = await storedState(row);
    return {
      id: row.id,
      channelId: row.channelId,
      profileId: row.profileId,
      status: row.endedAt !== null ? 'ended' : row.pausedAt ? 'paused' : 'live',
      viewers: state?.viewers ?? 0,
      chatEnabled: row.chatEnabled,
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
    };
  };

  /** Her stream (any state); 404 when it is not hers or there is none. */
  const ownStream = async (accountId: number, id: number) => {
    const found = await repository.findWithProfile(id);
    if (!found || (found.ownerId !== accountId && found.stream.accountId !== accountId)) {
      throw new ApiError(404, 'NOT_FOUND');
    }
    return found;
  };
  /** Her stream on air; 409 STREAM_ENDED once it is over. */
  const ownStreamOnAir = async (accountId: number, id: number) => {
    const found = await ownStream(accountId, id);
    if (found.stream.endedAt !== null || ending.has(id)) throw new ApiError(409, 'STREAM_ENDED');
    await ensureOnAir(found.stream, found.profileName);
    return found;
  };

  const reloadSummary = async (id: number): Promise<StreamSummary> => {
    const row = await repository.find(id);
    if (!row) throw new ApiError(404, 'NOT_FOUND');
    return summaryOf(row);
  };

  /** The model is back (here or on another instance): her stream no longer waits to end. */
  function cancelGrace(streamId: number): void {
    const grace = graceTimers.get(streamId);
    if (grace) clearTimeout(grace);
    graceTimers.delete(streamId);
  }

  /** No timer of an ending stream fires any more: its grace, and its pending viewer count. */
  function stopTimers(streamId: number): void {
    cancelGrace(streamId);
    const timers = viewerTimers.get(streamId);
    if (timers?.timer) clearTimeout(timers.timer);
    viewerTimers.delete(streamId);
  }

  /** The stream ended (here or on another instance): its sockets here are told and closed. */
  function endHere(streamId: number, reason: StreamEndReason): void {
    stopTimers(streamId);
    const connections = sockets.get(streamId) ?? new Set();
    sockets.delete(streamId);
    for (const connection of connections) {
      send(connection, { type: 'ended', reason });
      connection.peer?.close();
      connection.peer = null;
      connection.socket.close(1000, 'Stream ended');
    }
  }

  // What the other instances tell this one's sockets: lines, removals, state, the end.
  const unsubscribe = shared?.bus.subscribe(FANOUT_CHANNEL, (text) => {
    let fanout: Fanout;
    try {
      fanout = JSON.parse(text) as Fanout;
    } catch {
      return;
    }
    if (fanout.from === shared.instanceId || closing) return;
    if ('modelJoined' in fanout) {
      cancelGrace(fanout.streamId);
      return;
    }
    if (fanout.message.type === 'ended') {
      endHere(fanout.streamId, fanout.message.reason);
      // Its viewers here are forgotten too (the state itself is gone already).
      void store.close(fanout.streamId).catch(() => {});
    } else broadcastHere(fanout.streamId, fanout.message);
  });

  async function end(streamId: number, reason: StreamEndReason): Promise<void> {
    const running = ending.get(streamId);
    if (running) return running;
    const work = (async () => {
      stopTimers(streamId);
      const last = await store.close(streamId);
      await repository.end(streamId, reason, last?.peakViewers ?? 0);
      const row = await repository.find(streamId);
      const said: StreamEndReason = row?.endReason ?? reason;
      endHere(streamId, said);
      if (shared) tellOthers({ from: shared.instanceId, streamId, message: { type: 'ended', reason: said } });
      try {
        await media.end(streamId);
      } catch (error) {
        fastify.log.error({ err: error }, 'streams: the media of a stream did not end cleanly');
      }
      changed();
    })();
    ending.set(streamId, work);
    try {
      await work;
    } finally {
      ending.delete(streamId);
    }
  }

  const sessions = createStreamSessions({
    fastify,
    repository,
    store,
    media,
    graceMs,
    sockets,
    graceTimers,
    ending,
    isClosing: () => closing,
    send,
    broadcast,
    modelJoined,
    storeFailed,
    stateOf,
    viewersChanged,
    ensureOnAir,
    end,
  });

  /**
   * Redis came back empty (restarted): the streams this instance has sockets of are opened again
   * from their rows (the chat history and nicknames are lost; the viewers are written back).
   */
  const recover = async () => {
    const wasAway = storeAway;
    for (const streamId of sockets.keys()) {
      if (ending.has(streamId) || (await store.get(streamId))) continue;
      const found = await repository.findWithProfile(streamId);
      if (found) await ensureOnAir(found.stream, found.profileName);
    }
    // Streams whose model was on an instance that died: ended here, as her grace would have.
    for (const streamId of await store.orphaned(graceMs)) await end(streamId, 'disconnected');
    // Back: the sockets that were told of the outage get the state again.
    if (wasAway) for (const streamId of sockets.keys()) await broadcastState(streamId);
  };
  let recovering = false;

  const heartbeat = setInterval(() => {
    if (shared && !recovering) {
      recovering = true;
      void recover()
        .catch((error: unknown) => {
          if (!storeFailed(error)) fastify.log.error({ err: error }, 'streams: could not recover the state');
        })
        .finally(() => {
          recovering = false;
        });
    }
    for (const connections of sockets.values()) {
      for (const connection of connections) {
        if (connection.missed >= 2) {
          connection.dead = true;
          connection.socket.terminate();
          continue;
        }
        connection.missed++;
        connection.socket.ping();
      }
    }
  }, options.heartbeatMs ?? STREAM_HEARTBEAT_MS);
  heartbeat.unref();

  return {
    /**
     * Rows left open by a process that stopped: nobody holds their sockets any more. With other
     * instances alive, the streams they share in Redis are theirs and stay on air.
     */
    async endLeftovers(): Promise<void> {
      let held: number[] = [];
      try {
        if (await store.otherInstancesAlive()) {
          for (const id of await repository.openIds()) if (await store.get(id)) held.push(id);
        }
      } catch (error) {
        // Redis is away: nothing is ended that another instance might hold.
        if (!storeFailed(error)) throw error;
        held = await repository.openIds();
      }
      const ended = await repository.endAllOpen(held);
      if (ended.length > 0) changed();
    },

    async start(accountId: number, profileId: number, chatEnabled: boolean): Promise<StreamSummary> {
      let profileName = '';
      let row: StreamRow;
      try {
        row = await fastify.db.transaction(async (tx) => {
          const profile = await repository.lockOwnProfile(tx, accountId, profileId);
          if (!profile) throw new ApiError(404, 'MODEL_NOT_FOUND');
          if (!profile.visible) throw new ApiError(409, 'STREAM_PROFILE_NOT_LISTED');
          if (await repository.openStreamOfAccount(tx, accountId))
            throw new ApiError(409, 'STREAM_ALREADY_LIVE');
          profileName = profile.name;
          return repository.insert(tx, { profileId, accountId, channelId: randomToken(12), chatEnabled });
        });
      } catch (error) {
        if (error instanceof ApiError) throw error;
        // Two starts at once: the unique indexes keep one live stream per account and profile.
        if (isUniqueViolation(error)) throw new ApiError(409, 'STREAM_ALREADY_LIVE');
        fastify.log.error({ err: error }, 'streams: could not start a stream');
        throw new ApiError(500, 'STREAM_CREATE_FAILED');
      }
      await store.open(row.id, {
        profileId,
        accountId,
        profileName,
        status: 'live',
        chatEnabled: row.chatEnabled,
      });
      changed();
      return summaryOf(row);
    },

    async current(accountId: number): Promise<StreamSummary | null> {
      const row = await repository.openStreamOfAccount(fastify.db, accountId);
      return row ? summaryOf(row) : null;
    },

    async setPaused(accountId: number, id: number, paused: boolean): Promise<StreamSummary> {
      await ownStreamOnAir(accountId, id);
      await repository.setPaused(id, paused);
      await store.update(id, { status: paused ? 'paused' : 'live' });
      try {
        await media.setPaused(id, paused);
      } catch (error) {
        fastify.log.error({ err: error }, 'streams: the media did not pause or resume');
      }
      await broadcastState(id);
      return reloadSummary(id);
    },

    async setChatEnabled(accountId: number, id: number, chatEnabled: boolean): Promise<StreamSummary> {
      await ownStreamOnAir(accountId, id);
      await repository.setChatEnabled(id, chatEnabled);
      await store.update(id, { chatEnabled });
      await broadcastState(id);
      return reloadSummary(id);
    },

    async stop(accountId: number, id: number): Promise<StreamSummary> {
      await ownStreamOnAir(accountId, id);
      try {
        await end(id, 'stopped');
      } catch (error) {
        fastify.log.error({ err: error }, 'streams: could not stop a stream');
        throw new ApiError(500, 'STREAM_STOP_FAILED');
      }
      return reloadSummary(id);
    },

    /** Ends these streams at once (a block, a deletion): viewers are told, sockets closed. */
    async endStreams(streamIds: number[], reason: StreamEndReason): Promise<void> {
      await Promise.all(
        streamIds.map((id) =>
          end(id, reason).catch((error: unknown) =>
            fastify.log.error({ err: error }, 'streams: could not end a stream'),
          ),
        ),
      );
      if (streamIds.length > 0) changed();
    },

    async page(id: number, channelId: string, locale: Locale): Promise<StreamPage | null> {
      const row = await repository.find(id);
      if (!row || row.channelId !== channelId) return null;
      const cards = await repository.cards([row.profileId], locale);
      return { ...(await summaryOf(row)), profile: cards.get(row.profileId) ?? null };
    },

    onAir,

    /**
     * The strip of a rendered page: the same streams as `onAir`, filtered from the ones every page
     * rendered within a second shares (read again after any change to streams or to who is listed).
     */
    async onAirForPages(query: LiveStreamsQuery, locale: Locale): Promise<LiveStreamList> {
      const shared = await pagesOnAir[locale].get();
      const items = shared.items
        .filter(
          ({ profile }) =>
            (!query.category || profile.category === query.category) &&
            (!query.city || profile.city.slug === query.city),
        )
        .slice(0, STREAMS_LIVE_MAX);
      // More on air than are shared: the strip's own may be past them.
      if (items.length < STREAMS_LIVE_MAX && shared.rows >= pagesOnAirMax) return onAir(query, locale);
      return { items };
    },

    async records(accountId: number, page: number): Promise<StreamRecordList> {
      const { items, total } = await repository.records(accountId, page);
      return { items, total, page, pageSize: STREAM_RECORDS_PAGE_SIZE };
    },

    count: () => repository.liveCount(),

    ...sessions,

    /** The server is closing: timers stop; rows stay as they are (the next start ends them). */
    async close(): Promise<void> {
      closing = true;
      clearInterval(heartbeat);
      for (const timer of graceTimers.values()) clearTimeout(timer);
      for (const entry of viewerTimers.values()) if (entry.timer) clearTimeout(entry.timer);
      unsubscribe?.();
      await Promise.allSettled(ending.values());
      await media.close();
      await store.dispose();
    },
  };
}

export type StreamService = ReturnType<typeof createStreamService>;
