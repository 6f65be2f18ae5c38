import type { ProfileResponse } from 'contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema';

/**
 * Accounts, shared by auth (registration, sign-in, restore) and this module's routes (the
 * signed-in account's own changes), so that auth does not reach into another module's storage.
 */
export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = Pick<
  typeof accounts.$inferInsert,
  'email' | 'passwordHash' | 'accountType' | 'locale'
>;

export function toProfileResponse(account: AccountRow): ProfileResponse {
  return {
    email: account.email,
    login: account.login,
    balance: account.balanceKopecks / 100,
    balanceKopecks: account.balanceKopecks,
    accountType: account.accountType,
    accountRole: account.role,
    locale: account.locale,
  };
}

/** E-mails and logins are unique regardless of case, as the database's indexes are. */
const sameText = (column: typeof accounts.email | typeof accounts.login, value: string) =>
  sql`lower(${column}) = lower(${value})`;

/** `db` may be a transaction, for work that must commit together with other changes. */
export function createAccountRepository(db: Database) {
  return {
    async findById(id: number): Promise<AccountRow | null> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
      return row ?? null;
    },

    async findByEmail(email: string): Promise<AccountRow | null> {
      const [row] = await db.select().from(accounts).where(sameText(accounts.email, email));
      return row ?? null;
    },

    /** Whether another account than `exceptId` already uses this e-mail. */
    async emailTaken(email: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(sameText(accounts.email, email), exceptId ? ne(accounts.id, exceptId) : undefined));
      return !!row;
    },

    async loginTaken(login: string, exceptId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(sameText(accounts.login, login), ne(accounts.id, exceptId)));
      return !!row;
    },

    /** The new account, or null when the e-mail is taken (the unique index settles races). */
    async insertIfNew(values: NewAccount): Promise<AccountRow | null> {
      const [row] = await db.insert(accounts).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async update(
      id: number,
      values: Partial<Pick<AccountRow, 'email' | 'login' | 'passwordHash'>>,
    ): Promise<AccountRow | null> {
      const [row] = await db
        .update(accounts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(accounts.id, id))
        .returning();
      return row ?? null;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;

/** The e-mails of these accounts (those that exist), with their ids. */
export async function accountEmails(db: Database, ids: number[]): Promise<{ id: number; email: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: accounts.id, email: accounts.email })
    .from(accounts)
    .where(inArray(accounts.id, ids));
}
