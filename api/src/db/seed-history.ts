import type { AccountType, NotificationKind } from 'contracts';
import { adDayOf, addDays } from 'contracts/campaigns';
import { eq } from 'drizzle-orm';
import { Random } from '../lib/random';
import { sha256 } from '../lib/tokens';
import { type LedgerPosting, post } from '../modules/ledger/repository';
import { SANDBOX_PAY_CURRENCY, sandboxPayAmount } from '../modules/payments/providers';
import { topUpReference } from '../modules/payments/service';
import type { Database } from './client';
import { ledgerEntries, ledgerTransactions, notifications, paymentOrders, paymentWebhooks } from './schema';

/*
 * The demo accounts' last 30 days (development only): what a month of use leaves behind, so the
 * cabinet's and the office's charts, balances and notifications show something on a fresh
 * database. Written once, in the transaction that creates the demo account, so a restart never
 * adds a second month. Everything is drawn from a seeded generator and dated relative to `now`.
 */

/** The days of history: the 30 days the cabinet and the office chart, today included. */
export const HISTORY_DAYS = 30;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Rows per INSERT, well under PostgreSQL's bound-parameter limit. */
const BATCH_SIZE = 1000;

/** Moscow has no daylight saving time: its midnight is always 21:00 UTC of the day before. */
const MOSCOW_OFFSET = '+03:00';

/**
 * How busy each day of the week is (Sunday first): people browse most at the end of the week and
 * least on Monday, so a month of figures has a weekly rhythm instead of a flat line.
 */
const WEEKDAY_SHAPE = [1.08, 0.8, 0.86, 0.92, 1.0, 1.24, 1.36] as const;

/** The calendar of the history: its days, oldest first, and moments within them. */
export class HistoryClock {
  readonly today: string;
  readonly days: string[];

  constructor(readonly now: Date) {
    this.today = adDayOf(now);
    this.days = Array.from({ length: HISTORY_DAYS }, (_, index) =>
      addDays(this.today, index - (HISTORY_DAYS - 1)),
    );
  }

  /** `day` days from today (negative: ago), `hour` hours after its midnight in Moscow. */
  at(day: number, hour: number): Date {
    const midnight = Date.parse(`${addDays(this.today, day)}T00:00:00${MOSCOW_OFFSET}`);
    return new Date(Math.min(midnight + hour * HOUR_MS, this.now.getTime()));
  }

  /** `hours` before now. */
  ago(hours: number): Date {
    return new Date(this.now.getTime() - hours * HOUR_MS);
  }

  /** How much of today has passed (at least a little, so today is never empty). */
  get todayShare(): number {
    const midnight = Date.parse(`${this.today}T00:00:00${MOSCOW_OFFSET}`);
    return Math.max(0.1, Math.min(1, (this.now.getTime() - midnight) / DAY_MS));
  }
}

export interface CurveOptions {
  /** A usual day's figure, before the weekly rhythm and the noise. */
  base: number;
  /** Growth over the month: the first day's factor and the last day's. */
  trend?: readonly [number, number];
  /** Extra factor for some days (a promotion running), by the day's index in `days`. */
  boost?: (index: number) => number;
}

/**
 * One figure per day of `days` (a subset of the clock's, in order): the base with the weekly
 * rhythm, a trend and some noise; today only as far as it has gone.
 */
export function dailyCurve(
  random: Random,
  clock: HistoryClock,
  days: readonly string[],
  options: CurveOptions,
) {
  const [first, last] = options.trend ?? [1, 1];
  return days.map((day) => {
    const index = clock.days.indexOf(day);
    const progress = index / (HISTORY_DAYS - 1);
    const weekday = WEEKDAY_SHAPE[new Date(`${day}T12:00:00Z`).getUTCDay()] ?? 1;
    const noise = 0.86 + random.next() * 0.28;
    const share = day === clock.today ? clock.todayShare : 1;
    const value =
      options.base *
      weekday *
      (first + (last - first) * progress) *
      (options.boost?.(index) ?? 1) *
      noise *
      share;
    return Math.max(1, Math.round(value));
  });
}

/** A seeded generator of its own per account, so one account's history never shifts another's. */
export const historyRandom = (salt: number) => new Random(20_261_126 + salt);

/** A visitor key shaped like the real ones (hashed), distinct per label. */
export const demoVisitorKey = (label: string) => sha256(`demo-visitor|${label}`);

export function chunks<T>(rows: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH_SIZE) result.push(rows.slice(i, i + BATCH_SIZE));
  return result;
}

/**
 * A demo account's money: top-ups through the sandbox gateway and purchases, each a real ledger
 * posting (the balance is their sum and the reconcile check holds), dated when they happened.
 */
export class DemoWallet {
  private balance = 0;
  private topUps = 0;

  constructor(
    private readonly tx: Database,
    private readonly account: { id: number; type: AccountType },
    private readonly random: Random,
    private readonly rubPerUsd: number,
  ) {}

  /**
   * A top-up as the sandbox gateway leaves it: a finished order, its verified webhook and the
   * ledger credit that webhook caused. The webhook was not really sent; its stored headers say
   * that it comes from this seed.
   */
  async topUp(kopecks: number, at: Date): Promise<void> {
    this.topUps += 1;
    const invoiceId = String(this.random.int(1_000_000_000, 9_999_999_999));
    const paymentId = `${invoiceId}-1`;
    const [order] = await this.tx
      .insert(paymentOrders)
      .values({
        accountId: this.account.id,
        provider: 'sandbox',
        amountKopecks: kopecks,
        status: 'finished',
        providerInvoiceId: invoiceId,
        providerPaymentId: paymentId,
        payCurrency: SANDBOX_PAY_CURRENCY,
        payAmount: sandboxPayAmount(kopecks, this.rubPerUsd),
        creditedKopecks: kopecks,
        returnArea: this.account.type,
        createdAt: new Date(at.getTime() - 4 * 60_000),
        updatedAt: at,
      })
      .returning({ id: paymentOrders.id });
    if (!order) throw new Error('the demo top-up order was not created');
    const posted = await this.post({
      kind: 'top_up',
      reference: topUpReference('sandbox', paymentId),
      metadata: { orderId: order.id, paymentId, status: 'finished' },
      entries: [
        [{ accountId: this.account.id }, kopecks],
        [{ systemAccount: 'payments' }, -kopecks],
      ],
    });
    await this.backdate(posted, at);
    const ipn = {
      payment_id: paymentId,
      invoice_id: invoiceId,
      payment_status: 'finished',
      order_id: order.id,
      price_amount: kopecks / 100,
      price_currency: 'rub',
      pay_amount: sandboxPayAmount(kopecks, this.rubPerUsd),
      actually_paid: sandboxPayAmount(kopecks, this.rubPerUsd),
      pay_currency: SANDBOX_PAY_CURRENCY,
    };
    await this.tx.insert(paymentWebhooks).values({
      provider: 'sandbox',
      headers: { 'content-type': 'application/json', 'user-agent': 'anketa demo seed' },
      rawBody: JSON.stringify(ipn),
      signatureValid: true,
      orderId: order.id,
      providerPaymentId: paymentId,
      paymentStatus: 'finished',
      outcome: 'credited',
      ledgerTransactionId: posted,
      receivedAt: at,
      processedAt: at,
    });
    this.balance += kopecks;
  }

  /**
   * Pays `kopecks` for something (the posting's reference and metadata name it), topping up first
   * when the balance is short: by the missing amount rounded up to `topUpStep` kopecks.
   */
  async pay(
    kopecks: number,
    at: Date,
    posting: { reference: string; metadata: Record<string, string | number> },
    topUpStep: number,
  ): Promise<void> {
    if (this.balance < kopecks) {
      const missing = kopecks - this.balance;
      await this.topUp(Math.ceil(missing / topUpStep) * topUpStep, new Date(at.getTime() - 40 * 60_000));
    }
    const posted = await this.post({
      kind: 'purchase',
      reference: posting.reference,
      metadata: posting.metadata,
      entries: [
        [{ accountId: this.account.id }, -kopecks],
        [{ systemAccount: 'revenue' }, kopecks],
      ],
    });
    await this.backdate(posted, at);
    this.balance -= kopecks;
  }

  get kopecks(): number {
    return this.balance;
  }

  get topUpCount(): number {
    return this.topUps;
  }

  /** A posting of this history; its references are new, so a duplicate means it ran twice. */
  private async post(posting: LedgerPosting): Promise<number> {
    const posted = await post(this.tx, posting);
    if (posted.duplicate) throw new Error(`demo history posted ${posting.reference} twice`);
    return posted.transactionId;
  }

  private async backdate(transactionId: number, at: Date): Promise<void> {
    await this.tx
      .update(ledgerTransactions)
      .set({ createdAt: at })
      .where(eq(ledgerTransactions.id, transactionId));
    await this.tx
      .update(ledgerEntries)
      .set({ createdAt: at })
      .where(eq(ledgerEntries.transactionId, transactionId));
  }
}

export interface DemoNotification {
  kind: NotificationKind;
  params: Record<string, string | number>;
  at: Date;
  /** When she or he read it; null while unread. */
  readAt: Date | null;
}

/** The notifications the history's events would have sent, dated as they were. */
export async function insertNotifications(
  tx: Database,
  accountId: number,
  items: readonly DemoNotification[],
) {
  if (items.length === 0) return;
  await tx.insert(notifications).values(
    items.map((item) => ({
      accountId,
      kind: item.kind,
      params: item.params,
      createdAt: item.at,
      readAt: item.readAt,
    })),
  );
}
