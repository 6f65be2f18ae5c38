// How many viewers one stream holds on the embedded SFU (issue 28): one publisher and N headless
// WebRTC viewers (werift) on loopback, the SFU in a child process of its own (bench/streams/sfu-server.ts).
// For each step N (default 10, 25, 50, 100), viewers are added up to N, then for WINDOW seconds:
// whether every viewer still receives audio and video, packets per second per viewer (min and
// median) beside what the publisher sent, and the SFU process's CPU (% of one core) and RSS (and
// the CPU of this process, which plays the publisher and every viewer). Bounded: a step whose viewers do
// not all connect within 60 s, or that starves a viewer, is the last.
//   node_modules/.bin/tsx bench/streams/sfu.ts      STEPS (10,25,50,100), WINDOW (seconds, 5)
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  connectPublisher,
  connectViewer,
  type TestViewer,
} from '../../api/src/modules/streams/media/testing/peers';
import type { MediaPeer, StreamMedia } from '../../api/src/modules/streams/media/types';

/** The socket's signal frames (contracts/streams, which this package does not depend on). */
type SignalData = Parameters<MediaPeer['signal']>[0];

const STEPS = (process.env.STEPS ?? '10,25,50,100').split(',').map(Number);
const WINDOW = Number(process.env.WINDOW ?? 5);
/** The model's stream: 30 frames a second of 3 packets of 1,100 bytes (about 800 kbit/s), an audio packet a frame. */
const FRAME = { videoPackets: 3, videoBytes: 1_100 };
const FRAME_MS = 33;
const AUDIO_PPS = 1000 / FRAME_MS;
const VIDEO_PPS = AUDIO_PPS * FRAME.videoPackets;

const here = import.meta.dirname;
const root = path.resolve(here, '../..');

interface Stats {
  cpu: NodeJS.CpuUsage;
  rss: number;
  at: number;
  viewers: number;
}

/** A StreamMedia whose every call goes to the child process. */
function remoteMedia(child: ChildProcess) {
  const sinks = new Map<number, (data: SignalData) => void>();
  const refused = new Map<number, (message: string) => void>();
  const statsWaiters = new Map<number, (stats: Stats) => void>();
  let next = 1;
  child.on(
    'message',
    (message: { op: string; peer: number; data: SignalData; id: number; message: string }) => {
      if (message.op === 'signal') sinks.get(message.peer)?.(message.data);
      if (message.op === 'refused') refused.get(message.peer)?.(message.message);
      if (message.op === 'stats') statsWaiters.get(message.id)?.(message as unknown as Stats);
    },
  );
  const peer = (id: number): MediaPeer => ({
    async signal(data) {
      child.send({ op: 'signal', peer: id, data });
    },
    close() {
      child.send({ op: 'close-peer', peer: id });
    },
  });
  const media = {
    provider: 'embedded',
    publish(streamId: number, send: (data: SignalData) => void) {
      const id = next++;
      sinks.set(id, send);
      child.send({ op: 'publish', peer: id, streamId });
      return peer(id);
    },
    watch(streamId: number, viewerId: string, send: (data: SignalData) => void) {
      const id = next++;
      sinks.set(id, send);
      refused.set(id, (text) => console.error(`viewer ${viewerId} refused: ${text}`));
      child.send({ op: 'watch', peer: id, streamId, viewerId });
      return peer(id);
    },
  } as unknown as StreamMedia;
  const stats = () =>
    new Promise<Stats>((resolve) => {
      const id = next++;
      statsWaiters.set(id, resolve);
      child.send({ op: 'stats', id });
    });
  return { media, stats };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms)),
  ]);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main() {
  const child = fork(path.join(here, 'sfu-server.ts'), { stdio: 'inherit' });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  const { media, stats } = remoteMedia(child);
  const publisher = await withTimeout(connectPublisher(media, 1), 20_000, 'publisher');
  publisher.start(FRAME_MS, FRAME);
  const viewers: TestViewer[] = [];
  const rows: Array<Record<string, number | boolean | string>> = [];
  console.log(`publisher: ${VIDEO_PPS.toFixed(0)} video + ${AUDIO_PPS.toFixed(0)} audio packets/s`);

  let failed = 0;
  let attempts = 0;
  let nextViewer = 0;
  for (const target of STEPS) {
    const started = Date.now();
    // Viewers join five at a time; one whose connection fails is counted and another tries, at most
    // twice the step's number of attempts in all.
    while (viewers.length < target && attempts < target * 2) {
      const batch = Math.min(5, target - viewers.length);
      attempts += batch;
      const joined = await Promise.allSettled(
        Array.from({ length: batch }, () => connectViewer(media, 1, `v${nextViewer++}`)),
      );
      for (const result of joined) {
        if (result.status === 'fulfilled') viewers.push(result.value);
        else failed += 1;
      }
    }
    if (viewers.length < target) {
      console.log(`step ${target}: only ${viewers.length} viewers connected; stopping`);
      rows.push({ viewers: viewers.length, target, failedToConnect: failed });
      break;
    }
    const joinSeconds = (Date.now() - started) / 1000;
    // Let the newcomers' key frame requests and the join burst settle.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = viewers.map((viewer) => ({ ...viewer.packets }));
    const sentBefore = publisher.sent;
    const ownCpu = process.cpuUsage();
    const s0 = await stats();
    await new Promise((resolve) => setTimeout(resolve, WINDOW * 1_000));
    const s1 = await stats();
    const seconds = (s1.at - s0.at) / 1000;
    const video = viewers.map(
      (viewer, index) => (viewer.packets.video - (before[index]?.video ?? 0)) / seconds,
    );
    const audio = viewers.map(
      (viewer, index) => (viewer.packets.audio - (before[index]?.audio ?? 0)) / seconds,
    );
    const cpu = ((s1.cpu.user - s0.cpu.user + s1.cpu.system - s0.cpu.system) / 1e6 / seconds) * 100;
    const own = process.cpuUsage(ownCpu);
    // What the publisher really sent: its timer slows when this process (the viewers) is busy.
    const sentVideoPps = ((publisher.sent - sentBefore) * FRAME.videoPackets) / seconds;
    const all = video.every((pps) => pps > 0) && audio.every((pps) => pps > 0);
    const row = {
      viewers: viewers.length,
      failedToConnect: failed,
      allReceive: all,
      joinSeconds: Number(joinSeconds.toFixed(1)),
      sentVideoPps: Number(sentVideoPps.toFixed(1)),
      videoPpsMin: Number(Math.min(...video).toFixed(1)),
      videoPpsMedian: Number(median(video).toFixed(1)),
      audioPpsMin: Number(Math.min(...audio).toFixed(1)),
      audioPpsMedian: Number(median(audio).toFixed(1)),
      sfuCpuPercent: Math.round(cpu),
      sfuRssMb: Math.round(s1.rss / 1024 / 1024),
      viewersProcessCpuPercent: Math.round(((own.user + own.system) / 1e6 / seconds) * 100),
      sfuViewers: s1.viewers,
    };
    rows.push(row);
    console.log(JSON.stringify(row));
    if (!all) break;
  }

  publisher.close();
  for (const viewer of viewers) viewer.close();
  child.send({ op: 'close' });
  const results = path.join(root, 'bench', 'results');
  mkdirSync(results, { recursive: true });
  writeFileSync(
    path.join(results, 'streams-sfu.json'),
    `${JSON.stringify({ at: new Date().toISOString(), sent: { videoPps: VIDEO_PPS, audioPps: AUDIO_PPS, videoBytes: FRAME.videoBytes }, rows }, null, 2)}\n`,
  );
  console.log(`written to bench/results/streams-sfu.json`);
  setTimeout(() => process.exit(0), 500).unref();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
