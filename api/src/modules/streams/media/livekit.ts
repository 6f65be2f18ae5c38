import type { MediaConfig } from 'contracts/streams';
import { AccessToken, RoomServiceClient } from 'livekit-server-sdk';
import type { StreamMedia } from './types';

export interface LiveKitSettings {
  /** LIVEKIT_URL: the WebSocket URL browsers connect to (wss://livekit.example.com). */
  url: string;
  /** LIVEKIT_API_URL: the server API (Twirp over http); by default LIVEKIT_URL with http(s). */
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
}

export interface LiveKitMediaOptions extends LiveKitSettings {
  /** Viewers per stream (the room's participant limit is this plus the model). */
  maxViewers: number;
  /** How long a browser's token lets it join: it is handed out with each socket's welcome. */
  tokenTtlSeconds?: number;
  log?: (error: unknown, message: string) => void;
}

/** The LiveKit room of a stream. */
export function roomName(streamId: number): string {
  return `stream-${streamId}`;
}

/** http(s) for ws(s): LiveKit serves its API and its signalling on the same origin. */
export function apiUrlFrom(url: string): string {
  return url.replace(/^ws(s?):\/\//i, 'http$1://');
}

/**
 * LiveKit as the stream's media: browsers connect to LiveKit with a token made here (the model
 * may publish and subscribe, a viewer may only subscribe and is hidden from the room's
 * participant list), so `publish` and `watch` have nothing to do on this server.
 *
 * - The model's token creates the room first (CreateRoom: a participant limit of the viewer
 *   allowance plus one, and an empty room closing after a minute).
 * - `setPaused(true)` mutes every track the model published (MutePublishedTrack), so viewers
 *   receive nothing even if her page does not stop sending; the model's browser mutes its tracks
 *   too. `setPaused(false)` asks LiveKit to unmute them; LiveKit only allows that with the room
 *   option `enable_remote_unmute`, so the model's browser unmuting its own tracks is what resumes
 *   (a refusal here is logged, not thrown). A model not connected yet has nothing to mute.
 * - `end` deletes the room, which disconnects everyone in it.
 */
export function createLiveKitMedia(options: LiveKitMediaOptions): StreamMedia {
  const rooms = new RoomServiceClient(options.apiUrl, options.apiKey, options.apiSecret, {
    requestTimeout: 10,
    // Region fail-over is for LiveKit Cloud; a self-hosted server has one origin.
    failover: false,
  });
  const ttl = options.tokenTtlSeconds ?? 10 * 60;
  const log = options.log ?? (() => {});
  /** The model's identity in each live stream's room (from her token). */
  const models = new Map<number, string>();

  return {
    provider: 'livekit',

    async clientConfig(streamId, participant): Promise<MediaConfig> {
      const room = roomName(streamId);
      const model = participant.role === 'model';
      if (model) {
        models.set(streamId, participant.identity);
        await rooms.createRoom({ name: room, emptyTimeout: 60, maxParticipants: options.maxViewers + 1 });
      }
      const token = new AccessToken(options.apiKey, options.apiSecret, {
        identity: participant.identity,
        name: participant.name,
        ttl,
      });
      token.addGrant({
        room,
        roomJoin: true,
        canPublish: model,
        canSubscribe: true,
        canPublishData: false,
        canUpdateOwnMetadata: false,
        hidden: !model,
      });
      return { provider: 'livekit', url: options.url, token: await token.toJwt() };
    },

    publish: () => null,
    watch: () => null,

    async setPaused(streamId, paused) {
      const identity = models.get(streamId);
      if (!identity) return;
      const room = roomName(streamId);
      let tracks: Array<{ sid: string }>;
      try {
        tracks = (await rooms.getParticipant(room, identity)).tracks;
      } catch (error) {
        // Not in the room (yet, or any more): nothing is being sent.
        log(error, 'streams: LiveKit has no model to mute');
        return;
      }
      const results = await Promise.allSettled(
        tracks.map((track) => rooms.mutePublishedTrack(room, identity, track.sid, paused)),
      );
      for (const result of results) {
        if (result.status === 'rejected') {
          log(result.reason, `streams: LiveKit could not ${paused ? 'mute' : 'unmute'} a track`);
        }
      }
    },

    async end(streamId) {
      models.delete(streamId);
      try {
        await rooms.deleteRoom(roomName(streamId));
      } catch (error) {
        // The room may already be gone (empty timeout); the stream ends regardless.
        log(error, 'streams: LiveKit could not delete a room');
      }
    },

    async close() {
      // Rooms live in LiveKit, not here: once the browsers leave (their sockets say the stream
      // ended), an empty room closes by itself after its empty timeout.
      models.clear();
    },
  };
}
