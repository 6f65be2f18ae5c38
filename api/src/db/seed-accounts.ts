import { type AccountRole, type AccountType, PASSWORD_MIN_LENGTH } from 'contracts';
import { isCommonPassword } from 'contracts/common-passwords';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { hmac } from '../lib/tokens';
import { DEFAULT_RUB_PER_USD } from '../modules/prices/pricing';
import type { Database } from './client';
import { seedDemoCampaigns } from './seed-campaigns';
import { seedPrices } from './seed-prices';
import { seedDemoModelHistory } from './seed-model-history';
import { accounts, modelProfiles } from './schema';

export const DEFAULT_ADMIN_EMAIL = 'admin@anketa.local';

/**
 * The administrator is an advertiser-type account with the admin role: it has no profiles of
 * its own to manage, and the role opens every area to it.
 */
const ADMIN_ACCOUNT_TYPE: AccountType = 'advister';

const DEMO_ACCOUNTS: readonly { label: string; email: string; accountType: AccountType }[] = [
  { label: 'demo model', email: 'model@anketa.local', accountType: 'girl' },
  { label: 'demo advertiser', email: 'advertiser@anketa.local', accountType: 'advister' },
];

export interface SeedAccountsOptions {
  /** Made when the database has no administrator yet. */
  admin?: { email: string; password: string } | undefined;
  /** The demo model's and advertiser's password; without it there are no demo accounts. */
  demoPassword?: string | undefined;
  /** The moment the demo accounts' month of history ends (now by default). */
  now?: Date;
  /** Rubles per dollar of the price tables, for what the demo history paid (RUB_PER_USD). */
  rubPerUsd?: number;
}

export interface SeededAccount {
  label: string;
  email: string;
  role: AccountRole;
  password: string;
  created: boolean;
  /** False when the account existed already and its password has been changed since. */
  passwordWorks: boolean;
}

export interface SeedAccountsResult {
  accounts: SeededAccount[];
  /** No administrator exists, and none was configured. */
  adminMissing: boolean;
}

/**
 * A password for a seeded account on a machine without one configured: derived from the local
 * auth secret, so it is the same on every start (and can be printed again) but differs per machine.
 */
export function derivedPassword(secret: string, label: string): string {
  return hmac(secret, `seed-password|${label}`).slice(0, 16);
}

/** Refuses a configured password that registration would refuse, naming the setting. */
function checkConfiguredPassword(setting: string, password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`${setting} must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  }
  if (isCommonPassword(password)) {
    throw new Error(`${setting} is one of the most common passwords: choose another one`);
  }
}

/** Seeds the administrator and the demo accounts that are missing; safe to call on every start. */
export async function seedAccounts(db: Database, options: SeedAccountsOptions): Promise<SeedAccountsResult> {
  // These accounts sign in like anyone: their passwords keep the rules every new password keeps.
  if (options.admin) checkConfiguredPassword('ADMIN_PASSWORD', options.admin.password);
  if (options.demoPassword) checkConfiguredPassword('DEMO_PASSWORD', options.demoPassword);
  const result: SeededAccount[] = [];

  async function ensure(
    executor: Database,
    label: string,
    email: string,
    password: string,
    accountType: AccountType,
    role: AccountRole,
  ): Promise<number | null> {
    const [created] = await executor
      .insert(accounts)
      .values({ email, passwordHash: await hashPassword(password), accountType, role })
      .onConflictDoNothing()
      .returning({ id: accounts.id });
    if (created) {
      result.push({ label, email, role, password, created: true, passwordWorks: true });
      return created.id;
    }
    const [existing] = await executor
      .select()
      .from(accounts)
      .where(sql`lower(${accounts.email}) = lower(${email})`);
    // An address someone registered as an ordinary user is never promoted here.
    if (!existing || existing.role !== role) return null;
    const passwordWorks = await verifyPassword(existing.passwordHash, password);
    result.push({ label, email: existing.email, role, password, created: false, passwordWorks });
    return null;
  }

  const [anyAdmin] = await db
    .select({ email: accounts.email })
    .from(accounts)
    .where(eq(accounts.role, 'admin'));
  if (options.admin && (!anyAdmin || anyAdmin.email.toLowerCase() === options.admin.email.toLowerCase())) {
    await ensure(db, 'admin', options.admin.email, options.admin.password, ADMIN_ACCOUNT_TYPE, 'admin');
  }
  if (options.demoPassword) {
    const password = options.demoPassword;
    const history = { now: options.now ?? new Date(), rubPerUsd: options.rubPerUsd ?? DEFAULT_RUB_PER_USD };
    // The history pays the listed prices: reference data every start writes before this, which a
    // database seeded with accounts alone (a test) gets here.
    await seedPrices(db);
    for (const demo of DEMO_ACCOUNTS) {
      // The account and its demo content commit together: a start that stops halfway leaves
      // neither, and the next start makes both. An account found existing gets nothing more, so
      // restarts never add a second month of history.
      await db.transaction(async (tx) => {
        const id = await ensure(tx, demo.label, demo.email, password, demo.accountType, 'user');
        if (id === null) return;
        // The demo advertiser's office starts with a month of campaigns; the demo model owns the
        // first listed demo profile, so her cabinet has something in it and her presence shows
        // on the site.
        if (demo.accountType === 'advister') await seedDemoCampaigns(tx, id, history);
        if (demo.accountType === 'girl') {
          const [first] = await tx
            .select({ id: modelProfiles.id })
            .from(modelProfiles)
            .where(
              and(
                isNull(modelProfiles.accountId),
                eq(modelProfiles.status, 'active'),
                eq(modelProfiles.isBlocked, false),
              ),
            )
            .orderBy(asc(modelProfiles.id))
            .limit(1);
          if (first) {
            await tx.update(modelProfiles).set({ accountId: id }).where(eq(modelProfiles.id, first.id));
          }
          await seedDemoModelHistory(tx, id, history);
        }
      });
    }
  }
  const adminMissing = !anyAdmin && !result.some((account) => account.role === 'admin');
  return { accounts: result, adminMissing };
}
