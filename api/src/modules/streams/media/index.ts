// TEMPORARY: replaced by the media branch (streams-media: the werift SFU and the LiveKit adapter).
import type { StreamMedia } from './types';

export type { MediaParticipant, MediaPeer, StreamMedia } from './types';

/**
 * The media side chosen by the settings. For now an embedded media that connects nobody: the
 * socket, the chat and the state work, no video flows.
 */
export function createStreamMedia(_config?: unknown): StreamMedia {
  return {
    provider: 'embedded',
    async clientConfig() {
      return { provider: 'embedded', iceServers: [] };
    },
    publish: () => null,
    watch: () => null,
    async setPaused() {},
    async end() {},
    async close() {},
  };
}
