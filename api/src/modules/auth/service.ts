import { randomInt } from 'node:crypto';
import { AUTH_TIMINGS, type AccountType, type Locale, REGISTRATION_CODE_LENGTH } from 'contracts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, passwordResetTokens, registrationRequests } from '../../db/schema';
import { randomToken, safeEqual, sha256 } from '../../lib/tokens';
import type { AccountRow } from '../profile/repository';

type RegistrationRow = typeof registrationRequests.$inferSelect;

/** A fresh code, uniformly random from 000000 to 999999. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** REGISTRATION_CODE_LENGTH)).padStart(REGISTRATION_CODE_LENGTH, '0');
}

/** Codes are stored salted and hashed, like the tokens: the table alone gives none away. */
export function hashCode(code: string, salt = randomToken(12)): string {
  return `${salt}.${sha256(`${salt}|${code}`)}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const [salt = ''] = stored.split('.');
  return safeEqual(stored, hashCode(code, salt));
}

const seconds = (n: number) => n * 1000;
const sameEmail = (email: string) => sql`lower(${registrationRequests.email}) = lower(${email})`;

/** A registration still waiting for its code: not used up, not killed by wrong guesses. */
const open = (email: string) =>
  and(
    sameEmail(email),
    isNull(registrationRequests.consumedAt),
    lt(registrationRequests.attempts, AUTH_TIMINGS.maxCodeAttempts),
  );

export type StartOutcome =
  | { kind: 'started'; requestId: number; code: string }
  | { kind: 'exists' }
  | { kind: 'too_soon'; retryAfterSeconds: number };

export type ResendOutcome =
  | { kind: 'sent'; requestId: number; code: string; locale: Locale; email: string }
  | { kind: 'none' }
  | { kind: 'too_soon'; retryAfterSeconds: number };

export type VerifyOutcome =
  | { kind: 'created'; account: AccountRow }
  | { kind: 'invalid' }
  | { kind: 'exists' };

export interface RegistrationInput {
  email: string;
  passwordHash: string;
  accountType: AccountType;
  promoCode: string | undefined;
  locale: Locale;
}

function secondsLeft(lastSentAt: Date, now: number): number {
  return Math.ceil((lastSentAt.getTime() + seconds(AUTH_TIMINGS.resendCooldownSeconds) - now) / 1000);
}

/**
 * Registration by e-mail code: the account is created only when the code that was mailed comes
 * back, within its lifetime and before too many wrong guesses.
 */
export function createRegistrationService(db: Database) {
  /** Serialises the work on one address, so two quick clicks cannot leave two live codes. */
  const lockEmail = (tx: Pick<Database, 'execute'>, email: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`registration|${email.toLowerCase()}`}))`);

  return {
    async start(input: RegistrationInput): Promise<StartOutcome> {
      const now = Date.now();
      return db.transaction(async (tx) => {
        await lockEmail(tx, input.email);
        const [account] = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(sql`lower(${accounts.email}) = lower(${input.email})`);
        if (account) return { kind: 'exists' } as const;

        const [latest] = await tx
          .select()
          .from(registrationRequests)
          .where(and(open(input.email), gt(registrationRequests.expiresAt, new Date(now))))
          .orderBy(desc(registrationRequests.lastSentAt))
          .limit(1);
        if (latest && secondsLeft(latest.lastSentAt, now) > 0) {
          return { kind: 'too_soon', retryAfterSeconds: secondsLeft(latest.lastSentAt, now) } as const;
        }
        // A new registration replaces any earlier one for the address (a changed password or type).
        await tx
          .update(registrationRequests)
          .set({ expiresAt: new Date(now) })
          .where(and(sameEmail(input.email), isNull(registrationRequests.consumedAt)));

        const code = generateCode();
        const [row] = await tx
          .insert(registrationRequests)
          .values({
            email: input.email,
            passwordHash: input.passwordHash,
            accountType: input.accountType,
            promoCode: input.promoCode ?? null,
            locale: input.locale,
            codeHash: hashCode(code),
            lastSentAt: new Date(now),
            expiresAt: new Date(now + seconds(AUTH_TIMINGS.codeTtlSeconds)),
          })
          .returning({ id: registrationRequests.id });
        if (!row) throw new Error('registration insert returned nothing');
        return { kind: 'started', requestId: row.id, code } as const;
      });
    },

    /** A new code for the latest open registration of the address; the old code stops working. */
    async resend(email: string): Promise<ResendOutcome> {
      const now = Date.now();
      return db.transaction(async (tx) => {
        await lockEmail(tx, email);
        const [latest] = await tx
          .select()
          .from(registrationRequests)
          .where(open(email))
          .orderBy(desc(registrationRequests.createdAt), desc(registrationRequests.id))
          .limit(1);
        if (!latest) return { kind: 'none' } as const;
        const wait = secondsLeft(latest.lastSentAt, now);
        if (wait > 0) return { kind: 'too_soon', retryAfterSeconds: wait } as const;

        const code = generateCode();
        await tx
          .update(registrationRequests)
          .set({
            codeHash: hashCode(code),
            attempts: 0,
            sendCount: sql`${registrationRequests.sendCount} + 1`,
            lastSentAt: new Date(now),
            expiresAt: new Date(now + seconds(AUTH_TIMINGS.codeTtlSeconds)),
          })
          .where(eq(registrationRequests.id, latest.id));
        return {
          kind: 'sent',
          requestId: latest.id,
          code,
          locale: latest.locale,
          email: latest.email,
        } as const;
      });
    },

    /** Takes a code back if its mail could not be sent, so the person may ask again at once. */
    async withdraw(requestId: number): Promise<void> {
      await db
        .update(registrationRequests)
        .set({ lastSentAt: new Date(0) })
        .where(eq(registrationRequests.id, requestId));
    },

    /**
     * `onCreated` runs in the same transaction right after the account is inserted (to redeem
     * the registration's promo code); it runs in a savepoint, so a refusal there only skips it.
     */
    async verify(
      email: string,
      code: string,
      onCreated?: (tx: Database, account: AccountRow, promoCode: string) => Promise<unknown>,
    ): Promise<VerifyOutcome> {
      const now = new Date();
      return db.transaction(async (tx): Promise<VerifyOutcome> => {
        // The row lock makes a second, simultaneous verification wait and then find the
        // registration consumed: one account, however often the form is sent.
        const [request] = await tx
          .select()
          .from(registrationRequests)
          .where(and(sameEmail(email), isNull(registrationRequests.consumedAt)))
          .orderBy(desc(registrationRequests.createdAt), desc(registrationRequests.id))
          .limit(1)
          .for('update');
        if (!request || !isUsable(request, now)) return { kind: 'invalid' } as const;

        if (!codeMatches(request.codeHash, code)) {
          await tx
            .update(registrationRequests)
            .set({ attempts: sql`${registrationRequests.attempts} + 1` })
            .where(eq(registrationRequests.id, request.id));
          return { kind: 'invalid' } as const;
        }

        await tx
          .update(registrationRequests)
          .set({ consumedAt: now })
          .where(eq(registrationRequests.id, request.id));
        // The unique index on lower(email) settles a race with another registration of the address.
        const [account] = await tx
          .insert(accounts)
          .values({
            email: request.email,
            passwordHash: request.passwordHash,
            accountType: request.accountType,
            locale: request.locale,
          })
          .onConflictDoNothing()
          .returning();
        if (!account) return { kind: 'exists' } as const;
        if (!request.promoCode || !onCreated) return { kind: 'created', account } as const;
        const promoCode = request.promoCode;
        try {
          await tx.transaction((savepoint) => onCreated(savepoint, account, promoCode));
        } catch {
          // The code ran out or ended between the form and the mailbox: the account stays.
          return { kind: 'created', account } as const;
        }
        const [updated] = await tx.select().from(accounts).where(eq(accounts.id, account.id));
        return { kind: 'created', account: updated ?? account } as const;
      });
    },
  };
}

function isUsable(request: RegistrationRow, now: Date): boolean {
  return request.attempts < AUTH_TIMINGS.maxCodeAttempts && request.expiresAt.getTime() > now.getTime();
}

/** One-time links that let the owner of a mailbox choose a new password. */
export function createRestoreService(db: Database) {
  return {
    /** A new link token for the account; only its hash is stored. */
    async issue(accountId: number): Promise<string> {
      const token = randomToken();
      await db.insert(passwordResetTokens).values({
        accountId,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + seconds(AUTH_TIMINGS.restoreLinkTtlSeconds)),
      });
      return token;
    },

    /**
     * Sets the password if the token is known, unused and unexpired, and uses up every other
     * link of the account too. Returns the account, or null for a dead link.
     */
    async redeem(token: string, passwordHash: string): Promise<number | null> {
      const now = new Date();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: passwordResetTokens.id, accountId: passwordResetTokens.accountId })
          .from(passwordResetTokens)
          .where(
            and(
              eq(passwordResetTokens.tokenHash, sha256(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .for('update');
        if (!row) return null;
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.accountId, row.accountId), isNull(passwordResetTokens.usedAt)));
        await tx.update(accounts).set({ passwordHash, updatedAt: now }).where(eq(accounts.id, row.accountId));
        return row.accountId;
      });
    },

    /** Links mailed to an address stop working once the account's e-mail changes. */
    async revokeAll(accountId: number): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.accountId, accountId), isNull(passwordResetTokens.usedAt)));
    },
  };
}
