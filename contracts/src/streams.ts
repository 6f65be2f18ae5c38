/**
 * Live streams (PRODUCT_SPEC.md sections 2, 3 "Live stream", 4 "Stream", 7 and 8): the messages of
 * the socket `/ws/stream` and the limits both sides keep. Imported as `contracts/streams`, not from
 * the package's main entry (which every page ships): only the stream screens need it.
 *
 * One socket per open stream page, `/ws/stream?stream=<id>&channel=<channelId>`. The server decides
 * the role: the model when the signed-in account owns the stream's profile, otherwise a viewer
 * (anonymous, known by the visitor cookie). Every frame is one JSON object checked with
 * `streamClientMessage` on the server and `streamServerMessage` in the browser; a frame that is not
 * one (garbage, too long, a viewer sending a model's message) closes that socket with 1008 and
 * nothing else.
 */
import * as v from 'valibot';
import { positiveIntString, pageNumberString } from './common';
import { CATEGORIES } from './enums';
import { citySlugSchema } from './model';
import { modelCard } from './responses';

/** The largest frame either side sends (an SDP offer with every codec is about 6 KiB). */
export const STREAM_FRAME_MAX_BYTES = 32 * 1024;
export const STREAM_SDP_MAX_LENGTH = 24_000;
export const CHAT_LINE_MAX_LENGTH = 300;
export const NICKNAME_MIN_LENGTH = 2;
export const NICKNAME_MAX_LENGTH = 24;
/** A chatter may send one line per this many milliseconds; faster lines are refused (not closed). */
export const CHAT_LINE_INTERVAL_MS = 1_000;
/** Lines a newcomer receives on joining (the latest). */
export const CHAT_HISTORY_LINES = 50;
/**
 * The server pings every socket this often; a model's socket that misses two pings, or closes and
 * is not back within STREAM_RECONNECT_GRACE_MS, ends her stream.
 */
export const STREAM_HEARTBEAT_MS = 5_000;
export const STREAM_RECONNECT_GRACE_MS = 5_000;

export const STREAM_STATUSES = ['live', 'paused', 'ended'] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];
export const STREAM_END_REASONS = ['stopped', 'disconnected', 'blocked', 'deleted', 'restarted'] as const;
export type StreamEndReason = (typeof STREAM_END_REASONS)[number];
export const STREAM_ROLES = ['model', 'viewer'] as const;
export type StreamRole = (typeof STREAM_ROLES)[number];
export const MEDIA_PROVIDERS = ['embedded', 'livekit'] as const;
export type MediaProvider = (typeof MEDIA_PROVIDERS)[number];

/**
 * Errors said on the socket (not closing it): a line refused, a nickname refused. Translated in the
 * browser under `streams.errors.<code>` of the screen's namespace.
 */
export const STREAM_SOCKET_ERRORS = [
  'NICKNAME_REQUIRED',
  'NICKNAME_INVALID',
  'NICKNAME_TAKEN',
  'CHAT_DISABLED',
  'CHAT_TOO_FAST',
  'CHAT_LINE_INVALID',
  'MUTED',
  'MEDIA_FAILED',
  /** The shared state (Redis) is away for a moment: the chat and the counts are reconnecting. */
  'RECONNECTING',
] as const;
export type StreamSocketError = (typeof STREAM_SOCKET_ERRORS)[number];

/** A nickname: letters of any script, digits, space, dot, dash and underscore; trimmed. */
export const nickname = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(NICKNAME_MIN_LENGTH),
  v.maxLength(NICKNAME_MAX_LENGTH),
  v.regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u),
);

/** A chat line as typed: trimmed, not empty, at most CHAT_LINE_MAX_LENGTH characters, one line. */
export const chatText = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.maxLength(CHAT_LINE_MAX_LENGTH),
  // Control characters (newlines included) are not part of a line.
  v.regex(/^[^\p{Cc}]*$/u),
);

/** WebRTC signalling, relayed between a browser and the server's media side (embedded SFU). */
export const signalData = v.variant('kind', [
  v.object({
    kind: v.picklist(['offer', 'answer']),
    sdp: v.pipe(v.string(), v.maxLength(STREAM_SDP_MAX_LENGTH)),
  }),
  v.object({
    kind: v.literal('candidate'),
    candidate: v.object({
      candidate: v.pipe(v.string(), v.maxLength(1_000)),
      sdpMid: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
      sdpMLineIndex: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(16)))),
    }),
  }),
]);
export type SignalData = v.InferOutput<typeof signalData>;

const lineId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,32}$/));

/** Browser -> server. Model-only messages from a viewer close the viewer's socket. */
export const streamClientMessage = v.variant('type', [
  /** WebRTC signalling for this socket's own media connection. */
  v.strictObject({ type: v.literal('signal'), data: signalData }),
  /** A viewer's nickname for this stream (the browser keeps it for the session and says it again). */
  v.strictObject({ type: v.literal('nickname'), name: v.pipe(v.string(), v.maxLength(64)) }),
  /** A chat line; checked with `chatText` (an invalid one answers CHAT_LINE_INVALID). */
  v.strictObject({
    type: v.literal('chat'),
    text: v.pipe(v.string(), v.maxLength(CHAT_LINE_MAX_LENGTH * 4)),
  }),
  /** Model only: remove a line for everyone. */
  v.strictObject({ type: v.literal('remove'), lineId }),
  /** Model only: mute a nickname for the rest of this stream (its lines are refused with MUTED). */
  v.strictObject({ type: v.literal('mute'), nickname: v.pipe(v.string(), v.maxLength(64)) }),
]);
export type StreamClientMessage = v.InferOutput<typeof streamClientMessage>;

export const chatLine = v.object({
  id: v.string(),
  nickname: v.string(),
  text: v.string(),
  /** ISO time the server took the line. */
  at: v.string(),
  /** The model's own line (shown marked). */
  fromModel: v.boolean(),
});
export type ChatLine = v.InferOutput<typeof chatLine>;

export const iceServer = v.object({
  urls: v.union([v.string(), v.array(v.string())]),
  username: v.optional(v.string()),
  credential: v.optional(v.string()),
});

/** How this browser's media connects: through the server's socket (embedded) or to LiveKit. */
export const mediaConfig = v.variant('provider', [
  v.object({ provider: v.literal('embedded'), iceServers: v.array(iceServer) }),
  v.object({ provider: v.literal('livekit'), url: v.string(), token: v.string() }),
]);
export type MediaConfig = v.InferOutput<typeof mediaConfig>;

export const streamState = v.object({
  status: v.picklist(STREAM_STATUSES),
  viewers: v.number(),
  chatEnabled: v.boolean(),
});
export type StreamState = v.InferOutput<typeof streamState>;

/** Server -> browser. */
export const streamServerMessage = v.variant('type', [
  /** First frame on every socket: who this socket is, and how to connect the media. */
  v.object({
    type: v.literal('welcome'),
    role: v.picklist(STREAM_ROLES),
    state: streamState,
    media: mediaConfig,
    history: v.array(chatLine),
    /** The nickname this visitor already used on this stream, if any. */
    nickname: v.nullable(v.string()),
  }),
  /** The stream's status, viewers or chat switch changed. */
  v.object({ type: v.literal('state'), state: streamState }),
  v.object({ type: v.literal('signal'), data: signalData }),
  v.object({ type: v.literal('chat'), line: chatLine }),
  v.object({ type: v.literal('removed'), lineId: v.string() }),
  /** The nickname was taken for this socket. */
  v.object({ type: v.literal('nickname'), name: v.string() }),
  v.object({ type: v.literal('error'), code: v.picklist(STREAM_SOCKET_ERRORS) }),
  /** The stream is over; the server closes the socket (1000) after it. */
  v.object({ type: v.literal('ended'), reason: v.picklist(STREAM_END_REASONS) }),
]);
export type StreamServerMessage = v.InferOutput<typeof streamServerMessage>;

/** POST /api/own-profiles/:id/stream: start a stream of her listed profile. */
export const startStreamBody = v.strictObject({ chatEnabled: v.boolean() });
/** PATCH /api/streams/:id: the chat switch during a stream. */
export const updateStreamBody = v.strictObject({ chatEnabled: v.boolean() });

/** The public card of a stream (the live strip, the stream page). */
export const streamSummary = v.object({
  id: v.number(),
  channelId: v.string(),
  profileId: v.number(),
  status: v.picklist(STREAM_STATUSES),
  viewers: v.number(),
  chatEnabled: v.boolean(),
  startedAt: v.string(),
  endedAt: v.nullable(v.string()),
});
export type StreamSummary = v.InferOutput<typeof streamSummary>;

/** One past or current stream in the model's analytics. */
export const streamRecord = v.object({
  id: v.number(),
  profileId: v.number(),
  profileName: v.string(),
  startedAt: v.string(),
  endedAt: v.nullable(v.string()),
  durationSeconds: v.number(),
  peakViewers: v.number(),
  endReason: v.nullable(v.picklist(STREAM_END_REASONS)),
});
export type StreamRecord = v.InferOutput<typeof streamRecord>;

/**
 * A card's or profile's stream now (live or paused), or null: `liveStream` of the catalogue's
 * answers (responses.ts spells the same shape: it cannot import this file, which imports it).
 */
export const liveStreamRef = v.nullable(v.object({ id: v.number(), channelId: v.string() }));
export type LiveStreamRef = v.InferOutput<typeof liveStreamRef>;

/** GET /api/streams/live: the streams on air of visible profiles (the "live now" strip), newest first. */
export const STREAMS_LIVE_MAX = 24;
export const liveStreamsQuery = v.object({
  category: v.optional(v.picklist(CATEGORIES, 'validation.invalidCategory')),
  city: v.optional(citySlugSchema),
});
export type LiveStreamsQuery = v.InferOutput<typeof liveStreamsQuery>;

/** GET /api/streams/:id/:channelId (and the socket's `stream` / `channel`). */
export const CHANNEL_ID_LENGTH = 16;
export const channelIdSchema = v.pipe(
  v.string('validation.invalidId'),
  v.regex(/^[A-Za-z0-9_-]{16}$/, 'validation.invalidId'),
);
export const streamPageParams = v.object({
  id: positiveIntString('validation.invalidId'),
  channelId: channelIdSchema,
});
export const streamRecordsQuery = v.object({ page: v.optional(pageNumberString) });
export const liveStreamItem = v.object({ ...streamSummary.entries, profile: modelCard });
export const liveStreamList = v.object({ items: v.array(liveStreamItem) });
export type LiveStreamList = v.InferOutput<typeof liveStreamList>;

/** GET /api/streams/:id/:channelId: the stream page (profile null once it is no longer visible). */
export const streamPage = v.object({ ...streamSummary.entries, profile: v.nullable(modelCard) });
export type StreamPage = v.InferOutput<typeof streamPage>;

/** GET /api/own-profiles/streams/current: her stream on air, after a reload. */
export const currentStream = v.object({ stream: v.nullable(streamSummary) });
export type CurrentStream = v.InferOutput<typeof currentStream>;

export const STREAM_RECORDS_PAGE_SIZE = 20;
/** GET /api/own-profiles/streams?page=: her streams for the cabinet's analytics, newest first. */
export const streamRecordList = v.object({
  items: v.array(streamRecord),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
});
export type StreamRecordList = v.InferOutput<typeof streamRecordList>;
