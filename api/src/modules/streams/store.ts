import { CHAT_HISTORY_LINES, type ChatLine, type StreamStatus } from 'contracts/streams';

/** What the store keeps of a stream on air. */
export interface StreamRecordState {
  profileId: number;
  accountId: number | null;
  /** Her profile's name: the nickname of her own lines (and no viewer's). */
  profileName: string;
  status: Exclude<StreamStatus, 'ended'>;
  chatEnabled: boolean;
  viewers: number;
  peakViewers: number;
}

/**
 * The state of the streams on air: status, chat switch, viewers, peak, and the chat (history,
 * nicknames per visitor, mutes, the pace of lines). Behind an interface, async, so that several
 * API instances can share it (the Redis store, redis-store.ts) instead of each keeping its own;
 * the sockets themselves stay with the process that holds them (service.ts carries what they are
 * told to the other instances over the bus).
 */
export interface StreamStore {
  /** A stream went on air (or is taken over after a reload of the state). */
  open(streamId: number, state: Omit<StreamRecordState, 'viewers' | 'peakViewers'>): Promise<void>;
  get(streamId: number): Promise<StreamRecordState | null>;
  /** Changes status or chat switch; answers the new state, null for a stream not on air. */
  update(
    streamId: number,
    change: Partial<Pick<StreamRecordState, 'status' | 'chatEnabled'>>,
  ): Promise<StreamRecordState | null>;
  /** A viewer's socket joined or left; answers the counts (null for a stream not on air). */
  addViewer(streamId: number, socketId: string): Promise<{ viewers: number; peakViewers: number } | null>;
  removeViewer(streamId: number, socketId: string): Promise<{ viewers: number; peakViewers: number } | null>;
  nicknameOf(streamId: number, visitor: string): Promise<string | null>;
  /** Gives `name` to `visitor` (its earlier name is let go): false when another visitor has it. */
  claimNickname(streamId: number, visitor: string, name: string): Promise<boolean>;
  mute(streamId: number, name: string): Promise<void>;
  isMuted(streamId: number, name: string): Promise<boolean>;
  /** Takes a line slot of `chatter`: false when its last line is less than `intervalMs` old. */
  takeLineSlot(streamId: number, chatter: string, now: number, intervalMs: number): Promise<boolean>;
  addLine(streamId: number, line: ChatLine): Promise<void>;
  /** Removes a line from the history; false when there was none such. */
  removeLine(streamId: number, lineId: string): Promise<boolean>;
  /** The latest CHAT_HISTORY_LINES lines, oldest first. */
  history(streamId: number): Promise<ChatLine[]>;
  /** The stream is over: everything of it is forgotten; answers its last state. */
  close(streamId: number): Promise<StreamRecordState | null>;
  /** Her socket joined this instance: it holds the stream now (several instances only). */
  holdModel(streamId: number): Promise<void>;
  /**
   * Streams on air whose holding instance stopped more than `graceMs` ago: nobody will end them
   * but the instance that finds them (none in memory: this process holds them all).
   */
  orphaned(graceMs: number): Promise<number[]>;
  /** Whether another instance shares this state now (false in memory: this process alone). */
  otherInstancesAlive(): Promise<boolean>;
  /** The server is stopping: timers end, and this instance's viewers stop counting. */
  dispose(): Promise<void>;
}

interface MemoryStream {
  state: StreamRecordState;
  viewerSockets: Set<string>;
  nicknames: Map<string, string>;
  /** Lower-cased nickname -> the visitor holding it. */
  holders: Map<string, string>;
  muted: Set<string>;
  lastLineAt: Map<string, number>;
  lines: ChatLine[];
}

const key = (name: string) => name.toLocaleLowerCase('ru');

/** The streams of this process: the embedded default for a single instance. */
export function createMemoryStreamStore(): StreamStore {
  const streams = new Map<number, MemoryStream>();
  const counts = (stream: MemoryStream) => ({
    viewers: stream.state.viewers,
    peakViewers: stream.state.peakViewers,
  });

  return {
    async open(streamId, state) {
      if (streams.has(streamId)) return;
      streams.set(streamId, {
        state: { ...state, viewers: 0, peakViewers: 0 },
        viewerSockets: new Set(),
        nicknames: new Map(),
        holders: new Map(),
        muted: new Set(),
        lastLineAt: new Map(),
        lines: [],
      });
    },
    async get(streamId) {
      const stream = streams.get(streamId);
      return stream ? { ...stream.state } : null;
    },
    async update(streamId, change) {
      const stream = streams.get(streamId);
      if (!stream) return null;
      Object.assign(stream.state, change);
      return { ...stream.state };
    },
    async addViewer(streamId, socketId) {
      const stream = streams.get(streamId);
      if (!stream) return null;
      stream.viewerSockets.add(socketId);
      stream.state.viewers = stream.viewerSockets.size;
      stream.state.peakViewers = Math.max(stream.state.peakViewers, stream.state.viewers);
      return counts(stream);
    },
    async removeViewer(streamId, socketId) {
      const stream = streams.get(streamId);
      if (!stream) return null;
      stream.viewerSockets.delete(socketId);
      stream.state.viewers = stream.viewerSockets.size;
      return counts(stream);
    },
    async nicknameOf(streamId, visitor) {
      return streams.get(streamId)?.nicknames.get(visitor) ?? null;
    },
    async claimNickname(streamId, visitor, name) {
      const stream = streams.get(streamId);
      if (!stream) return false;
      const holder = stream.holders.get(key(name));
      if (holder !== undefined && holder !== visitor) return false;
      const earlier = stream.nicknames.get(visitor);
      if (earlier !== undefined) stream.holders.delete(key(earlier));
      stream.nicknames.set(visitor, name);
      stream.holders.set(key(name), visitor);
      return true;
    },
    async mute(streamId, name) {
      streams.get(streamId)?.muted.add(key(name));
    },
    async isMuted(streamId, name) {
      return streams.get(streamId)?.muted.has(key(name)) ?? false;
    },
    async takeLineSlot(streamId, chatter, now, intervalMs) {
      const stream = streams.get(streamId);
      if (!stream) return false;
      const last = stream.lastLineAt.get(chatter);
      if (last !== undefined && now - last < intervalMs) return false;
      stream.lastLineAt.set(chatter, now);
      return true;
    },
    async addLine(streamId, line) {
      const stream = streams.get(streamId);
      if (!stream) return;
      stream.lines.push(line);
      if (stream.lines.length > CHAT_HISTORY_LINES)
        stream.lines.splice(0, stream.lines.length - CHAT_HISTORY_LINES);
    },
    async removeLine(streamId, lineId) {
      const stream = streams.get(streamId);
      if (!stream) return false;
      const index = stream.lines.findIndex((line) => line.id === lineId);
      if (index < 0) return false;
      stream.lines.splice(index, 1);
      return true;
    },
    async history(streamId) {
      return [...(streams.get(streamId)?.lines ?? [])];
    },
    async close(streamId) {
      const stream = streams.get(streamId);
      streams.delete(streamId);
      return stream ? { ...stream.state } : null;
    },
    async holdModel() {},
    async orphaned() {
      return [];
    },
    async otherInstancesAlive() {
      return false;
    },
    async dispose() {},
  };
}
