import { describe, expect, it } from 'vitest';
import { DEFAULT_HEAP_GROWING_PERCENT, readServerConfig } from './config';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://anketa.example',
  SMTP_URL: 'smtp://mail.example:587',
  AUTH_SECRET: 'x'.repeat(32),
};

/** What `npm start` sets; the other settings' tests start from it. */
const DEVELOPMENT = { NODE_ENV: 'development' };

describe('server configuration', () => {
  it('is production unless NODE_ENV says development or test: the built server run as it is deployed turns nothing on by accident', () => {
    const { NODE_ENV: _, ...deployed } = PRODUCTION;
    expect(readServerConfig(deployed).production).toBe(true);
    expect(() => readServerConfig({})).toThrow(/PUBLIC_URL is required/);
    expect(() => readServerConfig({ ...deployed, PAYMENTS_SANDBOX: '1' })).toThrow(/refused in production/);
    expect(() => readServerConfig({ ...deployed, DEV_PAGES: 'mail' })).toThrow(/DEV_PAGES/);
    expect(readServerConfig(DEVELOPMENT).production).toBe(false);
    expect(readServerConfig({ NODE_ENV: 'test' }).production).toBe(false);
    expect(() => readServerConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV must be one of/);
  });

  it('listens on this machine only in development unless HOST says otherwise', () => {
    expect(readServerConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(readServerConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(readServerConfig(PRODUCTION).host).toBe('0.0.0.0');
  });

  it('opens the development pages only when DEV_PAGES names them, and never in production', () => {
    expect(readServerConfig({ NODE_ENV: 'development' }).devPages).toBe(false);
    expect(readServerConfig({ NODE_ENV: 'development', DEV_PAGES: 'mail' }).devPages).toBe(true);
    expect(readServerConfig({ ...DEVELOPMENT, DEV_PAGES: 'mail' }).devPages).toBe(true);
    expect(() => readServerConfig({ ...PRODUCTION, DEV_PAGES: 'mail' })).toThrow(/DEV_PAGES/);
  });

  it('refuses a short AUTH_SECRET', () => {
    expect(() => readServerConfig({ ...DEVELOPMENT, AUTH_SECRET: 'short-secret' })).toThrow(
      /at least 32 bytes/,
    );
    expect(readServerConfig({ ...DEVELOPMENT, AUTH_SECRET: 'y'.repeat(32) }).authSecret).toBe('y'.repeat(32));
  });

  it('refuses to run in production without PUBLIC_URL or SMTP_URL', () => {
    expect(() => readServerConfig({ ...PRODUCTION, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL is required/);
    expect(() => readServerConfig({ ...PRODUCTION, SMTP_URL: undefined })).toThrow(/SMTP_URL is required/);
    expect(readServerConfig(PRODUCTION).production).toBe(true);
  });

  it('marks cookies Secure everywhere but on a plain-http localhost', () => {
    expect(readServerConfig(DEVELOPMENT).secureCookies).toBe(false);
    expect(readServerConfig({ ...DEVELOPMENT, PUBLIC_URL: 'http://127.0.0.1:8080' }).secureCookies).toBe(
      false,
    );
    expect(readServerConfig({ ...DEVELOPMENT, PUBLIC_URL: 'http://shop.example' }).secureCookies).toBe(true);
    expect(readServerConfig(PRODUCTION).secureCookies).toBe(true);
  });

  it('names PUBLIC_URL as the site, else the origin it listens on, never a request header', () => {
    expect(readServerConfig(DEVELOPMENT).publicUrl).toBe('http://localhost:8080');
    expect(readServerConfig({ ...DEVELOPMENT, PUBLIC_URL: '', PORT: '9000' }).publicUrl).toBe(
      'http://localhost:9000',
    );
    expect(readServerConfig({ ...DEVELOPMENT, PUBLIC_URL: 'https://anketa.example/' }).publicUrl).toBe(
      'https://anketa.example/',
    );
    expect(readServerConfig(PRODUCTION).publicUrl).toBe('https://anketa.example');
  });

  it('keeps uploaded media in MEDIA_DIR, or in an S3-compatible bucket when S3_BUCKET is set', () => {
    expect(readServerConfig(DEVELOPMENT)).toMatchObject({ mediaDir: undefined, mediaS3: undefined });
    expect(readServerConfig({ ...DEVELOPMENT, MEDIA_DIR: '/srv/media' }).mediaDir).toBe('/srv/media');
    expect(
      readServerConfig({
        ...DEVELOPMENT,
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).mediaS3,
    ).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'https://s3.example.com',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: undefined,
    });
    // AWS itself: virtual-hosted addresses and the SDK's own credentials.
    expect(
      readServerConfig({ ...DEVELOPMENT, S3_BUCKET: 'media', S3_REGION: 'eu-central-1' }).mediaS3,
    ).toMatchObject({
      region: 'eu-central-1',
      endpoint: undefined,
      forcePathStyle: false,
    });
  });

  it('shares state through REDIS_URL when it names a Redis, and refuses anything else', () => {
    expect(readServerConfig(DEVELOPMENT).redisUrl).toBeUndefined();
    expect(readServerConfig({ ...DEVELOPMENT, REDIS_URL: 'redis://redis:6379/0' }).redisUrl).toBe(
      'redis://redis:6379/0',
    );
    expect(
      readServerConfig({ ...PRODUCTION, REDIS_URL: 'rediss://:secret@redis.example:6380' }).redisUrl,
    ).toBe('rediss://:secret@redis.example:6380');
    expect(() => readServerConfig({ ...DEVELOPMENT, REDIS_URL: 'redis:6379' })).toThrow(/REDIS_URL/);
    expect(() => readServerConfig({ ...DEVELOPMENT, REDIS_URL: 'http://redis:6379' })).toThrow(/REDIS_URL/);
  });

  it('refuses an S3 setting that cannot work', () => {
    expect(() => readServerConfig({ ...DEVELOPMENT, S3_ENDPOINT: 'https://s3.example.com' })).toThrow(
      /without S3_BUCKET/,
    );
    expect(() => readServerConfig({ ...DEVELOPMENT, S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /go together/,
    );
    expect(() =>
      readServerConfig({ ...DEVELOPMENT, S3_BUCKET: 'media', S3_ENDPOINT: 's3.example.com' }),
    ).toThrow(/absolute URL/);
    expect(() =>
      readServerConfig({ ...DEVELOPMENT, S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' }),
    ).toThrow(/true or false/);
  });

  it('takes top-ups through the sandbox only when PAYMENTS_SANDBOX=1 asks, and through NOWPayments when both its keys are set', () => {
    expect(readServerConfig(DEVELOPMENT).payments).toEqual({ provider: 'off' });
    expect(readServerConfig({ ...DEVELOPMENT, PAYMENTS_SANDBOX: '1' }).payments).toEqual({
      provider: 'sandbox',
      sandboxSecret: undefined,
    });
    expect(() => readServerConfig({ ...DEVELOPMENT, PAYMENTS_SANDBOX: 'yes' })).toThrow(/1 or unset/);
    const keys = { NOWPAYMENTS_API_KEY: 'key', NOWPAYMENTS_IPN_SECRET: 'ipn-secret' };
    expect(readServerConfig({ ...DEVELOPMENT, ...keys }).payments).toEqual({
      provider: 'nowpayments',
      apiKey: 'key',
      ipnSecret: 'ipn-secret',
      apiUrl: 'https://api.nowpayments.io/v1',
    });
    expect(
      readServerConfig({ ...DEVELOPMENT, ...keys, NOWPAYMENTS_API_URL: 'http://127.0.0.1:9/v1' }).payments,
    ).toMatchObject({
      apiUrl: 'http://127.0.0.1:9/v1',
    });
    expect(readServerConfig({ ...PRODUCTION, ...keys }).payments.provider).toBe('nowpayments');
    expect(() => readServerConfig({ ...DEVELOPMENT, NOWPAYMENTS_API_KEY: 'key' })).toThrow(/set together/);
    expect(() => readServerConfig({ ...DEVELOPMENT, ...keys, NOWPAYMENTS_API_URL: 'api.example' })).toThrow(
      /absolute URL/,
    );
    expect(() =>
      readServerConfig({ ...DEVELOPMENT, PAYMENTS_SANDBOX: '1', PAYMENTS_SANDBOX_SECRET: 'short' }),
    ).toThrow(/at least 32 bytes/);
  });

  it('switches payments off in production without NOWPayments keys, and refuses the sandbox there: it would mint money', () => {
    expect(readServerConfig(PRODUCTION).payments).toEqual({ provider: 'off' });
    expect(() => readServerConfig({ ...PRODUCTION, PAYMENTS_SANDBOX: '1' })).toThrow(/refused in production/);
  });

  it('accepts the payments test delay outside production only', () => {
    expect(readServerConfig(DEVELOPMENT).paymentsTestDelay).toBeUndefined();
    expect(readServerConfig({ ...DEVELOPMENT, PAYMENTS_TEST_DELAY_MS: '5000' }).paymentsTestDelay).toEqual({
      ms: 5000,
      at: 'after-commit',
    });
    expect(
      readServerConfig({
        ...DEVELOPMENT,
        PAYMENTS_TEST_DELAY_MS: '10',
        PAYMENTS_TEST_DELAY_AT: 'before-commit',
      }).paymentsTestDelay,
    ).toEqual({ ms: 10, at: 'before-commit' });
    expect(() => readServerConfig({ ...DEVELOPMENT, PAYMENTS_TEST_DELAY_MS: 'soon' })).toThrow(
      /whole number/,
    );
    expect(() =>
      readServerConfig({ ...DEVELOPMENT, PAYMENTS_TEST_DELAY_MS: '10', PAYMENTS_TEST_DELAY_AT: 'never' }),
    ).toThrow(/after-commit or before-commit/);
    expect(() => readServerConfig({ ...PRODUCTION, PAYMENTS_TEST_DELAY_MS: '10' })).toThrow(
      /refused in production/,
    );
  });

  it('accepts a shorter registration resend cooldown outside production only', () => {
    expect(readServerConfig(DEVELOPMENT).authResendCooldownSeconds).toBeUndefined();
    expect(
      readServerConfig({ ...DEVELOPMENT, AUTH_RESEND_COOLDOWN_SECONDS: '10' }).authResendCooldownSeconds,
    ).toBe(10);
    expect(() => readServerConfig({ ...DEVELOPMENT, AUTH_RESEND_COOLDOWN_SECONDS: '0' })).toThrow(
      /whole number/,
    );
    expect(() => readServerConfig({ ...DEVELOPMENT, AUTH_RESEND_COOLDOWN_SECONDS: 'soon' })).toThrow(
      /whole number/,
    );
    expect(() => readServerConfig({ ...PRODUCTION, AUTH_RESEND_COOLDOWN_SECONDS: '10' })).toThrow(
      /refused in production/,
    );
  });
});

describe('operations settings', () => {
  it("bounds the heap's growth between major collections at twice what survived, as HEAP_GROWING_PERCENT says", () => {
    expect(readServerConfig(PRODUCTION).operations.heapGrowingPercent).toBe(DEFAULT_HEAP_GROWING_PERCENT);
    expect(DEFAULT_HEAP_GROWING_PERCENT).toBe(100);
    expect(readServerConfig({ ...PRODUCTION, HEAP_GROWING_PERCENT: '0' }).operations.heapGrowingPercent).toBe(
      0,
    );
    expect(
      readServerConfig({ ...PRODUCTION, HEAP_GROWING_PERCENT: '50' }).operations.heapGrowingPercent,
    ).toBe(50);
    // Set but empty: the default.
    expect(readServerConfig({ ...PRODUCTION, HEAP_GROWING_PERCENT: '' }).operations.heapGrowingPercent).toBe(
      100,
    );
    for (const wrong of ['-1', '401', '1.5', 'lots']) {
      expect(() => readServerConfig({ ...PRODUCTION, HEAP_GROWING_PERCENT: wrong }), wrong).toThrow(
        /HEAP_GROWING_PERCENT must be a whole number from 0/,
      );
    }
  });
});

describe('live streams’ media settings', () => {
  it('runs the embedded SFU by default, with no ICE servers and 200 viewers a stream', () => {
    expect(readServerConfig(DEVELOPMENT).streamMedia).toStrictEqual({
      iceServers: [],
      maxViewers: 200,
      udpPorts: undefined,
      livekit: undefined,
    });
  });

  it('reads STUN/TURN servers as JSON and refuses anything else', () => {
    const servers = [
      { urls: 'stun:stun.example.com:3478' },
      { urls: ['turn:turn.example.com:3478?transport=udp'], username: 'u', credential: 'p' },
    ];
    expect(
      readServerConfig({ ...DEVELOPMENT, STREAM_ICE_SERVERS: JSON.stringify(servers) }).streamMedia
        .iceServers,
    ).toEqual(servers);
    for (const wrong of ['stun:stun.example.com', '{"urls":"stun:x"}', '[{"url":"stun:x"}]', '[1]']) {
      expect(() => readServerConfig({ ...DEVELOPMENT, STREAM_ICE_SERVERS: wrong })).toThrow(
        /STREAM_ICE_SERVERS must be a JSON array/,
      );
    }
  });

  it('reads STREAM_MAX_VIEWERS as a whole number above 0', () => {
    expect(readServerConfig({ ...DEVELOPMENT, STREAM_MAX_VIEWERS: '25' }).streamMedia.maxViewers).toBe(25);
    for (const wrong of ['0', '-1', '2.5', 'many']) {
      expect(() => readServerConfig({ ...DEVELOPMENT, STREAM_MAX_VIEWERS: wrong })).toThrow(
        /STREAM_MAX_VIEWERS/,
      );
    }
  });

  it('reads STREAM_UDP_PORTS as a range of ports', () => {
    expect(
      readServerConfig({ ...DEVELOPMENT, STREAM_UDP_PORTS: '40000-40999' }).streamMedia.udpPorts,
    ).toEqual([40000, 40999]);
    for (const wrong of ['40000', '40000-40000', '41000-40000', '80-90', '60000-70000', 'a-b']) {
      expect(() => readServerConfig({ ...DEVELOPMENT, STREAM_UDP_PORTS: wrong })).toThrow(/STREAM_UDP_PORTS/);
    }
  });

  it('switches to LiveKit with its URL and both keys, and refuses a partial set', () => {
    const livekit = {
      LIVEKIT_URL: 'wss://live.example.com',
      LIVEKIT_API_KEY: 'APIkey',
      LIVEKIT_API_SECRET: 'secret',
    };
    expect(readServerConfig({ ...PRODUCTION, ...livekit }).streamMedia.livekit).toEqual({
      url: 'wss://live.example.com',
      apiUrl: 'https://live.example.com',
      apiKey: 'APIkey',
      apiSecret: 'secret',
    });
    expect(
      readServerConfig({ ...DEVELOPMENT, ...livekit, LIVEKIT_API_URL: 'http://10.0.0.5:7880' }).streamMedia
        .livekit?.apiUrl,
    ).toBe('http://10.0.0.5:7880');
    const { LIVEKIT_API_SECRET: _, ...withoutSecret } = livekit;
    expect(() => readServerConfig({ ...DEVELOPMENT, ...withoutSecret })).toThrow(
      /LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET together: LIVEKIT_API_SECRET missing/,
    );
    expect(() => readServerConfig({ ...DEVELOPMENT, LIVEKIT_URL: 'wss://live.example.com' })).toThrow(
      /LIVEKIT_API_KEY, LIVEKIT_API_SECRET missing/,
    );
    expect(() => readServerConfig({ ...DEVELOPMENT, LIVEKIT_API_URL: 'http://x' })).toThrow(
      /LIVEKIT_API_URL/,
    );
    expect(() => readServerConfig({ ...DEVELOPMENT, ...livekit, LIVEKIT_URL: 'live.example.com' })).toThrow(
      /LIVEKIT_URL must be a ws/,
    );
    expect(() =>
      readServerConfig({ ...PRODUCTION, ...livekit, LIVEKIT_URL: 'ws://live.example.com' }),
    ).toThrow(/wss:\/\/ in production/);
    expect(
      readServerConfig({ ...DEVELOPMENT, ...livekit, LIVEKIT_URL: 'ws://127.0.0.1:7880' }).streamMedia.livekit
        ?.apiUrl,
    ).toBe('http://127.0.0.1:7880');
  });
});
