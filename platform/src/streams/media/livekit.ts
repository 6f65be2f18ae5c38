import type { LocalTrackPublication, Room } from 'livekit-client';
import { type BrowserStreamMedia, MEDIA_CONNECT_TIMEOUT_MS } from './types';

/**
 * LiveKit: the browser joins the stream's room with the token from the socket's welcome (the
 * server made it: the model may publish, a viewer only subscribe). `livekit-client` is loaded with
 * a dynamic import, so pages on the embedded SFU never download it. Pause mutes the published
 * tracks (LiveKit stops forwarding them; the server mutes them too).
 */
export function createLiveKitBrowserMedia(url: string, token: string): BrowserStreamMedia {
  let room: Room | null = null;
  let closed = false;
  let paused = false;
  const publications: LocalTrackPublication[] = [];
  let connecting: Promise<{ room: Room; lk: typeof import('livekit-client') }> | null = null;

  function connect() {
    connecting ??= (async () => {
      const lk = await import('livekit-client');
      if (closed) throw new Error('media closed');
      const joined = new lk.Room();
      room = joined;
      await joined.connect(url, token, { autoSubscribe: true });
      if (closed) {
        await joined.disconnect();
        throw new Error('media closed');
      }
      return { room: joined, lk };
    })();
    return connecting;
  }

  function applyPaused(): void {
    for (const publication of publications) {
      (paused ? publication.mute() : publication.unmute()).catch(() => {
        // Disconnected: nothing is sent anyway.
      });
    }
  }

  return {
    async publish(stream) {
      const { room: joined, lk } = await connect();
      for (const track of stream.getTracks()) {
        const publication = await joined.localParticipant.publishTrack(track, {
          source: track.kind === 'video' ? lk.Track.Source.Camera : lk.Track.Source.Microphone,
        });
        publications.push(publication);
      }
      if (paused) applyPaused();
    },

    setPaused(value) {
      paused = value;
      applyPaused();
    },

    async watch() {
      const { room: joined, lk } = await connect();
      const stream = new MediaStream();
      return new Promise<MediaStream>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('no video from the stream')),
          MEDIA_CONNECT_TIMEOUT_MS,
        );
        const add = (track: { kind: string; mediaStreamTrack: MediaStreamTrack }) => {
          if (!stream.getTracks().includes(track.mediaStreamTrack)) stream.addTrack(track.mediaStreamTrack);
          if (track.kind === 'video') {
            clearTimeout(timer);
            resolve(stream);
          }
        };
        joined.on(lk.RoomEvent.TrackSubscribed, (track) => add(track));
        joined.on(lk.RoomEvent.Disconnected, () => {
          clearTimeout(timer);
          reject(new Error('media closed'));
        });
        for (const participant of joined.remoteParticipants.values()) {
          for (const publication of participant.trackPublications.values()) {
            if (publication.track) add(publication.track);
          }
        }
      });
    },

    onSignal() {
      // LiveKit signals on its own connection; the stream socket carries none.
    },

    close() {
      if (closed) return;
      closed = true;
      room?.disconnect().catch(() => {});
      room = null;
    },
  };
}
