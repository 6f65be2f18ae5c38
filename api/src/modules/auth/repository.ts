import { AUTH_TIMINGS } from 'contracts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  accounts,
  authSessions,
  emailChangeTokens,
  passwordResetTokens,
  refreshTokens,
  registrationRequests,
} from '../../db/schema';

export type RegistrationRow = typeof registrationRequests.$inferSelect;
export type NewRegistration = Omit<
  typeof registrationRequests.$inferInsert,
  'id' | 'attempts' | 'sendCount' | 'consumedAt' | 'createdAt'
>;

const sameEmail = (email: string) => sql`lower(${registrationRequests.email}) = lower(${email})`;

/** A registration still waiting for its code: not used up, not killed by wrong guesses. */
const open = (email: string) =>
  and(
    sameEmail(email),
    isNull(registrationRequests.consumedAt),
    lt(registrationRequests.attempts, AUTH_TIMINGS.maxCodeAttempts),
  );

/** Registration requests and their codes. `db` may be a transaction. */
export function createRegistrationRepository(db: Database) {
  return {
    /** Serialises the work on one address until the transaction ends. */
    async lockEmail(email: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`registration|${email.toLowerCase()}`}))`);
    },

    /** The open registration whose code was sent last, if its code is still alive at `now`. */
    async latestLive(email: string, now: Date): Promise<RegistrationRow | null> {
      const [row] = await db
        .select()
        .from(registrationRequests)
        .where(and(open(email), gt(registrationRequests.expiresAt, now)))
        .orderBy(desc(registrationRequests.lastSentAt))
        .limit(1);
      return row ?? null;
    },

    /** The newest open registration, expired or not. */
    async latestOpen(email: string): Promise<RegistrationRow | null> {
      const [row] = await db
        .select()
        .from(registrationRequests)
        .where(open(email))
        .orderBy(desc(registrationRequests.createdAt), desc(registrationRequests.id))
        .limit(1);
      return row ?? null;
    },

    /** The newest unconsumed registration, locked until the transaction ends. */
    async latestUnconsumedForUpdate(email: string): Promise<RegistrationRow | null> {
      const [row] = await db
        .select()
        .from(registrationRequests)
        .where(and(sameEmail(email), isNull(registrationRequests.consumedAt)))
        .orderBy(desc(registrationRequests.createdAt), desc(registrationRequests.id))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    /** Ends every unconsumed registration of the address at `now`. */
    async expireAll(email: string, now: Date): Promise<void> {
      await db
        .update(registrationRequests)
        .set({ expiresAt: now })
        .where(and(sameEmail(email), isNull(registrationRequests.consumedAt)));
    },

    async insert(values: NewRegistration): Promise<number> {
      const [row] = await db
        .insert(registrationRequests)
        .values(values)
        .returning({ id: registrationRequests.id });
      if (!row) throw new Error('registration insert returned nothing');
      return row.id;
    },

    /** A new code for a registration: attempts start again, the send is counted. */
    async renewCode(id: number, codeHash: string, sentAt: Date, expiresAt: Date): Promise<void> {
      await db
        .update(registrationRequests)
        .set({
          codeHash,
          attempts: 0,
          sendCount: sql`${registrationRequests.sendCount} + 1`,
          lastSentAt: sentAt,
          expiresAt,
        })
        .where(eq(registrationRequests.id, id));
    },

    /** Makes the last send look long ago, so the cooldown lets the person ask again at once. */
    async forgetLastSend(id: number): Promise<void> {
      await db
        .update(registrationRequests)
        .set({ lastSentAt: new Date(0) })
        .where(eq(registrationRequests.id, id));
    },

    async countWrongCode(id: number): Promise<void> {
      await db
        .update(registrationRequests)
        .set({ attempts: sql`${registrationRequests.attempts} + 1` })
        .where(eq(registrationRequests.id, id));
    },

    async consume(id: number, at: Date): Promise<void> {
      await db.update(registrationRequests).set({ consumedAt: at }).where(eq(registrationRequests.id, id));
    },
  };
}

/** Tokens of password restore links, stored hashed. `db` may be a transaction. */
export function createRestoreTokenRepository(db: Database) {
  return {
    async insert(accountId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(passwordResetTokens).values({ accountId, tokenHash, expiresAt });
    },

    /** The account of an unused, unexpired token, locked until the transaction ends. */
    async findUsableForUpdate(tokenHash: string, now: Date): Promise<number | null> {
      const [row] = await db
        .select({ accountId: passwordResetTokens.accountId })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .for('update');
      return row?.accountId ?? null;
    },

    /** Uses up every unused token of the account. */
    async useAll(accountId: number, at: Date): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: at })
        .where(and(eq(passwordResetTokens.accountId, accountId), isNull(passwordResetTokens.usedAt)));
    },
  };
}

/** Tokens of links that confirm a new e-mail address, stored hashed. `db` may be a transaction. */
export function createEmailChangeTokenRepository(db: Database) {
  return {
    async insert(accountId: number, newEmail: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(emailChangeTokens).values({ accountId, newEmail, tokenHash, expiresAt });
    },

    /** The account and new address of an unused, unexpired token, locked until the transaction ends. */
    async findUsableForUpdate(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ accountId: emailChangeTokens.accountId, newEmail: emailChangeTokens.newEmail })
        .from(emailChangeTokens)
        .where(
          and(
            eq(emailChangeTokens.tokenHash, tokenHash),
            isNull(emailChangeTokens.usedAt),
            gt(emailChangeTokens.expiresAt, now),
          ),
        )
        .for('update');
      return row ?? null;
    },

    /** Uses up every unused token of the account. */
    async useAll(accountId: number, at: Date): Promise<void> {
      await db
        .update(emailChangeTokens)
        .set({ usedAt: at })
        .where(and(eq(emailChangeTokens.accountId, accountId), isNull(emailChangeTokens.usedAt)));
    },
  };
}

/** Sessions and their refresh tokens (stored hashed). `db` may be a transaction. */
export function createSessionRepository(db: Database) {
  return {
    async insertSession(values: {
      accountId: number;
      expiresAt: Date;
      userAgent: string | null;
      ip: string | null;
    }): Promise<string> {
      const [session] = await db.insert(authSessions).values(values).returning({ id: authSessions.id });
      if (!session) throw new Error('session insert returned nothing');
      return session.id;
    },

    async insertRefreshToken(sessionId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
    },

    /** A refresh token with its session, locked until the transaction ends. */
    async findRefreshTokenForUpdate(tokenHash: string) {
      const [row] = await db
        .select({
          tokenId: refreshTokens.id,
          sessionId: refreshTokens.sessionId,
          rotatedAt: refreshTokens.rotatedAt,
          tokenExpiresAt: refreshTokens.expiresAt,
          sessionExpiresAt: authSessions.expiresAt,
          revokedAt: authSessions.revokedAt,
          accountId: authSessions.accountId,
        })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .for('update');
      return row ?? null;
    },

    async sessionOfRefreshToken(tokenHash: string): Promise<string | null> {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row?.sessionId ?? null;
    },

    async markRotated(tokenId: string, at: Date): Promise<void> {
      await db.update(refreshTokens).set({ rotatedAt: at }).where(eq(refreshTokens.id, tokenId));
    },

    async markUsed(sessionId: string, at: Date): Promise<void> {
      await db.update(authSessions).set({ lastUsedAt: at }).where(eq(authSessions.id, sessionId));
    },

    /**
     * The type and role of the account of an open session, or null when it is revoked, past its
     * absolute end at `now`, or not the account's own.
     */
    async openSessionAccount(sessionId: string, accountId: number, now: Date) {
      const [row] = await db
        .select({ accountType: accounts.accountType, role: accounts.role })
        .from(authSessions)
        .innerJoin(accounts, eq(accounts.id, authSessions.accountId))
        .where(
          and(
            eq(authSessions.id, sessionId),
            eq(authSessions.accountId, accountId),
            isNull(authSessions.revokedAt),
            gt(authSessions.expiresAt, now),
          ),
        );
      return row ?? null;
    },

    /** Ends one open session. */
    async revoke(sessionId: string, reason: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    },

    /** Ends every open session of an account but `except`. */
    async revokeAll(accountId: number, reason: string, except?: string): Promise<void> {
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
