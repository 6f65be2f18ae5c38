import { ADJUSTMENT_APPROVAL_RUBLES_DEFAULT, TOP_PLACEMENT } from 'contracts';
import { AD_SLOTS_PER_DAY_DEFAULT } from 'contracts/campaigns';
import { DEFAULT_COMPLAINT_HOLD_THRESHOLD } from './modules/complaints/hold';
import { DEFAULT_RUB_PER_USD } from './modules/prices/pricing';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app';
import { readServerConfig } from './config';
import { seed } from './db/seed';
import { parseTrustProxy } from './lib/trust-proxy';
import { scaledSocketLimits } from './lib/socket-limits';
import { DEFAULT_ADMIN_EMAIL, derivedPassword, seedAccounts } from './db/seed-accounts';
import { scaledRateLimits } from './modules/auth/rate-limits';
import { PAYMENT_ORDER_RATE_LIMIT } from './modules/payments/settings';
import { findBuiltApps } from './plugins/static';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const env = process.env;
const staticRoot = path.resolve(env.STATIC_ROOT ?? repoRoot);
const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data', 'pglite'));

/**
 * Without AUTH_SECRET (the embedded default) a secret is made once and kept beside the data,
 * so sessions survive a restart. Several instances behind a load balancer must share AUTH_SECRET.
 */
async function localSecret(file: string): Promise<string> {
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

async function main(): Promise<void> {
  const config = readServerConfig(env);
  const { port, host, production } = config;
  // Read by V8 at each major collection, so it holds from here on (see DEFAULT_HEAP_GROWING_PERCENT).
  const { heapGrowingPercent } = config.operations;
  if (heapGrowingPercent > 0) setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  const development = env.NODE_ENV === 'development';
  const rateLimitFactor = Number(env.RATE_LIMIT_FACTOR ?? 1);
  if (!(rateLimitFactor > 0)) {
    throw new Error(`RATE_LIMIT_FACTOR must be a number above 0, not "${env.RATE_LIMIT_FACTOR}"`);
  }
  const listingCacheMs = Number(env.LISTING_CACHE_MS ?? 2_000);
  if (!Number.isInteger(listingCacheMs) || listingCacheMs < 0) {
    throw new Error(`LISTING_CACHE_MS must be a whole number of milliseconds, not "${env.LISTING_CACHE_MS}"`);
  }
  const listingAnchorMs = Number(env.LISTING_ANCHOR_MS ?? 60_000);
  if (!Number.isInteger(listingAnchorMs) || listingAnchorMs < 0) {
    throw new Error(
      `LISTING_ANCHOR_MS must be a whole number of milliseconds, not "${env.LISTING_ANCHOR_MS}"`,
    );
  }
  const wsMaxConnections = Number(env.WS_MAX_CONNECTIONS ?? 10_000);
  if (!Number.isInteger(wsMaxConnections) || wsMaxConnections < 1) {
    throw new Error(`WS_MAX_CONNECTIONS must be a whole number above 0, not "${env.WS_MAX_CONNECTIONS}"`);
  }
  const rubPerUsd = Number(env.RUB_PER_USD ?? DEFAULT_RUB_PER_USD);
  if (!(rubPerUsd > 0)) throw new Error(`RUB_PER_USD must be a number above 0, not "${env.RUB_PER_USD}"`);
  const complaintHoldThreshold = Number(env.COMPLAINT_HOLD_THRESHOLD ?? DEFAULT_COMPLAINT_HOLD_THRESHOLD);
  if (!Number.isInteger(complaintHoldThreshold) || complaintHoldThreshold < 1) {
    throw new Error(
      `COMPLAINT_HOLD_THRESHOLD must be a whole number above 0, not "${env.COMPLAINT_HOLD_THRESHOLD}"`,
    );
  }
  const adjustmentApprovalRubles = Number(
    env.ADJUSTMENT_APPROVAL_RUBLES ?? ADJUSTMENT_APPROVAL_RUBLES_DEFAULT,
  );
  if (!Number.isInteger(adjustmentApprovalRubles) || adjustmentApprovalRubles < 0) {
    throw new Error(
      `ADJUSTMENT_APPROVAL_RUBLES must be a whole number of rubles, 0 or more, not "${env.ADJUSTMENT_APPROVAL_RUBLES}"`,
    );
  }
  const topPlacement = {
    slotsPerCity: Number(env.TOP_SLOTS_PER_CITY ?? TOP_PLACEMENT.slotsPerCity),
    days: Number(env.TOP_DAYS ?? TOP_PLACEMENT.days),
  };
  if (!Object.values(topPlacement).every((value) => Number.isInteger(value) && value > 0)) {
    throw new Error('TOP_SLOTS_PER_CITY and TOP_DAYS must be whole numbers above 0');
  }
  const adSlotsPerDay = Number(env.AD_SLOTS_PER_DAY ?? AD_SLOTS_PER_DAY_DEFAULT);
  if (!Number.isInteger(adSlotsPerDay) || adSlotsPerDay < 1) {
    throw new Error(`AD_SLOTS_PER_DAY must be a whole number above 0, not "${env.AD_SLOTS_PER_DAY}"`);
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const secret = config.authSecret ?? (await localSecret(path.join(path.dirname(dataDir), 'auth-secret')));
  const app = await buildApp({
    database: { url: env.DATABASE_URL || undefined, dataDir },
    // Several instances behind a balancer share limits, cache clears and presence through Redis.
    redisUrl: config.redisUrl,
    staticRoot,
    remotesJson: env.REMOTES_JSON || undefined,
    // Quiet by default so the console shows the one line below; LOG_LEVEL=info logs requests.
    logger: { level: env.LOG_LEVEL ?? 'warn' },
    secret,
    secureCookies: config.secureCookies,
    smtpUrl: config.smtpUrl,
    publicUrl: config.publicUrl,
    // Without SMTP (never in production) the console line is how a code or link reaches whoever runs the server.
    mailToConsole: !config.smtpUrl,
    devPages: config.devPages,
    keepMailBodies: !production,
    serveSourceMaps: !production,
    strictRemotes: production,
    hsts: production && config.publicUrl.startsWith('https:'),
    // E2E runs and load tests from one address raise the limits (e.g. RATE_LIMIT_FACTOR=50).
    rateLimits: scaledRateLimits(rateLimitFactor),
    socketLimits: scaledSocketLimits(rateLimitFactor, { total: wsMaxConnections }),
    listingCacheMs,
    listingAnchorMs,
    // The ads of a page are shared as briefly as a listing page.
    adsCacheMs: listingCacheMs,
    adSlotsPerDay,
    trustProxy,
    rubPerUsd,
    complaintHoldThreshold,
    adjustmentApprovalRubles,
    releaseToken: releaseTokenOf(env.RELEASE_TOKEN),
    // Released remotes, served at /mfe/<name>/<version>/ (the release command copies them here).
    releaseStore: path.resolve(env.RELEASE_STORE_DIR || path.join(repoRoot, '.data', 'releases')),
    telemetrySample: telemetrySampleOf(env.TELEMETRY_SAMPLE),
    // Releases served by a CDN (the release command's RELEASE_BASE_URL): the page may load them.
    releaseOrigins: env.RELEASE_BASE_URL ? [new URL(env.RELEASE_BASE_URL).origin] : [],
    topPlacement,
    payments: config.payments,
    paymentOrderRateLimit: {
      max: Math.ceil(PAYMENT_ORDER_RATE_LIMIT.max * rateLimitFactor),
      windowSeconds: PAYMENT_ORDER_RATE_LIMIT.windowSeconds,
    },
    paymentsTestDelay: config.paymentsTestDelay,
    authResendCooldownSeconds: config.authResendCooldownSeconds,
    // Live streams' media: the embedded SFU, or LiveKit when its keys are set (STREAM_ICE_SERVERS, LIVEKIT_*).
    streamMediaConfig: config,
    jobs: true,
    // Uploaded media: a bucket when S3_BUCKET is set, else MEDIA_DIR or .data/media.
    mediaDir: path.resolve(config.mediaDir ?? path.join(repoRoot, '.data', 'media')),
    mediaS3: config.mediaS3,
    mediaUploadsPerHour: { max: Math.max(1, Math.round(60 * rateLimitFactor)), windowSeconds: 60 * 60 },
    metrics: { allow: config.operations.metricsAllow, token: config.operations.metricsToken },
    slowTestRouteMs: config.operations.slowTestRouteMs,
  });

  // Production gets the reference data (prices, cities, services) and no demo profiles or codes.
  const result = await seed(app.db, { demo: !production, demoOnline: development });
  // Production gets an administrator only from ADMIN_PASSWORD, and no demo accounts; elsewhere
  // the passwords are derived from the local secret, and development prints them below.
  const adminPassword = env.ADMIN_PASSWORD || (production ? undefined : derivedPassword(secret, 'admin'));
  const seededAccounts = await seedAccounts(app.db, {
    admin: adminPassword
      ? { email: env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL, password: adminPassword }
      : undefined,
    demoPassword: production ? undefined : env.DEMO_PASSWORD || derivedPassword(secret, 'demo'),
    rubPerUsd,
  });

  // A graceful shutdown (a deploy, a scale-down): readiness says closing, so the balancer stops
  // sending requests (given SHUTDOWN_DELAY_MS to notice while the instance still serves them); the
  // server stops accepting connections and answers the requests it has;
  // sockets hear 1001 (going away) and reconnect to another instance; the jobs stop and the
  // database closes last. A connection that never ends cannot hold the process past the deadline.
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.readiness.close();
    const { shutdownTimeoutMs, shutdownDelayMs } = config.operations;
    const timer = setTimeout(() => {
      app.log.error({ signal, shutdownTimeoutMs }, 'shutdown: still draining at the deadline, exiting');
      process.exit(1);
    }, shutdownTimeoutMs);
    timer.unref();
    try {
      if (shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, shutdownDelayMs));
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error, signal }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port, host });

  // Say so when the front end was asked for but is not built, instead of answering 404s silently.
  if ((production || env.STATIC_ROOT) && !findBuiltApps(staticRoot).shell) {
    console.warn(`No built shell in ${staticRoot}/shell/dist: only the API is served. Build the apps first.`);
  }
  const database = app.dbKind === 'pglite' ? `PGlite (${app.dbLocation})` : `PostgreSQL (${app.dbLocation})`;
  const seeded = result.seeded ? `, seeded ${result.profiles} demo profiles` : '';
  // `npm start` passes the moment it began, so the time includes install and build.
  const since = Number(env.START_TIME) || performance.timeOrigin;
  const seconds = ((Date.now() - since) / 1000).toFixed(1);
  console.log(`Site ready: http://localhost:${port} — database: ${database}${seeded}; up in ${seconds} s`);
  if (development) {
    for (const account of seededAccounts.accounts) {
      const password = account.passwordWorks ? account.password : '(password changed since)';
      console.log(`  ${account.label}: ${account.email} / ${password}`);
    }
    if (config.devPages) console.log(`  mail (codes, restore links): http://localhost:${port}/api/dev/mail`);
  }
  if (config.payments.provider === 'off') {
    console.warn('Payments are off: set NOWPAYMENTS_API_KEY and NOWPAYMENTS_IPN_SECRET to take top-ups.');
  }
  if (config.paymentsTestDelay) {
    console.warn(
      `Test hook on: webhooks pause ${config.paymentsTestDelay.ms} ms ${config.paymentsTestDelay.at}.`,
    );
  }
  if (config.operations.slowTestRouteMs !== undefined) {
    console.warn(`Test hook on: GET /api/test/slow answers after ${config.operations.slowTestRouteMs} ms.`);
  }
  if (config.authResendCooldownSeconds) {
    console.warn(
      `Test hook on: registration codes can be sent again after ${config.authResendCooldownSeconds} s.`,
    );
  }
  if (seededAccounts.adminMissing) {
    console.warn('No administrator account: set ADMIN_EMAIL and ADMIN_PASSWORD to create one.');
  }
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});

/** TELEMETRY_SAMPLE: the share of page sessions that report telemetry, 0 to 1 (every one by default). */
function telemetrySampleOf(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const sample = Number(value);
  if (!Number.isFinite(sample) || sample < 0 || sample > 1) {
    throw new Error('TELEMETRY_SAMPLE must be a number from 0 to 1 (0.1 = one page session in ten)');
  }
  return sample;
}

/** RELEASE_TOKEN: what deploy pipelines send to change the remote registry; unset, they cannot. */
function releaseTokenOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 32)
    throw new Error('RELEASE_TOKEN must be at least 32 characters (openssl rand -hex 32)');
  return value;
}
