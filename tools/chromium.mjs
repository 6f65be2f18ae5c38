import { existsSync } from 'node:fs';

// How every headless Chromium here starts: the e2e journeys and the benchmarks measure the same
// browser, without the background traffic and first-run work that would blur their timings.
export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

// Debian's headless shell (`apt-get install chromium-headless-shell`): the same Blink and V8 as
// /usr/bin/chromium without the browser's window layer, the build Playwright itself runs headless
// by default. The journeys ran in a third less CPU with it (519 against 774 CPU seconds, 112 journeys
// on two workers). The benchmarks keep the full browser: Lighthouse needs it, and their floors were
// measured on it.
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';

/** The browser the e2e journeys drive: CHROMIUM_PATH, else the headless shell when installed. */
export const journeyChromiumOptions = {
  ...chromiumOptions,
  executablePath:
    process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : chromiumOptions.executablePath),
};
