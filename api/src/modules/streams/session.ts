import { randomUUID } from 'node:crypto';
import type { WebSocket } from '@fastify/websocket';
import {
  CHAT_LINE_INTERVAL_MS,
  type ChatLine,
  chatText,
  nickname as nicknameSchema,
  type SignalData,
  type StreamClientMessage,
  type StreamEndReason,
  type StreamRole,
  type StreamServerMessage,
  type StreamSocketError,
  type StreamState,
} from 'contracts/streams';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { randomToken, sha256 } from '../../lib/tokens';
import type { MediaPeer, StreamMedia } from './media/types';
import type { StreamRepository, StreamRow } from './repository';
import type { StreamStore } from './store';

/** One open socket of a stream. */
export interface Connection {
  id: string;
  socket: WebSocket;
  role: StreamRole;
  /** Who chats: a hash of the visitor cookie (one nickname across tabs); `model` for her. */
  chatter: string;
  streamId: number;
  profileName: string;
  peer: MediaPeer | null;
  /** The signals handed to the media, one after another. */
  signals: Promise<void>;
  /** Pings not answered in a row. */
  missed: number;
  /** Closed by the heartbeat: the connection is gone, no grace. */
  dead: boolean;
}

const positiveId = /^[1-9]\d{0,8}$/;
const channelPattern = /^[A-Za-z0-9_-]{16}$/;

/** What the sessions share with the stream service (service.ts), which owns the streams' ends. */
export interface SessionContext {
  fastify: FastifyInstance;
  repository: StreamRepository;
  store: StreamStore;
  media: StreamMedia;
  graceMs: number;
  /** The open sockets of each stream in this process. */
  sockets: Map<number, Set<Connection>>;
  /** Streams whose model left, ending unless she is back in time. */
  graceTimers: Map<number, NodeJS.Timeout>;
  /** Streams being ended now. */
  ending: Map<number, Promise<void>>;
  isClosing(): boolean;
  send(connection: Connection, message: StreamServerMessage): void;
  broadcast(streamId: number, message: StreamServerMessage): void;
  /** Her socket joined this instance: her stream stops waiting to end, here and on the others. */
  modelJoined(streamId: number): void;
  /** True when `error` is Redis being away (the sockets are told it is reconnecting). */
  storeFailed(error: unknown): boolean;
  stateOf(streamId: number): Promise<StreamState | null>;
  viewersChanged(streamId: number): void;
  ensureOnAir(row: StreamRow, profileName: string): Promise<void>;
  end(streamId: number, reason: StreamEndReason): Promise<void>;
}

/**
 * One socket's life on /ws/stream: joining (role, welcome, its media connection), each message
 * (signalling, nickname, chat, the model's remove and mute), and leaving (a viewer uncounted;
 * the model's last socket starts the reconnect grace, or ends the stream when the heartbeat
 * found it gone).
 */
export function createStreamSessions(ctx: SessionContext) {
  const { fastify, repository, store, media, graceMs, sockets, graceTimers, ending } = ctx;
  const { send, broadcast, stateOf, viewersChanged, ensureOnAir, end, modelJoined, storeFailed } = ctx;

  const socketError = (connection: Connection, code: StreamSocketError) =>
    send(connection, { type: 'error', code });

  /** A message this socket may not send: that socket is closed, nothing else. */
  const violation = (socket: WebSocket, reason: string) => socket.close(1008, reason);

  async function join(socket: WebSocket, request: FastifyRequest): Promise<Connection | null> {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const idText = typeof query.stream === 'string' ? query.stream : '';
    const channel = typeof query.channel === 'string' ? query.channel : '';
    const found =
      positiveId.test(idText) && channelPattern.test(channel)
        ? await repository.findWithProfile(Number(idText))
        : null;
    if (!found || found.stream.channelId !== channel) {
      socket.close(4404, 'Unknown stream');
      return null;
    }
    const { stream, ownerId, profileName } = found;
    const pendingEnd = ending.get(stream.id);
    if (pendingEnd) await pendingEnd;
    const latest = stream.endedAt === null && !pendingEnd ? stream : await repository.find(stream.id);
    if (!latest || latest.endedAt !== null) {
      if (socket.readyState === socket.OPEN) {
        socket.send(
          JSON.stringify({
            type: 'ended',
            reason: latest?.endReason ?? 'stopped',
          } satisfies StreamServerMessage),
        );
      }
      socket.close(1000, 'Stream ended');
      return null;
    }
    await ensureOnAir(stream, profileName);
    const accountId = request.auth?.accountId;
    const role: StreamRole =
      accountId !== undefined && (accountId === ownerId || accountId === stream.accountId)
        ? 'model'
        : 'viewer';
    const connection: Connection = {
      id: randomUUID(),
      socket,
      role,
      chatter: role === 'model' ? 'model' : sha256(`visitor:${request.visitorId}`),
      streamId: stream.id,
      profileName,
      peer: null,
      signals: Promise.resolve(),
      missed: 0,
      dead: false,
    };
    if (socket.readyState !== socket.OPEN) return null;
    const nickname = role === 'model' ? profileName : await store.nicknameOf(stream.id, connection.chatter);
    const config = await media.clientConfig(stream.id, {
      role,
      identity: role === 'model' ? 'model' : connection.id,
      name: nickname ?? 'viewer',
    });
    const connections = sockets.get(stream.id) ?? new Set<Connection>();
    sockets.set(stream.id, connections);
    connections.add(connection);
    if (role === 'model') {
      modelJoined(stream.id);
      await store.holdModel(stream.id).catch((error: unknown) => {
        if (!storeFailed(error)) throw error;
      });
    } else {
      try {
        await store.addViewer(stream.id, connection.id);
        viewersChanged(stream.id);
      } catch (error) {
        // Redis away: the viewer watches uncounted until it is back (the store writes it back then).
        if (!storeFailed(error)) throw error;
      }
    }
    const state = await stateOf(stream.id);
    if (!state) {
      // Ended while joining, before `end` could see this socket: it is told here.
      connections.delete(connection);
      const ended = await repository.find(stream.id);
      send(connection, { type: 'ended', reason: ended?.endReason ?? 'stopped' });
      socket.close(1000, 'Stream ended');
      return null;
    }
    send(connection, {
      type: 'welcome',
      role,
      state,
      media: config,
      history: await store.history(stream.id),
      nickname,
    });
    const toBrowser = (data: SignalData) => send(connection, { type: 'signal', data });
    try {
      connection.peer =
        role === 'model'
          ? media.publish(stream.id, toBrowser)
          : media.watch(stream.id, connection.id, toBrowser);
    } catch (error) {
      // The media refused this connection (a full stream: STREAM_MAX_VIEWERS): the socket stays
      // for the state and the chat, and the browser says the video is not available.
      fastify.log.warn({ err: error, streamId: stream.id }, 'streams: the media refused a connection');
      socketError(connection, 'MEDIA_FAILED');
    }
    return connection;
  }

  /** A message; while Redis is away, what needs it is refused with RECONNECTING (the socket stays). */
  async function handle(connection: Connection, message: StreamClientMessage): Promise<void> {
    try {
      await handleMessage(connection, message);
    } catch (error) {
      if (!storeFailed(error)) throw error;
      socketError(connection, 'RECONNECTING');
    }
  }

  async function handleMessage(connection: Connection, message: StreamClientMessage): Promise<void> {
    const { streamId, role } = connection;
    switch (message.type) {
      case 'signal': {
        if (role === 'viewer' && message.data.kind === 'offer') {
          return violation(connection.socket, 'Viewers do not offer');
        }
        // In order among themselves, but apart from the socket's other frames: the media may take
        // its time over a signal, and the chat must not wait behind it.
        const peer = connection.peer;
        const data = message.data;
        connection.signals = connection.signals.then(async () => {
          try {
            await peer?.signal(data);
          } catch (error) {
            fastify.log.warn({ err: error }, 'streams: a signal was refused by the media');
            socketError(connection, 'MEDIA_FAILED');
          }
        });
        return;
      }
      case 'nickname': {
        if (role === 'model') return send(connection, { type: 'nickname', name: connection.profileName });
        const parsed = v.safeParse(nicknameSchema, message.name);
        if (!parsed.success) return socketError(connection, 'NICKNAME_INVALID');
        const name = parsed.output;
        const taken =
          name.toLocaleLowerCase('ru') === connection.profileName.toLocaleLowerCase('ru') ||
          !(await store.claimNickname(streamId, connection.chatter, name));
        if (taken) return socketError(connection, 'NICKNAME_TAKEN');
        return send(connection, { type: 'nickname', name });
      }
      case 'chat': {
        const state = await store.get(streamId);
        if (!state?.chatEnabled) return socketError(connection, 'CHAT_DISABLED');
        const text = v.safeParse(chatText, message.text);
        if (!text.success) return socketError(connection, 'CHAT_LINE_INVALID');
        const nickname =
          role === 'model' ? connection.profileName : await store.nicknameOf(streamId, connection.chatter);
        if (nickname === null) return socketError(connection, 'NICKNAME_REQUIRED');
        if (role === 'viewer' && (await store.isMuted(streamId, nickname))) {
          return socketError(connection, 'MUTED');
        }
        if (!(await store.takeLineSlot(streamId, connection.chatter, Date.now(), CHAT_LINE_INTERVAL_MS))) {
          return socketError(connection, 'CHAT_TOO_FAST');
        }
        const line: ChatLine = {
          id: randomToken(9),
          nickname,
          text: text.output,
          at: new Date().toISOString(),
          fromModel: role === 'model',
        };
        await store.addLine(streamId, line);
        return broadcast(streamId, { type: 'chat', line });
      }
      case 'remove': {
        if (role !== 'model') return violation(connection.socket, 'Only the model removes lines');
        if (await store.removeLine(streamId, message.lineId)) {
          broadcast(streamId, { type: 'removed', lineId: message.lineId });
        }
        return;
      }
      case 'mute': {
        if (role !== 'model') return violation(connection.socket, 'Only the model mutes');
        const name = message.nickname.trim();
        if (name) await store.mute(streamId, name);
        return;
      }
    }
  }

  async function leave(connection: Connection): Promise<void> {
    const { streamId } = connection;
    connection.peer?.close();
    connection.peer = null;
    const connections = sockets.get(streamId);
    const wasThere = connections?.delete(connection) ?? false;
    if (connections?.size === 0) sockets.delete(streamId);
    if (!wasThere || ctx.isClosing()) return;
    if (connection.role === 'viewer') {
      try {
        if (await store.removeViewer(streamId, connection.id)) viewersChanged(streamId);
      } catch (error) {
        if (!storeFailed(error)) throw error;
      }
      return;
    }
    // Her last socket of the stream went: the stream ends unless she is back within the grace
    // (while Redis is away the stream is taken to be on air: the grace runs all the same).
    const another = [...(connections ?? [])].some((other) => other.role === 'model');
    const onAir = await store.get(streamId).then(
      (state) => state !== null,
      (error: unknown) => {
        if (!storeFailed(error)) throw error;
        return true;
      },
    );
    if (another || !onAir) return;
    if (connection.dead) return end(streamId, 'disconnected');
    const existing = graceTimers.get(streamId);
    if (existing) clearTimeout(existing);
    const timer = setTimeout(() => {
      graceTimers.delete(streamId);
      void end(streamId, 'disconnected').catch((error: unknown) =>
        fastify.log.error({ err: error }, 'streams: could not end a stream whose model left'),
      );
    }, graceMs);
    timer.unref();
    graceTimers.set(streamId, timer);
  }

  return { join, handle, leave };
}
