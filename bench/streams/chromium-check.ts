// Chromium against the embedded SFU: a model page (Chromium's fake camera and microphone) publishes
// through the SFU in this process, a viewer page watches, both with platform/streams-media (the
// browser side the stream screens use, bundled for the page); passes when the viewer's <video>
// plays frames (its currentTime advances, a frame drawn to a canvas is not blank), the negotiated
// codecs are VP8 and Opus, no frame arrives while paused, frames flow again after resume, and a
// viewer joining later has a picture within 3 s.
// Signals go through Playwright as the stream socket would carry them.
//   node_modules/.bin/tsx bench/streams/chromium-check.ts      CHROMIUM_PATH (/usr/bin/chromium)
import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from '@playwright/test';
import { createEmbeddedMedia } from '../../api/src/modules/streams/media/embedded';
import type { MediaPeer } from '../../api/src/modules/streams/media/types';

/** The socket's signal frames (contracts/streams, which this package does not depend on). */
type SignalData = Parameters<MediaPeer['signal']>[0];

/**
 * The browser side as the stream screens use it: platform/streams-media bundled for the page
 * (`window.StreamsMedia`), signals relayed through Playwright. The page keeps the last
 * RTCPeerConnection made (`window.pc`) to read its stats.
 */
async function pageScript(): Promise<string> {
  // esbuild is the API's (through tsx); this package does not depend on it.
  const esbuild = createRequire(path.join(root, 'api', 'package.json'))('esbuild') as {
    build(options: Record<string, unknown>): Promise<{ outputFiles?: Array<{ text: string }> }>;
  };
  const bundle = await esbuild.build({
    entryPoints: [path.join(root, 'platform', 'src', 'streams', 'media', 'index.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'StreamsMedia',
    platform: 'browser',
    external: ['livekit-client'],
  });
  const code = bundle.outputFiles?.[0]?.text ?? '';
  return `
    const Native = RTCPeerConnection;
    window.RTCPeerConnection = class extends Native {
      constructor(config) { super(config); window.pc = this; }
    };
    ${code}
    window.media = StreamsMedia.createBrowserStreamMedia({ provider: 'embedded', iceServers: [] }, (data) => window.sendSignal(data));
    window.onSignal = (data) => window.media.onSignal(data);
  `;
}

const root = path.resolve(import.meta.dirname, '../..');

async function main() {
  const script = await pageScript();
  const server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>sfu</title><video id="v" autoplay muted playsinline></video>');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const media = createEmbeddedMedia({ iceServers: [], maxViewers: 10, log: (e, m) => console.error(m, e) });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const open = async () => {
      const page = await browser.newPage();
      page.on('console', (message) => console.log(`[page] ${message.text()}`));
      await page.goto(origin);
      return page;
    };
    const relay = (page: Page) => (data: SignalData) => {
      page
        .evaluate((d) => (window as unknown as { onSignal(d: unknown): void }).onSignal(d), data)
        .catch(() => {});
    };

    const model = await open();
    const publisher = media.publish(1, relay(model));
    await model.exposeFunction('sendSignal', (data: SignalData) => publisher?.signal(data));
    await model.evaluate(script);
    await model.evaluate(async () => {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: true,
        video: { width: 640, height: 360 },
      });
      await (window as unknown as { media: { publish(s: MediaStream): Promise<void> } }).media.publish(
        stream,
      );
    });
    console.log('model connected');

    const viewer = await open();
    let watcher: ReturnType<typeof media.watch> = null;
    await viewer.exposeFunction('sendSignal', (data: SignalData) => watcher?.signal(data));
    await viewer.evaluate(script);
    await viewer.evaluate(() => {
      const video = document.getElementById('v') as HTMLVideoElement;
      void (window as unknown as { media: { watch(): Promise<MediaStream> } }).media
        .watch()
        .then((stream) => {
          video.srcObject = stream;
        });
    });
    watcher = media.watch(1, 'viewer-1', relay(viewer));
    await viewer.waitForFunction(
      () => {
        const video = document.getElementById('v') as HTMLVideoElement;
        return video.videoWidth > 0 && video.currentTime > 1;
      },
      null,
      { timeout: 20_000 },
    );
    const result = await viewer.evaluate(async () => {
      const video = document.getElementById('v') as HTMLVideoElement;
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(video, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let lit = 0;
      for (let i = 0; i < pixels.length; i += 4)
        if ((pixels[i] ?? 0) + (pixels[i + 1] ?? 0) + (pixels[i + 2] ?? 0) > 30) lit += 1;
      const pc = (window as unknown as { pc: RTCPeerConnection }).pc;
      const stats = await pc.getStats();
      const codecs: string[] = [];
      let framesDecoded = 0;
      stats.forEach((report) => {
        if (report.type === 'codec') codecs.push(report.mimeType);
        if (report.type === 'inbound-rtp' && report.kind === 'video') framesDecoded = report.framesDecoded;
      });
      return {
        width: video.videoWidth,
        height: video.videoHeight,
        currentTime: video.currentTime,
        litShare: lit / (pixels.length / 4),
        codecs,
        framesDecoded,
      };
    });
    console.log(JSON.stringify(result));
    let ok = result.litShare > 0.1 && result.framesDecoded > 10 && result.codecs.includes('video/VP8');

    // Pause as the model's page does (tracks disabled and off the senders) and as the server does.
    const framesDecoded = () =>
      viewer.evaluate(async () => {
        const stats = await (window as unknown as { pc: RTCPeerConnection }).pc.getStats();
        let frames = 0;
        stats.forEach((report) => {
          if (report.type === 'inbound-rtp' && report.kind === 'video') frames = report.framesDecoded;
        });
        return frames;
      });
    const setModelPaused = (paused: boolean) =>
      model.evaluate((value) => {
        (window as unknown as { media: { setPaused(p: boolean): void } }).media.setPaused(value);
      }, paused);
    await media.setPaused(1, true);
    await setModelPaused(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pausedAt = await framesDecoded();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const whilePaused = (await framesDecoded()) - pausedAt;
    await setModelPaused(false);
    await media.setPaused(1, false);
    const resumedAt = await framesDecoded();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const afterResume = (await framesDecoded()) - resumedAt;
    console.log(
      JSON.stringify({ framesWhilePaused: whilePaused, framesInTheFirst1500msAfterResume: afterResume }),
    );
    ok &&= whilePaused === 0 && afterResume > 10;

    // A viewer joining a running stream: how long until its first picture (the SFU asks the
    // model's browser for a key frame when the viewer connects).
    const late = await open();
    let lateWatcher: ReturnType<typeof media.watch> = null;
    await late.exposeFunction('sendSignal', (data: SignalData) => lateWatcher?.signal(data));
    await late.evaluate(script);
    const joinedAt = Date.now();
    await late.evaluate(() => {
      const video = document.getElementById('v') as HTMLVideoElement;
      void (window as unknown as { media: { watch(): Promise<MediaStream> } }).media
        .watch()
        .then((stream) => {
          video.srcObject = stream;
        });
    });
    lateWatcher = media.watch(1, 'viewer-2', relay(late));
    await late.waitForFunction(
      () => (document.getElementById('v') as HTMLVideoElement).videoWidth > 0,
      null,
      {
        timeout: 10_000,
      },
    );
    const firstPictureMs = Date.now() - joinedAt;
    console.log(JSON.stringify({ lateViewerFirstPictureMs: firstPictureMs }));
    ok &&= firstPictureMs < 3_000;
    console.log(ok ? 'PASS' : 'FAIL');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await browser.close();
    await media.close();
    server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
