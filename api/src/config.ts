import { iceServer } from 'contracts/streams';
import * as v from 'valibot';
import { parseNetworks } from './lib/networks';
import type { S3StorageConfig } from './modules/media/s3-storage';
import { DEFAULT_NOWPAYMENTS_API_URL } from './modules/payments/providers';
import type { PaymentsSettings, PaymentsTestDelay } from './modules/payments/settings';

/**
 * The server's settings from its environment, checked before anything starts: a production
 * server refuses to run without what it cannot safely do without.
 */
export interface ServerConfig {
  port: number;
  host: string;
  production: boolean;
  /** Development pages (the mail outbox): only when DEV_PAGES names them, never in production. */
  devPages: boolean;
  /** An explicit AUTH_SECRET (else a local one is made beside the data). */
  authSecret: string | undefined;
  /**
   * PUBLIC_URL, else the origin the server listens on: links in mails, canonical links,
   * robots.txt and the sitemap, never a request's Host.
   */
  publicUrl: string;
  smtpUrl: string | undefined;
  /** Cookies marked Secure: everywhere but a plain-http localhost. */
  secureCookies: boolean;
  /** MEDIA_DIR: the folder of uploaded media (the server's default is `.data/media`). */
  mediaDir: string | undefined;
  /** An S3-compatible bucket for uploaded media, when S3_BUCKET is set (then MEDIA_DIR is unused). */
  mediaS3: S3StorageConfig | undefined;
  /** The top-up gateway: NOWPayments with its keys, else the sandbox (off in production). */
  payments: PaymentsSettings;
  /** PAYMENTS_TEST_DELAY_MS / _AT: the kill test's pause; never in production. */
  paymentsTestDelay: PaymentsTestDelay | undefined;
  /**
   * AUTH_RESEND_COOLDOWN_SECONDS: the wait before a registration code can be sent again, instead
   * of the product's 60 s, for the browser journey that waits it out; never in production.
   */
  authResendCooldownSeconds: number | undefined;
  /** Live streams' media: the embedded SFU's settings, and LiveKit when its keys are set. */
  streamMedia: StreamMediaSettings;
  /** REDIS_URL: what several instances share (limits, cache clears, presence, streams); else memory. */
  redisUrl: string | undefined;
  /** What operators configure: who reads /metrics, how long a shutdown may take (readOperationsConfig). */
  operations: OperationsSettings;
}

export interface StreamMediaSettings {
  /** STREAM_ICE_SERVERS: STUN/TURN servers for the browsers and the embedded SFU. */
  iceServers: Array<{ urls: string | string[]; username?: string; credential?: string }>;
  /** STREAM_MAX_VIEWERS: viewers one stream holds (the embedded SFU; LiveKit's room limit). */
  maxViewers: number;
  /** STREAM_UDP_PORTS: the UDP ports the embedded SFU's connections use (else any the system gives). */
  udpPorts: [number, number] | undefined;
  /** LIVEKIT_URL with LIVEKIT_API_KEY and LIVEKIT_API_SECRET: LiveKit instead of the embedded SFU. */
  livekit: { url: string; apiUrl: string; apiKey: string; apiSecret: string } | undefined;
}

const MIN_SECRET_BYTES = 32;

/** Hosts a browser treats as a secure context even over plain http. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What NODE_ENV may say. Unset is production: a server started as it is deployed
 * (`node api/dist/server.js`) never turns on demo data, the sandbox gateway or source maps by
 * accident; `npm start` and the tests say `development` or `test`.
 */
const MODES = ['production', 'development', 'test'] as const;

export function readServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const mode = env.NODE_ENV || 'production';
  if (!(MODES as readonly string[]).includes(mode)) {
    throw new Error(
      `NODE_ENV must be one of ${MODES.join(', ')} (unset is production), not "${env.NODE_ENV}"`,
    );
  }
  const production = mode === 'production';
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${env.PORT}"`);
  }
  const authSecret = env.AUTH_SECRET || undefined;
  if (authSecret !== undefined && Buffer.byteLength(authSecret) < MIN_SECRET_BYTES) {
    throw new Error(
      `AUTH_SECRET must be at least ${MIN_SECRET_BYTES} bytes long (e.g. openssl rand -base64 48)`,
    );
  }
  if (production && !env.PUBLIC_URL) {
    throw new Error('PUBLIC_URL is required in production: links in mails are built from it');
  }
  if (production && !env.SMTP_URL) {
    throw new Error('SMTP_URL is required in production: codes and links must not wait in a table');
  }
  const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
  let parsed: URL;
  try {
    parsed = new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL such as https://example.com, not "${publicUrl}"`);
  }
  const devPagesAsked = (env.DEV_PAGES ?? '').split(',').map((name) => name.trim());
  if (production && devPagesAsked.includes('mail')) {
    throw new Error('DEV_PAGES cannot be switched on in production');
  }
  let authResendCooldownSeconds: number | undefined;
  if (env.AUTH_RESEND_COOLDOWN_SECONDS) {
    if (production) {
      throw new Error('AUTH_RESEND_COOLDOWN_SECONDS is a test hook and is refused in production');
    }
    authResendCooldownSeconds = Number(env.AUTH_RESEND_COOLDOWN_SECONDS);
    if (!Number.isInteger(authResendCooldownSeconds) || authResendCooldownSeconds < 1) {
      throw new Error(
        `AUTH_RESEND_COOLDOWN_SECONDS must be a whole number of seconds above 0, not "${env.AUTH_RESEND_COOLDOWN_SECONDS}"`,
      );
    }
  }
  return {
    redisUrl: readRedisUrl(env),
    authResendCooldownSeconds,
    mediaDir: env.MEDIA_DIR || undefined,
    mediaS3: readS3Config(env),
    ...readPaymentsConfig(env, production),
    streamMedia: readStreamMediaConfig(env, production),
    operations: readOperationsConfig(env, production),
    port,
    // Development listens on this machine only unless told otherwise; production serves the network.
    host: env.HOST || (production ? '0.0.0.0' : '127.0.0.1'),
    production,
    devPages: !production && devPagesAsked.includes('mail'),
    authSecret,
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    secureCookies: !(parsed.protocol === 'http:' && LOCAL_HOSTS.has(parsed.hostname)),
  };
}

/** REDIS_URL: redis://[user:password@]host[:port][/db], or rediss:// over TLS. */
export function readRedisUrl(env: Record<string, string | undefined>): string | undefined {
  const url = env.REDIS_URL || undefined;
  if (url === undefined) return undefined;
  let parsed: URL | null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  // `redis:6379` parses too, as a path: a host is required.
  if (!parsed || !['redis:', 'rediss:'].includes(parsed.protocol) || !parsed.hostname) {
    throw new Error('REDIS_URL must be a URL such as redis://127.0.0.1:6379 (or rediss:// over TLS)');
  }
  return url;
}

const DEFAULT_STREAM_MAX_VIEWERS = 200;
const LIVEKIT_VARIABLES = ['LIVEKIT_URL', 'LIVEKIT_API_KEY', 'LIVEKIT_API_SECRET'] as const;

/**
 * STREAM_ICE_SERVERS (a JSON array of RTCIceServer; none by default, enough on one machine or a
 * LAN), STREAM_MAX_VIEWERS (200), STREAM_UDP_PORTS (a range such as 40000-40999), and LiveKit: LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET
 * together or not at all, LIVEKIT_API_URL (the server API, by default LIVEKIT_URL over http(s)).
 */
export function readStreamMediaConfig(
  env: Record<string, string | undefined>,
  production: boolean,
): StreamMediaSettings {
  let iceServers: StreamMediaSettings['iceServers'] = [];
  if (env.STREAM_ICE_SERVERS) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(env.STREAM_ICE_SERVERS);
    } catch {
      parsed = undefined;
    }
    const checked = v.safeParse(v.array(iceServer), parsed);
    if (!checked.success) {
      throw new Error(
        'STREAM_ICE_SERVERS must be a JSON array of ICE servers such as [{"urls":"stun:stun.example.com:3478"},{"urls":"turn:turn.example.com:3478","username":"u","credential":"p"}]',
      );
    }
    iceServers = checked.output;
  }
  let maxViewers = DEFAULT_STREAM_MAX_VIEWERS;
  if (env.STREAM_MAX_VIEWERS) {
    maxViewers = Number(env.STREAM_MAX_VIEWERS);
    if (!Number.isInteger(maxViewers) || maxViewers < 1) {
      throw new Error(`STREAM_MAX_VIEWERS must be a whole number above 0, not "${env.STREAM_MAX_VIEWERS}"`);
    }
  }
  let udpPorts: [number, number] | undefined;
  if (env.STREAM_UDP_PORTS) {
    const match = /^(\d+)-(\d+)$/.exec(env.STREAM_UDP_PORTS.trim());
    const low = Number(match?.[1]);
    const high = Number(match?.[2]);
    if (!match || low < 1024 || high > 65_535 || high <= low) {
      throw new Error(
        `STREAM_UDP_PORTS must be a range of ports such as 40000-40999 (from 1024, the second above the first), not "${env.STREAM_UDP_PORTS}"`,
      );
    }
    udpPorts = [low, high];
  }
  const set = LIVEKIT_VARIABLES.filter((name) => env[name]);
  if (set.length === 0) {
    if (env.LIVEKIT_API_URL) throw new Error('LIVEKIT_API_URL set without LIVEKIT_URL and its keys');
    return { iceServers, maxViewers, udpPorts, livekit: undefined };
  }
  if (set.length < LIVEKIT_VARIABLES.length) {
    const missing = LIVEKIT_VARIABLES.filter((name) => !env[name]);
    throw new Error(
      `LiveKit needs LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET together: ${missing.join(', ')} missing`,
    );
  }
  const url = env.LIVEKIT_URL as string;
  const urlOk = /^wss?:\/\//i.test(url) && URL.canParse(url);
  if (!urlOk) throw new Error(`LIVEKIT_URL must be a ws:// or wss:// URL, not "${url}"`);
  if (production && !/^wss:/i.test(url)) {
    throw new Error('LIVEKIT_URL must be wss:// in production: https pages cannot open a plain ws:// socket');
  }
  const apiUrl = env.LIVEKIT_API_URL || url.replace(/^ws(s?):\/\//i, 'http$1://');
  if (!/^https?:\/\//i.test(apiUrl) || !URL.canParse(apiUrl)) {
    throw new Error(`LIVEKIT_API_URL must be an http:// or https:// URL, not "${apiUrl}"`);
  }
  return {
    iceServers,
    maxViewers,
    udpPorts,
    livekit: {
      url,
      apiUrl,
      apiKey: env.LIVEKIT_API_KEY as string,
      apiSecret: env.LIVEKIT_API_SECRET as string,
    },
  };
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'];

/**
 * S3_BUCKET switches uploaded media to a bucket; S3_ENDPOINT names an S3-compatible service (MinIO,
 * R2...), S3_REGION defaults to us-east-1, keys come from S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY
 * (or the SDK's usual chain), S3_FORCE_PATH_STYLE (default: on with an endpoint) and S3_PREFIX.
 */
function readS3Config(env: Record<string, string | undefined>): S3StorageConfig | undefined {
  const bucket = env.S3_BUCKET || undefined;
  if (!bucket) {
    const stray = S3_VARIABLES.filter((name) => env[name]);
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set without S3_BUCKET`);
    return undefined;
  }
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint) {
    try {
      new URL(endpoint);
    } catch {
      throw new Error(
        `S3_ENDPOINT must be an absolute URL such as https://s3.example.com, not "${endpoint}"`,
      );
    }
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  if (pathStyle && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false, not "${pathStyle}"`);
  }
  return {
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: pathStyle ? pathStyle === 'true' : !!endpoint,
    prefix: env.S3_PREFIX || undefined,
  };
}

/** The gateway from NOWPAYMENTS_* (both keys or neither), and the test-only delay. */
function readPaymentsConfig(
  env: Record<string, string | undefined>,
  production: boolean,
): Pick<ServerConfig, 'payments' | 'paymentsTestDelay'> {
  const apiKey = env.NOWPAYMENTS_API_KEY || undefined;
  const ipnSecret = env.NOWPAYMENTS_IPN_SECRET || undefined;
  if ((apiKey === undefined) !== (ipnSecret === undefined)) {
    throw new Error('NOWPAYMENTS_API_KEY and NOWPAYMENTS_IPN_SECRET are set together or not at all');
  }
  let payments: PaymentsSettings;
  if (apiKey && ipnSecret) {
    const apiUrl = env.NOWPAYMENTS_API_URL || DEFAULT_NOWPAYMENTS_API_URL;
    try {
      new URL(apiUrl);
    } catch {
      throw new Error(`NOWPAYMENTS_API_URL must be an absolute URL, not "${apiUrl}"`);
    }
    payments = { provider: 'nowpayments', apiKey, ipnSecret, apiUrl };
  } else if (env.PAYMENTS_SANDBOX === '1') {
    // A sandbox lets anyone raise a balance for nothing: asked for by name, and never in production.
    if (production) throw new Error('PAYMENTS_SANDBOX is a development gateway and is refused in production');
    const sandboxSecret = env.PAYMENTS_SANDBOX_SECRET || undefined;
    if (sandboxSecret !== undefined && Buffer.byteLength(sandboxSecret) < MIN_SECRET_BYTES) {
      throw new Error(`PAYMENTS_SANDBOX_SECRET must be at least ${MIN_SECRET_BYTES} bytes long`);
    }
    payments = { provider: 'sandbox', sandboxSecret };
  } else {
    if (env.PAYMENTS_SANDBOX)
      throw new Error(`PAYMENTS_SANDBOX is 1 or unset, not "${env.PAYMENTS_SANDBOX}"`);
    payments = { provider: 'off' };
  }

  let paymentsTestDelay: PaymentsTestDelay | undefined;
  if (env.PAYMENTS_TEST_DELAY_MS) {
    if (production) throw new Error('PAYMENTS_TEST_DELAY_MS is a test hook and is refused in production');
    const ms = Number(env.PAYMENTS_TEST_DELAY_MS);
    if (!Number.isInteger(ms) || ms < 0) {
      throw new Error(
        `PAYMENTS_TEST_DELAY_MS must be a whole number of milliseconds, not "${env.PAYMENTS_TEST_DELAY_MS}"`,
      );
    }
    const at = env.PAYMENTS_TEST_DELAY_AT ?? 'after-commit';
    if (at !== 'after-commit' && at !== 'before-commit') {
      throw new Error(`PAYMENTS_TEST_DELAY_AT must be after-commit or before-commit, not "${at}"`);
    }
    paymentsTestDelay = { ms, at };
  }
  return { payments, paymentsTestDelay };
}

export interface OperationsSettings {
  /** METRICS_ALLOW: the networks that may read /metrics without a token (loopback by default). */
  metricsAllow: string;
  /** METRICS_TOKEN: a bearer token that reads /metrics from anywhere; none by default. */
  metricsToken: string | undefined;
  /** SHUTDOWN_TIMEOUT_MS: the longest a SIGTERM's drain may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /**
   * SHUTDOWN_DELAY_MS: after a SIGTERM, how long the instance keeps serving (readiness 503) before
   * it stops accepting connections, for a balancer that probes readiness to stop sending it any.
   */
  shutdownDelayMs: number;
  /** SLOW_TEST_ROUTE_MS: GET /api/test/slow answers after this long (the shutdown test); never in production. */
  slowTestRouteMs: number | undefined;
  /**
   * HEAP_GROWING_PERCENT: how far V8 lets its old space grow past what survived its last major
   * collection before the next one (0: V8's own choice). See DEFAULT_HEAP_GROWING_PERCENT.
   */
  heapGrowingPercent: number;
}

export const DEFAULT_METRICS_ALLOW = '127.0.0.0/8, ::1/128';
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 25_000;
/**
 * V8's own choice lets the old space grow up to four times what survived on a machine with memory
 * to spare. Under a crawler (issue 31) each page's data outlives a few young collections and dies
 * in the old space, so at 200 pages a second the heap grew to about 300 MB between major
 * collections for about 90 MB alive: RSS 350-440 MB. Twice what survived held it at 280 MB for the
 * same pages a second and CPU a page (interleaved runs in bench/README.md, ninth pass).
 */
export const DEFAULT_HEAP_GROWING_PERCENT = 100;
const MAX_HEAP_GROWING_PERCENT = 400;
const MIN_METRICS_TOKEN_LENGTH = 16;

/**
 * The operators' settings (issue 29): METRICS_ALLOW (a comma-separated list of networks; empty: only
 * the token), METRICS_TOKEN, SHUTDOWN_TIMEOUT_MS (25 s: under the 30 s most orchestrators wait
 * before a SIGKILL), SHUTDOWN_DELAY_MS (0; part of the timeout) and the shutdown test's
 * SLOW_TEST_ROUTE_MS.
 */
export function readOperationsConfig(
  env: Record<string, string | undefined>,
  production: boolean,
): OperationsSettings {
  const metricsAllow = env.METRICS_ALLOW ?? DEFAULT_METRICS_ALLOW;
  try {
    parseNetworks(metricsAllow);
  } catch (error) {
    throw new Error(`METRICS_ALLOW: ${(error as Error).message}`);
  }
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && metricsToken.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new Error(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters long`);
  }
  const shutdownTimeoutMs = Number(env.SHUTDOWN_TIMEOUT_MS ?? DEFAULT_SHUTDOWN_TIMEOUT_MS);
  if (!Number.isInteger(shutdownTimeoutMs) || shutdownTimeoutMs < 1) {
    throw new Error(
      `SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds above 0, not "${env.SHUTDOWN_TIMEOUT_MS}"`,
    );
  }
  const shutdownDelayMs = Number(env.SHUTDOWN_DELAY_MS ?? 0);
  if (!Number.isInteger(shutdownDelayMs) || shutdownDelayMs < 0 || shutdownDelayMs >= shutdownTimeoutMs) {
    throw new Error(
      `SHUTDOWN_DELAY_MS must be a whole number of milliseconds below SHUTDOWN_TIMEOUT_MS, not "${env.SHUTDOWN_DELAY_MS}"`,
    );
  }
  let slowTestRouteMs: number | undefined;
  if (env.SLOW_TEST_ROUTE_MS) {
    if (production) throw new Error('SLOW_TEST_ROUTE_MS is a test hook and is refused in production');
    slowTestRouteMs = Number(env.SLOW_TEST_ROUTE_MS);
    if (!Number.isInteger(slowTestRouteMs) || slowTestRouteMs < 0) {
      throw new Error(
        `SLOW_TEST_ROUTE_MS must be a whole number of milliseconds, not "${env.SLOW_TEST_ROUTE_MS}"`,
      );
    }
  }
  const heapGrowingPercent = Number(env.HEAP_GROWING_PERCENT || DEFAULT_HEAP_GROWING_PERCENT);
  if (
    !Number.isInteger(heapGrowingPercent) ||
    heapGrowingPercent < 0 ||
    heapGrowingPercent > MAX_HEAP_GROWING_PERCENT
  ) {
    throw new Error(
      `HEAP_GROWING_PERCENT must be a whole number from 0 (V8's own choice) to ${MAX_HEAP_GROWING_PERCENT}, not "${env.HEAP_GROWING_PERCENT}"`,
    );
  }
  return {
    metricsAllow,
    metricsToken,
    shutdownTimeoutMs,
    shutdownDelayMs,
    slowTestRouteMs,
    heapGrowingPercent,
  };
}
