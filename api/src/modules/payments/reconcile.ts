import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { verifyBalances } from '../ledger/repository';

export interface ReconcileReport {
  accounts: number;
  ledgerTransactions: number;
  topUps: { count: number; kopecks: number };
  bonuses: { count: number; kopecks: number };
  /** Stored webhooks per outcome. */
  webhooks: Record<string, number>;
  /** Everything that does not add up; empty when the books are consistent. */
  problems: string[];
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  // Both drivers (node-postgres and PGlite) answer raw queries with `rows`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const rubles = (kopecks: number) => `${(kopecks / 100).toFixed(2)} ₽`;

/**
 * Checks the books: every account's balance equals the sum of its ledger entries and every
 * transaction balances (verifyBalances); every top-up credit has exactly one verified webhook
 * that caused it, and no webhook claims a credit that is not there; every order's credited
 * amount and bonus equal what the ledger holds for it. Only reads.
 */
export async function reconcile(db: Database): Promise<ReconcileReport> {
  const problems: string[] = [];

  const audit = await verifyBalances(db);
  for (const account of audit.accounts) {
    problems.push(
      `account ${account.accountId}: balance ${rubles(account.balanceKopecks)} but its ledger entries sum to ${rubles(account.entriesKopecks)}`,
    );
  }
  for (const transaction of audit.transactions) {
    problems.push(
      `ledger transaction ${transaction.transactionId}: ${transaction.entries} entries summing to ${transaction.sumKopecks} kopecks`,
    );
  }

  const topUpsWithoutOneWebhook = await rows<{
    id: number;
    reference: string;
    verified: number;
    linked: number;
  }>(
    db,
    sql`select t.id, t.reference,
          count(w.id) filter (where w.signature_valid and w.outcome = 'credited')::int as verified,
          count(w.id)::int as linked
        from ledger_transactions t
        left join payment_webhooks w on w.ledger_transaction_id = t.id
        where t.kind = 'top_up'
        group by t.id, t.reference
        having count(w.id) filter (where w.signature_valid and w.outcome = 'credited') <> 1 or count(w.id) <> 1
        order by t.id`,
  );
  for (const row of topUpsWithoutOneWebhook) {
    problems.push(
      `top-up ${row.reference} (ledger transaction ${row.id}) has ${row.verified} verified crediting webhooks (${row.linked} linked); exactly one is expected`,
    );
  }

  const creditsWithoutTopUp = await rows<{ id: number }>(
    db,
    sql`select w.id from payment_webhooks w
        left join ledger_transactions t on t.id = w.ledger_transaction_id
        where w.ledger_transaction_id is not null
          and (w.outcome <> 'credited' or not w.signature_valid or t.kind is distinct from 'top_up')
        order by w.id`,
  );
  for (const row of creditsWithoutTopUp) {
    problems.push(`webhook ${row.id} claims a credit that is not a verified top-up in the ledger`);
  }

  const ordersOff = await rows<{ id: string; status: string; credited: string; ledger: string }>(
    db,
    sql`select o.id, o.status, o.credited_kopecks as credited, coalesce(sum(e.amount_kopecks), 0) as ledger
        from payment_orders o
        left join payment_webhooks w on w.order_id = o.id and w.ledger_transaction_id is not null
        left join ledger_entries e on e.transaction_id = w.ledger_transaction_id and e.account_id = o.account_id
        group by o.id
        having o.credited_kopecks <> coalesce(sum(e.amount_kopecks), 0)
          or (o.credited_kopecks > 0 and o.status not in ('finished', 'partially_paid'))
        order by o.created_at`,
  );
  for (const row of ordersOff) {
    problems.push(
      `order ${row.id} (${row.status}) says ${rubles(Number(row.credited))} credited, its webhooks' ledger credits sum to ${rubles(Number(row.ledger))}`,
    );
  }

  const bonusesOff = await rows<{ id: string; bonus: string; ledger: string }>(
    db,
    sql`select o.id, o.bonus_kopecks as bonus, coalesce(sum(e.amount_kopecks), 0) as ledger
        from payment_orders o
        left join ledger_transactions t on t.kind = 'top_up_bonus' and t.metadata->>'orderId' = o.id::text
        left join ledger_entries e on e.transaction_id = t.id and e.account_id = o.account_id
        group by o.id
        having o.bonus_kopecks <> coalesce(sum(e.amount_kopecks), 0)
        order by o.created_at`,
  );
  for (const row of bonusesOff) {
    problems.push(
      `order ${row.id} says a bonus of ${rubles(Number(row.bonus))}, the ledger holds ${rubles(Number(row.ledger))} for it`,
    );
  }

  const orphanBonuses = await rows<{ id: number; reference: string }>(
    db,
    sql`select t.id, t.reference from ledger_transactions t
        where t.kind = 'top_up_bonus'
          and not exists (
            select 1 from payment_orders o
            where o.id::text = t.metadata->>'orderId' and o.credited_kopecks > 0
          )
        order by t.id`,
  );
  for (const row of orphanBonuses) {
    problems.push(`bonus ${row.reference} (ledger transaction ${row.id}) belongs to no credited order`);
  }

  const [counts] = await rows<{ accounts: number; transactions: number }>(
    db,
    sql`select (select count(*) from accounts)::int as accounts,
               (select count(*) from ledger_transactions)::int as transactions`,
  );
  const sums = await rows<{ kind: string; count: number; kopecks: string }>(
    db,
    sql`select t.kind, count(distinct t.id)::int as count, coalesce(sum(e.amount_kopecks), 0) as kopecks
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id and e.account_id is not null
        where t.kind in ('top_up', 'top_up_bonus')
        group by t.kind`,
  );
  const sumOf = (kind: string) => {
    const row = sums.find((entry) => entry.kind === kind);
    return { count: row?.count ?? 0, kopecks: Number(row?.kopecks ?? 0) };
  };
  const outcomes = await rows<{ outcome: string; count: number }>(
    db,
    sql`select outcome, count(*)::int as count from payment_webhooks group by outcome order by outcome`,
  );

  return {
    accounts: counts?.accounts ?? 0,
    ledgerTransactions: counts?.transactions ?? 0,
    topUps: sumOf('top_up'),
    bonuses: sumOf('top_up_bonus'),
    webhooks: Object.fromEntries(outcomes.map((row) => [row.outcome, row.count])),
    problems,
  };
}

/** The report as the reconcile command prints it. */
export function formatReport(report: ReconcileReport, database: string): string {
  const webhooks = Object.entries(report.webhooks);
  const stored = webhooks.reduce((sum, [, count]) => sum + count, 0);
  const lines = [
    `Reconciliation of ${database}`,
    `  accounts: ${report.accounts}, ledger transactions: ${report.ledgerTransactions}`,
    `  top-ups credited: ${report.topUps.count} (${rubles(report.topUps.kopecks)}), deposit bonuses: ${report.bonuses.count} (${rubles(report.bonuses.kopecks)})`,
    `  webhooks stored: ${stored}${webhooks.length ? ` (${webhooks.map(([outcome, count]) => `${outcome} ${count}`).join(', ')})` : ''}`,
  ];
  if ((report.webhooks.received ?? 0) > 0) {
    lines.push(
      `  note: ${report.webhooks.received} webhook(s) were received but never processed (a crash); the gateway's retry is what counts`,
    );
  }
  if (report.problems.length === 0) {
    lines.push(
      '  OK: every balance equals its ledger entries, every credited top-up has exactly one verified webhook, and every order matches the ledger',
    );
  } else {
    lines.push(
      `  PROBLEMS (${report.problems.length}):`,
      ...report.problems.map((problem) => `  - ${problem}`),
    );
  }
  return lines.join('\n');
}
