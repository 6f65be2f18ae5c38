import { ACCOUNT_ROLES, type AccountRole, type AccountType } from 'contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, authSessions, refreshTokens } from '../../db/schema';
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/tokens';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

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
  refreshToken: string;
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
  async function issueRefreshToken(
    sessionId: string,
    executor: Pick<Database, 'insert'> = db,
  ): Promise<string> {
    const token = randomToken();
    await executor.insert(refreshTokens).values({
      sessionId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
    });
    return token;
  }

  return {
    /** Starts a session for an account that has just proved who it is. */
    async create(accountId: number, meta: { userAgent?: string | undefined; ip?: string | undefined } = {}) {
      return db.transaction(async (tx) => {
        const [session] = await tx
          .insert(authSessions)
          .values({
            accountId,
            expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
            userAgent: meta.userAgent?.slice(0, 300) ?? null,
            ip: meta.ip ?? null,
          })
          .returning({ id: authSessions.id });
        if (!session) throw new Error('session insert returned nothing');
        const refreshToken = await issueRefreshToken(session.id, tx);
        return {
          sessionId: session.id,
          accessToken: signAccessToken(secret, session.id, accountId),
          refreshToken,
        } satisfies IssuedTokens;
      });
    },

    /**
     * Exchanges a refresh token for a new pair. Each token works once: a second use of the
     * same token means a copy is in someone else's hands, so the whole session ends.
     */
    async rotate(refreshToken: string | undefined): Promise<RefreshOutcome> {
      if (!refreshToken) return { ok: false, reason: 'unknown' };
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            tokenId: refreshTokens.id,
            sessionId: refreshTokens.sessionId,
            rotatedAt: refreshTokens.rotatedAt,
            tokenExpiresAt: refreshTokens.expiresAt,
            revokedAt: authSessions.revokedAt,
            accountId: authSessions.accountId,
          })
          .from(refreshTokens)
          .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
          .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
          .for('update');
        if (!row) return { ok: false, reason: 'unknown' } as const;
        if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
        if (row.rotatedAt) {
          await tx
            .update(authSessions)
            .set({ revokedAt: new Date(), revokedReason: 'reuse' })
            .where(eq(authSessions.id, row.sessionId));
          return { ok: false, reason: 'reused' } as const;
        }
        if (row.tokenExpiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
        await tx
          .update(refreshTokens)
          .set({ rotatedAt: new Date() })
          .where(eq(refreshTokens.id, row.tokenId));
        await tx
          .update(authSessions)
          .set({ lastUsedAt: new Date() })
          .where(eq(authSessions.id, row.sessionId));
        const next = await issueRefreshToken(row.sessionId, tx);
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

    /** The account behind a valid access token whose session is still open. */
    async authenticate(accessToken: string | undefined): Promise<AuthContext | null> {
      const parsed = readAccessToken(secret, accessToken);
      if (!parsed || parsed.expired) return null;
      const [row] = await db
        .select({ accountType: accounts.accountType, role: accounts.role })
        .from(authSessions)
        .innerJoin(accounts, eq(accounts.id, authSessions.accountId))
        .where(
          and(
            eq(authSessions.id, parsed.sessionId),
            eq(authSessions.accountId, parsed.accountId),
            isNull(authSessions.revokedAt),
          ),
        );
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
      if (!token) return null;
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(token)));
      return row?.sessionId ?? null;
    },

    async revoke(sessionId: string, reason: RevokeReason): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    },

    /** Ends every session of an account, e.g. after its password changed; `except` keeps one. */
    async revokeAll(accountId: number, reason: RevokeReason, except?: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            eq(authSessions.accountId, accountId),
            isNull(authSessions.revokedAt),
            except ? sql`${authSessions.id} <> ${except}` : undefined,
          ),
        );
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
