// The SFU side of bench/streams/sfu.ts, in a process of its own so its CPU and RSS are the SFU's
// alone: the embedded StreamMedia, driven over IPC (publish, watch, signal, stats).
import { createEmbeddedMedia } from '../../api/src/modules/streams/media/embedded';
import type { MediaPeer } from '../../api/src/modules/streams/media/types';

/** The socket's signal frames (contracts/streams, which this package does not depend on). */
type SignalData = Parameters<MediaPeer['signal']>[0];

type Request =
  | { op: 'publish'; peer: number; streamId: number }
  | { op: 'watch'; peer: number; streamId: number; viewerId: string }
  | { op: 'signal'; peer: number; data: SignalData }
  | { op: 'stats'; id: number }
  | { op: 'close-peer'; peer: number }
  | { op: 'close' };

const media = createEmbeddedMedia({
  iceServers: [],
  maxViewers: Number(process.env.STREAM_MAX_VIEWERS ?? 1000),
});
const peers = new Map<number, MediaPeer>();
const send = (message: unknown) => process.send?.(message);

process.on('message', (request: Request) => {
  switch (request.op) {
    case 'publish': {
      const peer = media.publish(request.streamId, (data) =>
        send({ op: 'signal', peer: request.peer, data }),
      );
      if (peer) peers.set(request.peer, peer);
      break;
    }
    case 'watch': {
      try {
        const peer = media.watch(request.streamId, request.viewerId, (data) =>
          send({ op: 'signal', peer: request.peer, data }),
        );
        if (peer) peers.set(request.peer, peer);
      } catch (error) {
        send({ op: 'refused', peer: request.peer, message: String(error) });
      }
      break;
    }
    case 'signal':
      peers
        .get(request.peer)
        ?.signal(request.data)
        .catch((error) => console.error('signal failed', error));
      break;
    case 'stats':
      send({
        op: 'stats',
        id: request.id,
        cpu: process.cpuUsage(),
        rss: process.memoryUsage().rss,
        at: performance.now(),
        ...media.stats(),
      });
      break;
    case 'close-peer':
      peers.get(request.peer)?.close();
      peers.delete(request.peer);
      break;
    case 'close':
      media.close().finally(() => process.exit(0));
      break;
  }
});
send({ op: 'ready' });
