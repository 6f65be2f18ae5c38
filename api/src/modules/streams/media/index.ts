// TEMPORARY: replaced by the media branch (streams-media: the werift SFU and the LiveKit adapter).
// Same signature as the media branch's createStreamMedia, so app.ts needs no change at the merge.
import type { StreamMedia } from './types';

export type { MediaParticipant, MediaPeer, StreamMedia } from './types';

/**
 * The media side chosen by the settings. For now an embedded media that connects nobody: the
 * socket, the chat and the state work, no video flows.
 */
export function createStreamMedia(
  _config: { streamMedia: unknown },
  _log?: (error: unknown, message: string) => void,
): StreamMedia {
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
