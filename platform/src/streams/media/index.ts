/**
 * The browser side of live streams' media, imported as `platform/streams-media` by the stream
 * screens only (not from platform's index, which every first page ships). One implementation per
 * provider, chosen by the `media` of the socket's welcome: the embedded SFU (WebRTC signalled over
 * the stream socket) or LiveKit (livekit-client, loaded only then).
 */
import type { MediaConfig } from 'contracts/streams';
import { createEmbeddedBrowserMedia } from './embedded';
import { createLiveKitBrowserMedia } from './livekit';
import type { BrowserStreamMedia, SendSignal } from './types';

export type { BrowserStreamMedia, SendSignal } from './types';
export { MEDIA_CONNECT_TIMEOUT_MS } from './types';

export function createBrowserStreamMedia(config: MediaConfig, sendSignal: SendSignal): BrowserStreamMedia {
  if (config.provider === 'livekit') return createLiveKitBrowserMedia(config.url, config.token);
  return createEmbeddedBrowserMedia(config.iceServers, sendSignal);
}
