import type { StreamMediaSettings } from '../../../config';
import { createEmbeddedMedia } from './embedded';
import { createLiveKitMedia } from './livekit';
import type { StreamMedia } from './types';

export type { MediaParticipant, MediaPeer, StreamMedia } from './types';

/**
 * The live streams' media from the server's settings: LiveKit when LIVEKIT_URL and its keys are
 * set, else the embedded SFU in this process. Takes the server's config (or anything with its
 * `streamMedia`); `log` receives failures of single connections (the server's logger).
 */
export function createStreamMedia(
  config: { streamMedia: StreamMediaSettings },
  log?: (error: unknown, message: string) => void,
): StreamMedia {
  const { iceServers, maxViewers, udpPorts, livekit } = config.streamMedia;
  if (livekit) return createLiveKitMedia({ ...livekit, maxViewers, log });
  return createEmbeddedMedia({ iceServers, maxViewers, udpPorts, log });
}
