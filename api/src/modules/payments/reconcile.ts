import type { Database } from '../../db/client';
import { verifyBalances } from '../ledger/repository';
import { createReconcileRepository } from './repository';

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

const rubles = (kopecks: number) => `${(kopecks / 100).toFixed(2)} ₽`;

/**
 * Checks the books: every account's balance equals the sum of its ledger entries and every
 * transaction balances (verifyBalances); every top-up credit has exactly one verified webhook
 * that caused it, and no webhook claims a credit that is not there; every order's credited
 * amount and bonus equal what the ledger holds for it. Only reads.
 */
export async function reconcile(db: Database): Promise<ReconcileReport> {
  const problems: string[] = [];
  const books = createReconcileRepository(db);

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

  const topUpsWithoutOneWebhook = await books.topUpsWithoutOneWebhook();
  for (const row of topUpsWithoutOneWebhook) {
    problems.push(
      `top-up ${row.reference} (ledger transaction ${row.id}) has ${row.verified} verified crediting webhooks (${row.linked} linked); exactly one is expected`,
    );
  }

  const creditsWithoutTopUp = await books.creditsWithoutTopUp();
  for (const row of creditsWithoutTopUp) {
    problems.push(`webhook ${row.id} claims a credit that is not a verified top-up in the ledger`);
  }

  const ordersOff = await books.ordersOff();
  for (const row of ordersOff) {
    problems.push(
      `order ${row.id} (${row.status}) says ${rubles(Number(row.credited))} credited, its webhooks' ledger credits sum to ${rubles(Number(row.ledger))}`,
    );
  }

  const bonusesOff = await books.bonusesOff();
  for (const row of bonusesOff) {
    problems.push(
      `order ${row.id} says a bonus of ${rubles(Number(row.bonus))}, the ledger holds ${rubles(Number(row.ledger))} for it`,
    );
  }

  const orphanBonuses = await books.orphanBonuses();
  for (const row of orphanBonuses) {
    problems.push(`bonus ${row.reference} (ledger transaction ${row.id}) belongs to no credited order`);
  }

  const counts = await books.counts();
  const sums = await books.sums();
  const sumOf = (kind: string) => {
    const row = sums.find((entry) => entry.kind === kind);
    return { count: row?.count ?? 0, kopecks: Number(row?.kopecks ?? 0) };
  };
  const outcomes = await books.outcomes();

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
