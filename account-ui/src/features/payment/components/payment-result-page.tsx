import { useQueryClient } from '@tanstack/react-query';
import type { AccountType, PaymentOrder } from 'contracts';
import { ApiError, paths, sessionKeys, useSession } from 'platform';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClassName, Card, Skeleton, SkeletonText, Spinner } from 'shared-ui';
import { ACCOUNT_AREAS, useAccountArea } from '../../../area';
import { ErrorState } from '../../../components/error-state';
import { useBalance } from '../../../lib/balance';
import { formatRubles } from '../../../lib/format';
import { forgetActivePromo, readActivePromo } from '../../../lib/promos';
import { usePageTitle } from '../../../lib/use-page-title';
import { isPaid, isSettled, usePaymentOrder } from '../api/get-payment-order';
import styles from './payment-result-page.module.css';

/** Past this, the page stops asking and says to check later (the webhook may still come). */
export const POLL_LIMIT_MS = 3 * 60_000;

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Outcome = 'pending' | 'success' | 'error';

/**
 * Where the gateway sends the browser back (`?order=` names the order). What it shows is the
 * order as the server knows it, asked for until the gateway's webhook has settled it: the path
 * (success or error) only says what the gateway's page said, and is never trusted alone.
 */
export default function PaymentResultPage({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('account');
  const session = useSession();
  const area = useAccountArea();
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('order') ?? '';

  let body: ReactNode;
  if (session.status === 'loading') body = <ResultSkeleton />;
  else if (session.status === 'guest') body = <GuestResult />;
  else if (session.profile.accountType !== area.accountType)
    body = <WrongArea accountType={session.profile.accountType} />;
  else if (!ORDER_ID.test(orderId)) body = <UnknownOrder missing={orderId === ''} />;
  else body = <OrderResult orderId={orderId} outcome={outcome} />;

  return (
    <div className={styles.page}>
      <Card as="section" className={styles.card} aria-labelledby="payment-result-title">
        {body}
      </Card>
      <p className={styles.note}>{t('payment.webhookNote')}</p>
    </div>
  );
}

function Heading({ children }: { children: string }) {
  usePageTitle(children);
  return (
    <h1 id="payment-result-title" className={styles.title}>
      {children}
    </h1>
  );
}

function BackToCabinet({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation('account');
  const { base } = useAccountArea();
  return (
    <Link to={base} className={primary ? buttonClassName() : styles.link}>
      {t('payment.backToCabinet')}
    </Link>
  );
}

function ResultSkeleton() {
  const { t } = useTranslation('account');
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.stack}>
      <Skeleton width="60%" height="2rem" />
      <SkeletonText lines={2} />
      <Skeleton width="10rem" height="2.5rem" radius="var(--radius-md)" />
    </div>
  );
}

function GuestResult() {
  const { t } = useTranslation('account');
  const { accountType } = useAccountArea();
  return (
    <div className={styles.stack}>
      <Heading>{t('payment.guest.title')}</Heading>
      <p>{t('payment.guest.text')}</p>
      <Link to={paths.login(accountType)} className={buttonClassName()}>
        {t('payment.guest.signIn')}
      </Link>
    </div>
  );
}

/** The signed-in account is of the other type: its payments are shown in its own area. */
function WrongArea({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation('account');
  return (
    <div className={styles.stack}>
      <Heading>{t('payment.unknown.title')}</Heading>
      <p>{t(`payment.unknown.otherArea.${accountType}`)}</p>
      <Link to={ACCOUNT_AREAS[accountType].base} className={buttonClassName()}>
        {t(`payment.unknown.toOtherArea.${accountType}`)}
      </Link>
    </div>
  );
}

function UnknownOrder({ missing }: { missing: boolean }) {
  const { t } = useTranslation('account');
  return (
    <div className={styles.stack}>
      <Heading>{t('payment.unknown.title')}</Heading>
      <p>{missing ? t('payment.unknown.missing') : t('payment.unknown.text')}</p>
      <BackToCabinet primary />
    </div>
  );
}

function OrderResult({ orderId, outcome }: { orderId: string; outcome: Outcome }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  const query = usePaymentOrder(orderId, { enabled: true, polling: !gaveUp });
  const order = query.data;
  const settled = order ? isSettled(order) : false;
  const paid = order ? isPaid(order) : false;

  // Stop asking after a few minutes; "check again" starts a new round.
  useEffect(() => {
    if (settled || gaveUp) return;
    const timer = setTimeout(() => setGaveUp(true), Math.max(0, startedAt + POLL_LIMIT_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [settled, gaveUp, startedAt]);

  // Once paid: read the session again, so the balance here, in the layout and in the shell's
  // header is the server's; the deposit code it used has been spent.
  const refreshed = useRef(false);
  useEffect(() => {
    if (!order || !paid || refreshed.current) return;
    refreshed.current = true;
    void queryClient.invalidateQueries({ queryKey: sessionKeys.profile() });
    const kept = readActivePromo('DEPOSIT_PERCENTAGE');
    if (kept && order.promoCode === kept.code) forgetActivePromo('DEPOSIT_PERCENTAGE');
  }, [order, paid, queryClient]);

  if (query.isPending) return <ResultSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <UnknownOrder missing={false} />;
    return (
      <div className={styles.stack}>
        <Heading>{t('payment.pending.title')}</Heading>
        <ErrorState message={t('payment.errors.load')} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!order) return <ResultSkeleton />;
  if (paid) return <PaidResult order={order} />;
  if (settled) return <FailedResult order={order} />;
  if (gaveUp) {
    return (
      <div className={styles.stack}>
        <Heading>{t('payment.stillWaiting.title')}</Heading>
        <p>{t('payment.stillWaiting.text', { amount: formatRubles(order.amount) })}</p>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => {
              setStartedAt(Date.now());
              setGaveUp(false);
              void query.refetch();
            }}
          >
            {t('payment.stillWaiting.checkAgain')}
          </Button>
          <BackToCabinet />
        </div>
      </div>
    );
  }
  return (
    <div className={styles.stack}>
      <Heading>{t('payment.pending.title')}</Heading>
      <p className={styles.waiting} role="status" data-testid="payment-waiting">
        <Spinner size="sm" />
        {outcome === 'error'
          ? t('payment.pending.afterError', { amount: formatRubles(order.amount) })
          : t('payment.pending.text', { amount: formatRubles(order.amount) })}
      </p>
      <BackToCabinet />
    </div>
  );
}

function PaidResult({ order }: { order: PaymentOrder }) {
  const { t } = useTranslation('account');
  const balance = useBalance();
  const partial = order.status === 'partially_paid';
  return (
    <div className={styles.stack} data-testid="payment-paid">
      <Heading>{partial ? t('payment.paid.partialTitle') : t('payment.paid.title')}</Heading>
      <p role="status">
        {t('payment.paid.credited', { amount: formatRubles(order.credited) })}
        {order.bonus > 0 && ` ${t('payment.paid.bonus', { amount: formatRubles(order.bonus) })}`}
      </p>
      <p className={styles.balance}>
        <span>{t('payment.paid.balance')}</span>
        {balance === null ? (
          <Skeleton width="6em" height="1.5em" />
        ) : (
          <strong data-testid="payment-balance">{formatRubles(balance)}</strong>
        )}
      </p>
      <BackToCabinet primary />
    </div>
  );
}

function FailedResult({ order }: { order: PaymentOrder }) {
  const { t } = useTranslation('account');
  return (
    <div className={styles.stack} data-testid="payment-failed">
      <Heading>{t('payment.failed.title')}</Heading>
      <p role="alert">
        {order.status === 'expired'
          ? t('payment.failed.expired', { amount: formatRubles(order.amount) })
          : t('payment.failed.text', { amount: formatRubles(order.amount) })}
      </p>
      <BackToCabinet primary />
    </div>
  );
}
