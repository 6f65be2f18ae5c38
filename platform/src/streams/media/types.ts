import type { SignalData } from 'contracts/streams';

/** A stream's media in the browser: the model publishes, a viewer watches (one per page). */
export interface BrowserStreamMedia {
  /** The model: publishes `stream` (camera + microphone). Resolves once connected. */
  publish(stream: MediaStream): Promise<void>;
  /** Pause/resume what is sent (tracks disabled; embedded: no RTP sent while paused). */
  setPaused(paused: boolean): void;
  /** A viewer: resolves with the remote MediaStream to put on a <video>. */
  watch(): Promise<MediaStream>;
  /** Called by the socket client for every `signal` frame from the server. */
  onSignal(data: SignalData): void;
  close(): void;
}

export type SendSignal = (data: SignalData) => void;

/** How long publish() and watch() wait for the media to connect before failing. */
export const MEDIA_CONNECT_TIMEOUT_MS = 20_000;
