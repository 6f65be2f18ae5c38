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
  publicUrl: string;
  smtpUrl: string | undefined;
  /** Cookies marked Secure: everywhere but a plain-http localhost. */
  secureCookies: boolean;
}

const MIN_SECRET_BYTES = 32;

/** Hosts a browser treats as a secure context even over plain http. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function readServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const production = env.NODE_ENV === 'production';
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
  return {
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
