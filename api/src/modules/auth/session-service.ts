import { ACCOUNT_ROLES, type AccountRole, type AccountType } from 'contracts';
import type { Database } from '../../db/client';
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/tokens';
import { createSessionRepository } from './repository';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * Two tabs refreshing at the same moment both send the same refresh token; the one served
 * second finds it rotated. Within this window that is taken for such a race, not for a theft.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

export type RevokeReason = 'logout' | 'reuse' | 'password_changed' | 'password_restored' | 'email_changed';

export interface AuthContext {
  accountId: number;
  sessionId: string;
  accountType: AccountType;
  role: AccountRole;
}

export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  /** Null: keep the refresh cookie the browser has (a second tab's refresh, see rotate). */
  refreshToken: string | null;
}

export type RefreshOutcome =
  | { ok: true; tokens: IssuedTokens; accountId: number }
  /** `reused`: a rotated token came back, so the session was revoked. */
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Access tokens are `sessionId.accountId.expiresAt.signature`: checked without the database
 * for their signature and age, then against the session row so a logout takes effect at once.
 */
export function signAccessToken(
  secret: string,
  sessionId: string,
  accountId: number,
  now = Date.now(),
): string {
  const expiresAt = Math.floor(now / 1000) + ACCESS_TTL_SECONDS;
  const payload = `${sessionId}.${accountId}.${expiresAt}`;
  return `${payload}.${hmac(secret, `access|${payload}`)}`;
}

export interface ParsedAccessToken {
  sessionId: string;
  accountId: number;
  expired: boolean;
}

export function readAccessToken(
  secret: string,
  token: string | undefined,
  now = Date.now(),
): ParsedAccessToken | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [sessionId = '', accountIdText = '', expiresText = '', signature = ''] = parts;
  const payload = `${sessionId}.${accountIdText}.${expiresText}`;
  if (!safeEqual(signature, hmac(secret, `access|${payload}`))) return null;
  const accountId = Number(accountIdText);
  const expiresAt = Number(expiresText);
  if (!Number.isSafeInteger(accountId) || !Number.isSafeInteger(expiresAt)) return null;
  return { sessionId, accountId, expired: expiresAt * 1000 <= now };
}

export function createSessionService(db: Database, secret: string) {
  const sessions = createSessionRepository(db);
  const refreshExpiry = () => new Date(Date.now() + REFRESH_TTL_SECONDS * 1000);

  /** A refresh token never outlives its session's absolute end. */
  async function issueRefreshToken(
    sessionId: string,
    sessionEnd: Date,
    repository = sessions,
  ): Promise<string> {
    const token = randomToken();
    const expiry = refreshExpiry();
    await repository.insertRefreshToken(
      sessionId,
      sha256(token),
      expiry.getTime() < sessionEnd.getTime() ? expiry : sessionEnd,
    );
    return token;
  }

  return {
    /** Starts a session for an account that has just proved who it is. */
    async create(accountId: number, meta: { userAgent?: string | undefined; ip?: string | undefined } = {}) {
      return db.transaction(async (tx) => {
        const repository = createSessionRepository(tx);
        const expiresAt = refreshExpiry();
        const sessionId = await repository.insertSession({
          accountId,
          expiresAt,
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
          ip: meta.ip ?? null,
        });
        const refreshToken = await issueRefreshToken(sessionId, expiresAt, repository);
        return {
          sessionId,
          accessToken: signAccessToken(secret, sessionId, accountId),
          refreshToken,
        } satisfies IssuedTokens;
      });
    },

    /**
     * Exchanges a refresh token for a new pair. Each token works once: a second use of the
     * same token means a copy is in someone else's hands, so the whole session ends, unless it
     * comes back within REFRESH_REUSE_GRACE_SECONDS of its rotation (two tabs refreshing at
     * once): then it gets a new access token only, and the refresh cookie the first tab
     * received stays the live one. A thief inside that window gets minutes, not the session.
     */
    async rotate(refreshToken: string | undefined): Promise<RefreshOutcome> {
      if (!refreshToken) return { ok: false, reason: 'unknown' };
      return db.transaction(async (tx) => {
        const repository = createSessionRepository(tx);
        const row = await repository.findRefreshTokenForUpdate(sha256(refreshToken));
        if (!row) return { ok: false, reason: 'unknown' } as const;
        if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
        const now = Date.now();
        if (row.sessionExpiresAt.getTime() <= now) return { ok: false, reason: 'expired' } as const;
        if (row.rotatedAt) {
          if (now - row.rotatedAt.getTime() < REFRESH_REUSE_GRACE_SECONDS * 1000) {
            return {
              ok: true,
              accountId: row.accountId,
              tokens: {
                sessionId: row.sessionId,
                accessToken: signAccessToken(secret, row.sessionId, row.accountId, now),
                refreshToken: null,
              },
            } as const;
          }
          await repository.revoke(row.sessionId, 'reuse');
          return { ok: false, reason: 'reused' } as const;
        }
        if (row.tokenExpiresAt.getTime() <= now) return { ok: false, reason: 'expired' } as const;
        await repository.markRotated(row.tokenId, new Date(now));
        await repository.markUsed(row.sessionId, new Date(now));
        const next = await issueRefreshToken(row.sessionId, row.sessionExpiresAt, repository);
        return {
          ok: true,
          accountId: row.accountId,
          tokens: {
            sessionId: row.sessionId,
            accessToken: signAccessToken(secret, row.sessionId, row.accountId),
            refreshToken: next,
          },
        } as const;
      });
    },

    /** The account behind a valid access token whose session is still open and unexpired. */
    async authenticate(accessToken: string | undefined): Promise<AuthContext | null> {
      const parsed = readAccessToken(secret, accessToken);
      if (!parsed || parsed.expired) return null;
      const row = await sessions.openSessionAccount(parsed.sessionId, parsed.accountId, new Date());
      if (!row || !(ACCOUNT_ROLES as readonly string[]).includes(row.role)) return null;
      return {
        accountId: parsed.accountId,
        sessionId: parsed.sessionId,
        accountType: row.accountType,
        role: row.role,
      };
    },

    /** The session a refresh cookie belongs to, so logout works after the access token expired. */
    async findByRefreshToken(token: string | undefined): Promise<string | null> {
      return token ? sessions.sessionOfRefreshToken(sha256(token)) : null;
    },

    revoke: (sessionId: string, reason: RevokeReason): Promise<void> => sessions.revoke(sessionId, reason),

    /** Ends every session of an account, e.g. after its password changed; `except` keeps one. */
    revokeAll: (accountId: number, reason: RevokeReason, except?: string): Promise<void> =>
      sessions.revokeAll(accountId, reason, except),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
