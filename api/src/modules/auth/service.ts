import { randomInt } from 'node:crypto';
import { AUTH_TIMINGS, type AccountType, type Locale, REGISTRATION_CODE_LENGTH } from 'contracts';
import type { Database } from '../../db/client';
import { randomToken, safeEqual, sha256 } from '../../lib/tokens';
import { type AccountRow, createAccountRepository } from '../account/repository';
import { isUniqueViolation } from '../../lib/db-errors';
import {
  createEmailChangeTokenRepository,
  createRegistrationRepository,
  createRestoreTokenRepository,
  type RegistrationRow,
} from './repository';

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

/**
 * `existing`: the address already has this account. The registration is recorded all the same
 * (same cooldown, same answer), but its owner is mailed a notice instead of the code, and the
 * code step can only fail.
 */
export type StartOutcome =
  | { kind: 'started'; requestId: number; code: string; existing: AccountRow | null }
  | { kind: 'too_soon'; retryAfterSeconds: number };

export type ResendOutcome =
  | {
      kind: 'sent';
      requestId: number;
      code: string;
      locale: Locale;
      email: string;
      existing: AccountRow | null;
    }
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

function secondsLeftOf(lastSentAt: Date, now: number, cooldownSeconds: number): number {
  return Math.ceil((lastSentAt.getTime() + seconds(cooldownSeconds) - now) / 1000);
}

/**
 * Registration by e-mail code: the account is created only when the code that was mailed comes
 * back, within its lifetime and before too many wrong guesses. Work on one address is serialised
 * (an advisory lock), so two quick clicks cannot leave two live codes.
 */
export function createRegistrationService(
  db: Database,
  { resendCooldownSeconds = AUTH_TIMINGS.resendCooldownSeconds }: { resendCooldownSeconds?: number } = {},
) {
  const secondsLeft = (lastSentAt: Date, now: number) =>
    secondsLeftOf(lastSentAt, now, resendCooldownSeconds);
  return {
    async start(input: RegistrationInput): Promise<StartOutcome> {
      const now = Date.now();
      return db.transaction(async (tx) => {
        const requests = createRegistrationRepository(tx);
        await requests.lockEmail(input.email);
        const existing = await createAccountRepository(tx).findByEmail(input.email);

        const latest = await requests.latestLive(input.email, new Date(now));
        if (latest && secondsLeft(latest.lastSentAt, now) > 0) {
          return { kind: 'too_soon', retryAfterSeconds: secondsLeft(latest.lastSentAt, now) } as const;
        }
        // A new registration replaces any earlier one for the address (a changed password or type).
        await requests.expireAll(input.email, new Date(now));

        const code = generateCode();
        const requestId = await requests.insert({
          email: input.email,
          passwordHash: input.passwordHash,
          accountType: input.accountType,
          promoCode: input.promoCode ?? null,
          locale: input.locale,
          codeHash: hashCode(code),
          lastSentAt: new Date(now),
          expiresAt: new Date(now + seconds(AUTH_TIMINGS.codeTtlSeconds)),
        });
        return { kind: 'started', requestId, code, existing } as const;
      });
    },

    /** A new code for the latest open registration of the address; the old code stops working. */
    async resend(email: string): Promise<ResendOutcome> {
      const now = Date.now();
      return db.transaction(async (tx) => {
        const requests = createRegistrationRepository(tx);
        await requests.lockEmail(email);
        const latest = await requests.latestOpen(email);
        if (!latest) return { kind: 'none' } as const;
        const wait = secondsLeft(latest.lastSentAt, now);
        if (wait > 0) return { kind: 'too_soon', retryAfterSeconds: wait } as const;

        const code = generateCode();
        await requests.renewCode(
          latest.id,
          hashCode(code),
          new Date(now),
          new Date(now + seconds(AUTH_TIMINGS.codeTtlSeconds)),
        );
        return {
          kind: 'sent',
          requestId: latest.id,
          code,
          locale: latest.locale,
          email: latest.email,
          existing: await createAccountRepository(tx).findByEmail(email),
        } as const;
      });
    },

    /** Takes a code back if its mail could not be sent, so the person may ask again at once. */
    async withdraw(requestId: number): Promise<void> {
      await createRegistrationRepository(db).forgetLastSend(requestId);
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
        const requests = createRegistrationRepository(tx);
        const accounts = createAccountRepository(tx);
        // The row lock makes a second, simultaneous verification wait and then find the
        // registration consumed: one account, however often the form is sent.
        const request = await requests.latestUnconsumedForUpdate(email);
        if (!request || !isUsable(request, now)) return { kind: 'invalid' } as const;

        if (!codeMatches(request.codeHash, code)) {
          await requests.countWrongCode(request.id);
          return { kind: 'invalid' } as const;
        }

        await requests.consume(request.id, now);
        // The unique index on lower(email) settles a race with another registration of the address.
        const account = await accounts.insertIfNew({
          email: request.email,
          passwordHash: request.passwordHash,
          accountType: request.accountType,
          locale: request.locale,
        });
        if (!account) return { kind: 'exists' } as const;
        if (!request.promoCode || !onCreated) return { kind: 'created', account } as const;
        const promoCode = request.promoCode;
        try {
          await tx.transaction((savepoint) => onCreated(savepoint, account, promoCode));
        } catch {
          // The code ran out or ended between the form and the mailbox: the account stays.
          return { kind: 'created', account } as const;
        }
        return { kind: 'created', account: (await accounts.findById(account.id)) ?? account } as const;
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
      const expiresAt = new Date(Date.now() + seconds(AUTH_TIMINGS.restoreLinkTtlSeconds));
      await createRestoreTokenRepository(db).insert(accountId, sha256(token), expiresAt);
      return token;
    },

    /**
     * Sets the password if the token is known, unused and unexpired, and uses up every other
     * link of the account too. Returns the account, or null for a dead link.
     */
    async redeem(token: string, passwordHash: string): Promise<number | null> {
      const now = new Date();
      return db.transaction(async (tx) => {
        const tokens = createRestoreTokenRepository(tx);
        const accountId = await tokens.findUsableForUpdate(sha256(token), now);
        if (accountId === null) return null;
        await tokens.useAll(accountId, now);
        // A pending e-mail change asked for by whoever knew the old password ends with it.
        await createEmailChangeTokenRepository(tx).useAll(accountId, now);
        await createAccountRepository(tx).update(accountId, { passwordHash });
        return accountId;
      });
    },

    /**
     * Every mailed link of the account ends (restore links and pending e-mail changes): its
     * e-mail or password changed.
     */
    async revokeAll(accountId: number): Promise<void> {
      const now = new Date();
      await db.transaction(async (tx) => {
        await createRestoreTokenRepository(tx).useAll(accountId, now);
        await createEmailChangeTokenRepository(tx).useAll(accountId, now);
      });
    },
  };
}

export type EmailChangeOutcome =
  | { kind: 'changed'; accountId: number; oldEmail: string; account: AccountRow }
  | { kind: 'invalid' }
  | { kind: 'taken' };

/**
 * A new e-mail address replaces the old one only when the link mailed to it comes back: one
 * link per account at a time (a new request ends the earlier ones), single use, with an expiry.
 */
export function createEmailChangeService(db: Database) {
  return {
    /** A new link token for moving the account to `newEmail`; only its hash is stored. */
    async issue(accountId: number, newEmail: string): Promise<string> {
      const token = randomToken();
      const now = Date.now();
      await db.transaction(async (tx) => {
        const tokens = createEmailChangeTokenRepository(tx);
        await tokens.useAll(accountId, new Date(now));
        await tokens.insert(
          accountId,
          newEmail,
          sha256(token),
          new Date(now + seconds(AUTH_TIMINGS.emailChangeLinkTtlSeconds)),
        );
      });
      return token;
    },

    /** Applies the change of a live token; `taken` when the address found an owner meanwhile. */
    async confirm(token: string): Promise<EmailChangeOutcome> {
      const now = new Date();
      try {
        return await db.transaction(async (tx): Promise<EmailChangeOutcome> => {
          const tokens = createEmailChangeTokenRepository(tx);
          const pending = await tokens.findUsableForUpdate(sha256(token), now);
          if (!pending) return { kind: 'invalid' };
          await tokens.useAll(pending.accountId, now);
          const accounts = createAccountRepository(tx);
          const before = await accounts.findById(pending.accountId);
          if (!before) return { kind: 'invalid' };
          if (await accounts.emailTaken(pending.newEmail, pending.accountId)) return { kind: 'taken' };
          const account = await accounts.update(pending.accountId, { email: pending.newEmail });
          if (!account) return { kind: 'invalid' };
          return { kind: 'changed', accountId: account.id, oldEmail: before.email, account };
        });
      } catch (error) {
        // The unique index settles a race with a registration of the same address.
        if (isUniqueViolation(error)) return { kind: 'taken' };
        throw error;
      }
    },
  };
}
