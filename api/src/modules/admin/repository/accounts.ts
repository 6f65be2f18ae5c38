import {
  ADMIN_ACCOUNT_CAMPAIGNS,
  ADMIN_LEDGER_ENTRIES,
  type AdminAccount,
  type AdminAccountDetails,
  type AdminAccountList,
  type AdminAccountSearchQuery,
} from 'contracts';
import { and, count, desc, eq, exists, gt, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  accounts,
  authSessions,
  campaigns,
  ledgerEntries,
  ledgerTransactions,
  modelProfiles,
} from '../../../db/schema';
import { ApiError } from '../../../lib/api-error';
import { refusedTotalsOf } from '../../ads/repository';
import { pageOf, paged } from '../../../lib/paging';
import { qualified } from '../../../db/qualified';
import { adminProfilesOfAccount } from './profiles';

/** `%`, `_` and `\` match themselves in a search, not any text. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The search: part of the e-mail or login, or the id of one of the account's profiles. */
function searchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${likeEscaped(q)}%`;
  const byText = [ilike(accounts.email, pattern), ilike(accounts.login, pattern)];
  if (!/^[1-9]\d{0,8}$/.test(q)) return or(...byText);
  const ownsProfile = exists(
    sql`(select 1 from ${modelProfiles} where ${qualified(modelProfiles.accountId)} = ${qualified(accounts.id)} and ${qualified(modelProfiles.id)} = ${Number(q)})`,
  );
  return or(...byText, ownsProfile);
}

const profileCount =
  sql<number>`(select count(*) from ${modelProfiles} where ${qualified(modelProfiles.accountId)} = ${qualified(accounts.id)})`.mapWith(
    Number,
  );

function toAdminAccount(row: typeof accounts.$inferSelect, profiles: number): AdminAccount {
  return {
    id: row.id,
    email: row.email,
    login: row.login,
    accountType: row.accountType,
    role: row.role,
    locale: row.locale,
    blockedAt: row.blockedAt?.toISOString() ?? null,
    blockComment: row.blockComment,
    profileCount: profiles,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAccountDirectory(db: Database) {
  return {
    /** Accounts matching the search, newest first. */
    async search(query: AdminAccountSearchQuery): Promise<AdminAccountList> {
      const page = pageOf(query);
      const where = searchOf(query.q);
      const [rows, [total]] = await Promise.all([
        db
          .select({ account: accounts, profiles: profileCount })
          .from(accounts)
          .where(where)
          .orderBy(desc(accounts.createdAt), desc(accounts.id))
          .limit(page.perPage)
          .offset(page.offset),
        db.select({ n: count() }).from(accounts).where(where),
      ]);
      return paged(
        rows.map((row) => toAdminAccount(row.account, row.profiles)),
        total?.n ?? 0,
        page,
      );
    },

    /** An account with its profiles, balance and latest ledger entries. */
    async details(accountId: number): Promise<AdminAccountDetails> {
      const [row] = await db
        .select({ account: accounts, profiles: profileCount })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      if (!row) throw new ApiError(404, 'USER_NOT_FOUND');
      const [profiles, ledger, campaignRows, sessions] = await Promise.all([
        adminProfilesOfAccount(db, accountId),
        db
          .select({
            id: ledgerEntries.id,
            transactionId: ledgerEntries.transactionId,
            kind: ledgerTransactions.kind,
            reference: ledgerTransactions.reference,
            metadata: ledgerTransactions.metadata,
            amountKopecks: ledgerEntries.amountKopecks,
            createdAt: ledgerEntries.createdAt,
          })
          .from(ledgerEntries)
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .where(eq(ledgerEntries.accountId, accountId))
          .orderBy(desc(ledgerEntries.id))
          .limit(ADMIN_LEDGER_ENTRIES),
        db
          .select()
          .from(campaigns)
          .where(eq(campaigns.accountId, accountId))
          .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
          .limit(ADMIN_ACCOUNT_CAMPAIGNS),
        db
          .select()
          .from(authSessions)
          .where(
            and(
              eq(authSessions.accountId, accountId),
              isNull(authSessions.revokedAt),
              gt(authSessions.expiresAt, sql`now()`),
            ),
          )
          .orderBy(desc(authSessions.createdAt), desc(authSessions.id)),
      ]);
      const refused = await refusedTotalsOf(
        db,
        campaignRows.map((campaign) => campaign.id),
      );
      return {
        account: toAdminAccount(row.account, row.profiles),
        balance: row.account.balanceKopecks / 100,
        balanceKopecks: row.account.balanceKopecks,
        profiles,
        ledger: ledger.map((entry) => ({
          ...entry,
          amount: entry.amountKopecks / 100,
          createdAt: entry.createdAt.toISOString(),
        })),
        campaigns: campaignRows.map((campaign) => ({
          id: campaign.id,
          heading: campaign.heading ?? '',
          status: campaign.status,
          startsAt: campaign.startsOn,
          endsAt: campaign.endsOn,
          impressionsBought: campaign.impressions,
          impressionsDelivered: campaign.impressionsServed,
          impressionsRefused: refused.get(campaign.id)?.impressions ?? 0,
          clicksRefused: refused.get(campaign.id)?.clicks ?? 0,
          createdAt: campaign.createdAt.toISOString(),
        })),
        sessions: sessions.map((session) => ({
          id: session.id,
          createdAt: session.createdAt.toISOString(),
          lastUsedAt: session.lastUsedAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
          userAgent: session.userAgent,
          ip: session.ip,
        })),
      };
    },
  };
}
