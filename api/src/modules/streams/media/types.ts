import type { MediaConfig, MediaProvider, SignalData, StreamRole } from 'contracts/streams';

/**
 * The media side of live streams, one implementation per provider: the embedded SFU (werift, in
 * this process; the default) and LiveKit (when LIVEKIT_URL and its keys are set). The stream
 * module (state, chat, viewers: ../service.ts) owns the socket and calls these; it never knows
 * which provider runs.
 */
export interface StreamMedia {
  readonly provider: MediaProvider;
  /**
   * What this participant's browser needs to connect: ICE servers for the embedded SFU (its
   * signalling then goes over the stream socket as `signal` frames), or LiveKit's URL and a token
   * (a model may publish to the stream's room; a viewer may only subscribe).
   */
  clientConfig(streamId: number, participant: MediaParticipant): Promise<MediaConfig>;
  /**
   * The model's (publisher's) connection, or null when her browser talks to the SFU directly
   * (LiveKit). `send` delivers signals to her browser over the socket. A stream has at most one
   * publisher: a new one replaces the last (her page reloaded).
   */
  publish(streamId: number, send: (data: SignalData) => void): MediaPeer | null;
  /** A viewer's connection (the server offers, the browser answers), or null (LiveKit). */
  watch(streamId: number, viewerId: string, send: (data: SignalData) => void): MediaPeer | null;
  /** Paused: nothing is forwarded to viewers until resumed. */
  setPaused(streamId: number, paused: boolean): Promise<void>;
  /** The stream ended: every connection of it is closed and its room removed. */
  end(streamId: number): Promise<void>;
  /** The server is closing. */
  close(): Promise<void>;
}

export interface MediaParticipant {
  role: StreamRole;
  /** A stable id for this socket (a viewer's, or `model`). */
  identity: string;
  /** The name shown (LiveKit participant name): her profile name, or the viewer's nickname. */
  name: string;
}

export interface MediaPeer {
  /** A signal from this peer's browser (an offer, answer or ICE candidate). */
  signal(data: SignalData): Promise<void>;
  /** The browser left: its connection is closed. */
  close(): void;
}
