import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { readStreamMediaConfig } from './config';
import type { DatabaseConfig } from './db/client';
import { API_COMPRESSION } from './lib/compression';
import { type TrustProxy, trustNearestHops } from './lib/trust-proxy';
import { type SocketLimits, socketLimitsPlugin } from './lib/socket-limits';
import {
  type AuthRateLimitOptions,
  type Limit,
  resolveRateLimits,
  routeLimitStore,
} from './modules/auth/rate-limits';
import type { RemoteRegistry } from 'contracts';
import { AD_SLOTS_PER_DAY_DEFAULT } from 'contracts/campaigns';
import { STREAM_FRAME_MAX_BYTES } from 'contracts/streams';
import { adImageRoutes } from './modules/ads/routes/images';
import { adRoutes } from './modules/ads/routes/serving';
import { servingPlugin } from './modules/ads/serving';
import { adminRoutes } from './modules/admin/routes';
import { databaseChannels } from './modules/releases/registry';
import { releaseRoutes } from './modules/releases/routes';
import { telemetryRetentionJobPlugin } from './modules/telemetry/retention';
import { telemetryRoutes } from './modules/telemetry/routes';
import { completionJobPlugin } from './modules/campaigns/completion';
import { campaignRoutes } from './modules/campaigns/routes';
import { authRoutes } from './modules/auth/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { cityRoutes } from './modules/cities/routes';
import { serviceRoutes } from './modules/services/routes';
import { DEFAULT_COMPLAINT_HOLD_THRESHOLD } from './modules/complaints/hold';
import { complaintRoutes } from './modules/complaints/routes';
import { clientAddress } from './modules/auth/rate-limits';
import { mailOutboxPlugin } from './modules/dev-mail/plugin';
import { devMailRoutes } from './modules/dev-mail/routes';
import { mediaFileRoutes } from './modules/media/routes/files';
import { mediaPlugin } from './modules/media/plugin';
import { profileMediaRoutes } from './modules/media/routes/profile-media';
import { mediaRoutes } from './modules/media/routes/placeholders';
import { listingCachePlugin } from './modules/catalog/listing-cache';
import { sloganPlugin } from './modules/site/slogan';
import { inProcessReadsPlugin } from './lib/in-process';
import type { S3StorageConfig } from './modules/media/s3-storage';
import { catalogRoutes } from './modules/catalog/routes';
import { notificationsPlugin } from './modules/notifications/plugin';
import { notificationRoutes } from './modules/notifications/routes';
import { presenceRoutes } from './modules/presence/routes';
import { presencePlugin } from './modules/presence/socket';
import { DEFAULT_RUB_PER_USD, pricingPlugin } from './modules/prices/pricing';
import { priceRoutes } from './modules/prices/routes';
import { recommendationRoutes } from './modules/recommendations/routes';
import { webhookRetentionJobPlugin } from './modules/payments/retention';
import { paymentRoutes } from './modules/payments/routes';
import type { PaymentsSettings, PaymentsTestDelay } from './modules/payments/settings';
import { accountRoutes } from './modules/account/routes';
import { expiryJobPlugin } from './modules/own-profiles/expiry';
import { ownProfileRoutes } from './modules/own-profiles/routes';
import { promoRoutes } from './modules/promo/routes';
import { type SeoOptions, seoRoutes } from './modules/seo/routes';
import { siteRoutes } from './modules/site/routes';
import { createStreamMedia } from './modules/streams/media/index';
import type { StreamMedia } from './modules/streams/media/types';
import { streamRoutes } from './modules/streams/routes';
import { type StreamsPluginOptions, streamsPlugin } from './modules/streams/socket';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin, replyWithError } from './plugins/errors';
import { mailPlugin } from './plugins/mail';
import { registryFileOf, remoteOriginsOf, securityHeadersPlugin } from './plugins/security-headers';
import { type SharedState, sharedPlugin } from './plugins/shared';
import { closeSocketsOnShutdown } from './lib/shutdown';
import { type MetricsPluginOptions, metricsPlugin } from './plugins/metrics';
import { readinessPlugin } from './plugins/readiness';
import { genReqId, requestIdPlugin } from './plugins/request-id';
import { slowTestRoutePlugin } from './plugins/slow-test-route';
import { pageVersionsRetentionJobPlugin } from './plugins/ssr/page-versions';
import { staticPlugin } from './plugins/static';

export interface AppOptions {
  database: DatabaseConfig;
  /** Folder holding `shell/dist` and `mfe-*\/dist`; nothing is served from disk without it. */
  staticRoot?: string | undefined;
  /** A file that replaces the shell's built /remotes.json. */
  remotesJson?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Signs session and CSRF tokens. Tests get a random one. */
  secret?: string;
  /** Secure cookies (everywhere but development and tests). */
  secureCookies?: boolean;
  /** SMTP server for mail; without it mail goes to the outbox table (and the console). */
  smtpUrl?: string | undefined;
  /** The site's public origin, for links in mails. */
  publicUrl?: string | undefined;
  /** Print a line per mail to the console when there is no SMTP server (not in tests). */
  mailToConsole?: boolean;
  /** Keep mail texts in the outbox (not in production: they hold codes and restore links). */
  keepMailBodies?: boolean;
  /** Strict-Transport-Security (the site is served over https). */
  hsts?: boolean;
  /** Serve the built apps' source maps (not in production: they publish the sources). */
  serveSourceMaps?: boolean;
  /**
   * Remote server builds only from this server or https, each pinned by its hash in the registry
   * (production).
   */
  strictRemotes?: boolean;
  /** Development pages such as /api/dev/mail (the outbox); never in production. */
  devPages?: boolean;
  /** Limits of sign-in, code and restore-link calls; the defaults are the real ones. */
  rateLimits?: AuthRateLimitOptions | undefined;
  /** Limits of every WebSocket route (origin, open sockets, upgrades); the defaults are the real ones. */
  socketLimits?: Partial<SocketLimits> | undefined;
  /** Rubles per US dollar, to charge balances (rubles) the prices of the tables (dollars). */
  rubPerUsd?: number;
  /** Slots of a city's top and the days one purchase lasts; the defaults are TOP_PLACEMENT's. */
  topPlacement?: { slotsPerCity: number; days: number } | undefined;
  /** Complaints from this many distinct visitors in a day hide a profile until it is reviewed. */
  complaintHoldThreshold?: number;
  /** Run the expiry job every minute (off in tests, which run it by hand with their own clock). */
  jobs?: boolean;
  /** How long a listing page may be served from memory (the server's default is 2 s); 0 = off. */
  listingCacheMs?: number;
  /**
   * How long where a listing page ended is kept, so the next page is read from there (by its key,
   * not its offset); 0 = off, the default here (the server's is a minute).
   */
  listingAnchorMs?: number;
  /** Which proxies' `X-Forwarded-For` names the client (see `parseTrustProxy`); none by default. */
  trustProxy?: TrustProxy;
  /** Folder of uploaded media (`.data/media` for the server); a temporary one, removed on close, when not given. */
  mediaDir?: string | undefined;
  /** Keep uploaded media in an S3-compatible bucket instead of `mediaDir`. */
  mediaS3?: S3StorageConfig | undefined;
  /** Uploads per account (the default is the real one, 60 an hour). */
  mediaUploadsPerHour?: Limit | undefined;
  /** The top-up gateway; the sandbox (with a secret of its own) by default. */
  payments?: PaymentsSettings;
  /** Top-up orders one account may create per window; the default is the real limit. */
  paymentOrderRateLimit?: { max: number; windowSeconds: number } | undefined;
  /** Test-only pause while a webhook is applied (the kill test); refused in production. */
  paymentsTestDelay?: PaymentsTestDelay | undefined;
  /** Seconds before a registration code can be sent again (the product's is AUTH_TIMINGS'); tests only. */
  authResendCooldownSeconds?: number | undefined;
  /** Rubles: a balance adjustment of more than this either way waits for a second administrator. */
  adjustmentApprovalRubles?: number | undefined;
  /** What deploy pipelines authenticate with at /api/releases* (RELEASE_TOKEN); without it they cannot. */
  releaseToken?: string | undefined;
  /** Origins a CDN serves released remotes from (RELEASE_BASE_URL's): their scripts and styles may run. */
  releaseOrigins?: string[] | undefined;
  /** The release store (RELEASE_STORE_DIR): released remotes, served at /mfe/<name>/<version>/. */
  releaseStore?: string | undefined;
  /** The share of page sessions that report telemetry (TELEMETRY_SAMPLE), written into every page. */
  telemetrySample?: number | undefined;
  /** Ads one placement (the main page, a city) holds a day (AD_SLOTS_PER_DAY). */
  adSlotsPerDay?: number | undefined;
  /** How long the ads of a page are shared between visitors (the server's default is 2 s); 0 = off. */
  adsCacheMs?: number | undefined;
  /** How many pages' ads that cache keeps at most (ADS_CACHE_MAX; tests make it small). */
  adsCacheMax?: number | undefined;
  /** The clock ad tokens are issued and checked by (tests move it on); Date.now by default. */
  adsClock?: (() => number) | undefined;
  /**
   * robots.txt and the sitemap (their origin is `publicUrl` unless given here, as are the pages'
   * canonical links; never a request's Host).
   */
  seo?: Partial<SeoOptions> | undefined;
  /** The media side of live streams (tests give a fake); by default createStreamMedia(streamMediaConfig). */
  streamMedia?: StreamMedia | undefined;
  /**
   * The server's config (its `streamMedia`: ICE servers, LiveKit); without it the embedded SFU
   * with no STUN/TURN servers, which works on one machine or a LAN.
   */
  streamMediaConfig?: Parameters<typeof createStreamMedia>[0] | undefined;
  /** Live streams' timers and limits (tests shorten the heartbeat and the reconnect grace). */
  streams?: Omit<StreamsPluginOptions, 'media'> | undefined;
  /** What instances share (a bus, Redis); by default this process alone (plugins/shared.ts). */
  sharedState?: SharedState | undefined;
  /** REDIS_URL: instances share limits, cache clears and the rest through this Redis. */
  redisUrl?: string | undefined;
  /** Who may read /metrics (METRICS_ALLOW, METRICS_TOKEN); loopback only by default. */
  metrics?: MetricsPluginOptions | undefined;
  /** Test-only GET /api/test/slow answering after this many ms (the shutdown test); refused in production. */
  slowTestRouteMs?: number | undefined;
  /** Sees every route as it is added, before any plugin (tests list the routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** The embedded SFU with the settings of an empty environment (no STUN/TURN servers). */
const DEFAULT_STREAM_MEDIA_CONFIG = { streamMedia: readStreamMediaConfig({}, false) };

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // A hop count is what proxy-addr's number form does: trust the nearest `n` addresses.
    trustProxy:
      typeof options.trustProxy === 'number'
        ? trustNearestHops(options.trustProxy)
        : (options.trustProxy ?? false),
    // Malformed URLs (bad percent-encoding, over-long params) get our error body, not Fastify's.
    frameworkErrors: (error, request, reply) => replyWithError(error, request, reply),
    // The shell's catch-all route receives a whole deep link as one parameter.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // The balancer's x-request-id when it is sane, else a UUID (plugins/request-id.ts).
    genReqId,
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const adSlotsPerDay = options.adSlotsPerDay ?? AD_SLOTS_PER_DAY_DEFAULT;
  // The origin that robots.txt, the sitemap and the pages' canonical links name: configured
  // (PUBLIC_URL, else the one the server listens on), never a request header.
  const seoOptions: SeoOptions = {
    ...options.seo,
    publicUrl: options.seo?.publicUrl ?? options.publicUrl ?? 'http://localhost:8080',
  };
  // Order matters: plugins only see what was registered before them and routes depend on the
  // decorators plugins add. External plugins come first (they decorate request and reply),
  // then our own plugins (error handling, the database, static files), then the routes.
  await app.register(requestIdPlugin);
  await app.register(fastifyCookie);
  await app.register(securityHeadersPlugin, {
    remoteOrigins: [
      ...remoteOriginsOf(registryFileOf(options.staticRoot, options.remotesJson)),
      ...(options.releaseOrigins ?? []),
    ],
    hsts: options.hsts ?? false,
  });
  // API answers compressed for browsers that accept it (lib/compression.ts: its settings, which a
  // shared listing page compressed once also follows); built files pass through untouched.
  await app.register(fastifyCompress, API_COMPRESSION);
  // Sockets carry small messages (the largest: a stream's SDP offer); refuse big frames before
  // buffering them.
  await app.register(fastifyWebsocket, {
    options: { maxPayload: STREAM_FRAME_MAX_BYTES },
    // On shutdown every socket hears 1001 (going away) and reconnects elsewhere.
    preClose: closeSocketsOnShutdown,
    // A client breaking the protocol (a frame over the limit, bad framing) is its own fault: the
    // socket is dropped (ws has already said 1009 or 1002) and nothing is logged as a server error.
    errorHandler(error, socket, request) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_'))
        request.log.info({ err: error }, 'socket refused a frame');
      else request.log.error({ err: error }, 'socket error');
      socket.terminate();
    },
  });

  await app.register(errorsPlugin);
  // Before any route, so that it sees every route being added.
  await app.register(docsPlugin);
  await app.register(dbPlugin, options.database);
  // GET /api/ready's checks: the database's here, others added by what they check (the shared
  // state's Redis, registered next, adds its own: `fastify.readiness.add`).
  await app.register(readinessPlugin);
  // What several instances share (the bus; Redis when configured): before the route limits, whose
  // counters it holds then, and before every module that keeps state.
  await app.register(sharedPlugin, { state: options.sharedState, redisUrl: options.redisUrl });
  // Only routes that ask for it are limited (`config.rateLimit`), each with its own counters.
  // Every route limit that names no key of its own counts per client network (an IPv4 address, an
  // IPv6 /64), as the keyed limiters do: one subscriber cannot get past it by rotating addresses.
  // Registered before any route, which is all it needs.
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: clientAddress,
    // In this process's memory alone, @fastify/rate-limit's own store; else the shared one.
    ...(app.shared.kind === 'memory' ? {} : { store: routeLimitStore(app.shared.rateLimitStore('routes')) }),
  });
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  await app.register(authPlugin, {
    secret,
    secureCookies: options.secureCookies ?? false,
  });
  // Every socket route takes its limits from here; the page's origin may be PUBLIC_URL's.
  await app.register(socketLimitsPlugin, { limits: options.socketLimits, publicUrl: options.publicUrl });
  await app.register(presencePlugin);
  // The mail plugin records every mail in the outbox the dev-mail module keeps.
  await app.register(mailOutboxPlugin);
  await app.register(mailPlugin, {
    smtpUrl: options.smtpUrl,
    publicUrl: options.publicUrl ?? 'http://localhost:8080',
    logToConsole: options.mailToConsole ?? false,
    keepBodies: options.keepMailBodies ?? true,
  });
  // Other modules create notifications through `fastify.notifications`.
  await app.register(notificationsPlugin);
  // The listing reads through it; every change a visitor would see in the listing clears it.
  await app.register(listingCachePlugin, {
    ttlMs: options.listingCacheMs ?? 0,
    anchorMs: options.listingAnchorMs ?? 0,
  });
  // The header's slogan, kept until the administration changes it.
  await app.register(sloganPlugin);
  // The rendered pages' reads that take no input, called without a request.
  await app.register(inProcessReadsPlugin);
  // Live streams (`fastify.streams`) and their socket /ws/stream; blocks and deletions end them.
  const streamMedia =
    options.streamMedia ??
    createStreamMedia(options.streamMediaConfig ?? DEFAULT_STREAM_MEDIA_CONFIG, (error, message) =>
      app.log.error({ err: error }, message),
    );
  await app.register(streamsPlugin, { ...options.streams, media: streamMedia });
  // After what it reads (database, listing cache, sockets, streams), before the routes it times.
  await app.register(metricsPlugin, options.metrics ?? {});
  if (options.slowTestRouteMs !== undefined)
    await app.register(slowTestRoutePlugin, { ms: options.slowTestRouteMs });
  await app.register(pricingPlugin, { rubPerUsd: options.rubPerUsd ?? DEFAULT_RUB_PER_USD });
  if (options.jobs) await app.register(expiryJobPlugin);
  // Ads: the serving (its short cache is cleared by every campaign change) and the completion job.
  const rateLimits = resolveRateLimits(options.rateLimits);
  await app.register(servingPlugin, {
    secret,
    cacheMs: options.adsCacheMs ?? 0,
    cacheMax: options.adsCacheMax,
    limits: { impressions: rateLimits.adImpressionsPerNetwork, clicks: rateLimits.adClicksPerNetwork },
    now: options.adsClock,
  });
  if (options.jobs) await app.register(completionJobPlugin);
  // Refused payment webhooks are kept 30 days.
  if (options.jobs) await app.register(webhookRetentionJobPlugin);
  // Page telemetry is kept 30 days.
  if (options.jobs) await app.register(telemetryRetentionJobPlugin);
  // Rendered pages' dates (Last-Modified) are kept 30 days after each page was last sent.
  if (options.jobs) await app.register(pageVersionsRetentionJobPlugin);
  // Uploaded files: `fastify.mediaStorage` for every module; cleans up after a killed process.
  await app.register(mediaPlugin, { dir: options.mediaDir, s3: options.mediaS3 });
  if (options.staticRoot) {
    await app.register(staticPlugin, {
      root: options.staticRoot,
      remotesJson: options.remotesJson,
      serveSourceMaps: options.serveSourceMaps ?? true,
      strictRemotes: options.strictRemotes ?? false,
      publicUrl: seoOptions.publicUrl,
      pageCacheMs: options.listingCacheMs ?? 0,
      // The releases each visitor runs, from the registry the administration and pipelines keep.
      channels: databaseChannels(app),
      releaseStore: options.releaseStore,
      telemetrySample: options.telemetrySample,
    });
  }

  // Where a URL's code lives: modules/<folder>/routes.ts (a routes/ folder where a module has several
  // route files: admin, ads, media), SQL in its repository.ts.
  //   /api/health, /api/constants                         site
  //   /api/cities                                         cities
  //   /api/services                                       services
  //   /api/model, /api/model/:id, /api/model/online-count catalog (the public catalogue)
  //   /api/model/streaming-count, /api/streams/*,         streams (and the socket /ws/stream)
  //   /api/own-profiles/:id/stream, /api/own-profiles/streams*
  //   /api/model/:id/complaints                           complaints
  //   /api/recommendations, /api/model/:id/alternatives   recommendations
  //   /api/notifications/*                                notifications
  //   /api/promo/*                                        promo
  //   /api/payments/*                                     payments (top-ups, gateway webhooks, sandbox page)
  //   /api/tipping-prices/*                               prices (the site's price tables)
  //   /api/admin-panel/analytics/*                        analytics
  //   /api/admin-panel/releases*, /api/releases*          releases (the remote registry, /remotes.json)
  //   /api/telemetry, /api/admin-panel/releases/guard     telemetry (pages' beacons, the release guard)
  //   /api/admin-panel/* (the rest)                       admin (moderation, blocks, complaints, audit)
  //   /api/online-count, /ws/online                       presence (/ws/online pushes the live figure)
  //   /api/auth/*                                         auth (the accounts table's repository is account's)
  //   /api/profile/*                                      account (the signed-in account)
  //   /api/profiles/*                                     own-profiles (a model's own profiles)
  //   /api/profiles/:id/media*                            media (uploads, order, removal)
  //   /api/dev/mail*                                      dev-mail (also the outbox the mail plugin writes)
  //   /media/placeholder/*, /media/u/*                    media
  //   /robots.txt, /sitemap.xml, /sitemap-<n>.xml         seo
  //   /api/docs, /api/docs/json                           plugins/docs.ts
  await app.register(
    async (api) => {
      await api.register(siteRoutes);
      await api.register(cityRoutes);
      await api.register(serviceRoutes);
      await api.register(catalogRoutes);
      await api.register(notificationRoutes);
      await api.register(promoRoutes);
      await api.register(streamRoutes);
      await api.register(priceRoutes);
      await api.register(recommendationRoutes);
      await api.register(complaintRoutes, {
        holdThreshold: options.complaintHoldThreshold ?? DEFAULT_COMPLAINT_HOLD_THRESHOLD,
        secret,
      });
      await api.register(analyticsRoutes, { rateLimits: resolveRateLimits(options.rateLimits) });
      await api.register(presenceRoutes);
      await api.register(authRoutes, {
        rateLimits: resolveRateLimits(options.rateLimits),
        resendCooldownSeconds: options.authResendCooldownSeconds,
      });
      await api.register(accountRoutes, { rateLimits: resolveRateLimits(options.rateLimits) });
      await api.register(ownProfileRoutes, { topPlacement: options.topPlacement });
      await api.register(profileMediaRoutes, { uploadsPerHour: options.mediaUploadsPerHour });
      await api.register(adminRoutes, {
        adSlotsPerDay,
        adjustmentApprovalRubles: options.adjustmentApprovalRubles,
      });
      await api.register(campaignRoutes, {
        slotsPerDay: adSlotsPerDay,
        imageUploadsPerHour: options.mediaUploadsPerHour,
      });
      await api.register(adRoutes, { rateLimits });
      await api.register(paymentRoutes, {
        settings: options.payments ?? { provider: 'sandbox' },
        publicUrl: options.publicUrl ?? 'http://localhost:8080',
        orderRateLimit: options.paymentOrderRateLimit,
        testDelay: options.paymentsTestDelay,
      });
      await api.register(releaseRoutes, {
        releaseToken: options.releaseToken,
        fileRegistry: fileRegistryOf(registryFileOf(options.staticRoot, options.remotesJson)),
      });
      await api.register(telemetryRoutes, { rateLimits });
      if (options.devPages) await api.register(devMailRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes);
  await app.register(mediaFileRoutes);
  await app.register(adImageRoutes);
  await app.register(seoRoutes, seoOptions);

  return app;
}

/** Reads the registry file the static plugin serves (REMOTES_JSON, else the shell build's) afresh each time. */
function fileRegistryOf(file: string | undefined): (() => Promise<RemoteRegistry>) | undefined {
  return file ? async () => JSON.parse(await readFile(file, 'utf8')) as RemoteRegistry : undefined;
}
