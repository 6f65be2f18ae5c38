import { ErrorState, formatDateTime, formatRubles, PageHeader, SectionCard } from 'account-ui';
import type { AdminPaymentOrderDetails } from 'contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Card, ScrollRegion, Skeleton, SkeletonText } from 'shared-ui';
import { usePaymentOrder } from '../api/get-payment-order';
import { codeOf } from '../../../lib/api-message';
import { OrderStatus } from './order-status';
import styles from './payments.module.css';

/** One top-up order (`/admin/payments/:id`): what was asked and credited, and every webhook as it arrived. */
export default function PaymentPage() {
  const { t } = useTranslation('admin');
  const id = useParams().id ?? '';
  const order = usePaymentOrder(id);

  return (
    <div className={styles.page}>
      <Link to="/admin/payments" className={styles.back}>
        {t('payments.back')}
      </Link>
      {order.isPending ? (
        <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.page}>
          <Skeleton width="50%" height="2rem" />
          <Card>
            <SkeletonText lines={5} />
          </Card>
        </div>
      ) : order.isError ? (
        <>
          <PageHeader title={t('payments.order.title')} />
          <ErrorState
            message={
              codeOf(order.error) === 'NOT_FOUND'
                ? t('payments.errors.notFound')
                : t('payments.errors.loadOne')
            }
            onRetry={() => void order.refetch()}
          />
        </>
      ) : (
        <OrderDetails details={order.data} />
      )}
    </div>
  );
}

function OrderDetails({ details: { order, webhooks } }: { details: AdminPaymentOrderDetails }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageHeader title={t('payments.order.heading', { amount: formatRubles(order.amount) })} />
      <SectionCard id="order-facts" title={t('payments.order.facts')}>
        <dl className={styles.facts}>
          <div>
            <dt>{t('payments.columns.status')}</dt>
            <dd data-testid="order-status">
              <OrderStatus status={order.status} />
            </dd>
          </div>
          <div>
            <dt>{t('payments.columns.account')}</dt>
            <dd>
              <Link to={`/admin/accounts/${order.account.id}`} className={styles.link}>
                {order.account.email}
              </Link>
            </dd>
          </div>
          <div>
            <dt>{t('payments.columns.amount')}</dt>
            <dd>{formatRubles(order.amount)}</dd>
          </div>
          <div>
            <dt>{t('payments.columns.credited')}</dt>
            <dd>{formatRubles(order.credited)}</dd>
          </div>
          <div>
            <dt>{t('payments.order.bonus')}</dt>
            <dd>{order.bonusPercent ? `${order.bonusPercent}%` : '—'}</dd>
          </div>
          <div>
            <dt>{t('payments.order.provider')}</dt>
            <dd>{t(`payments.providers.${order.provider}`)}</dd>
          </div>
          <div>
            <dt>{t('payments.order.invoice')}</dt>
            <dd className={styles.mono}>{order.providerInvoiceId ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('payments.order.id')}</dt>
            <dd className={styles.mono}>{order.id}</dd>
          </div>
          <div>
            <dt>{t('payments.order.created')}</dt>
            <dd>{formatDateTime(order.createdAt)}</dd>
          </div>
          <div>
            <dt>{t('payments.columns.updated')}</dt>
            <dd>{formatDateTime(order.updatedAt)}</dd>
          </div>
        </dl>
      </SectionCard>
      <SectionCard id="order-webhooks" title={t('payments.webhooks.title', { count: webhooks.length })}>
        {webhooks.length === 0 ? (
          <p className={styles.muted}>{t('payments.webhooks.none')}</p>
        ) : (
          <ol className={styles.webhooks}>
            {webhooks.map((hook) => (
              <li key={hook.id} data-testid="webhook">
                <p className={styles.hookLine}>
                  <strong>{t(`payments.outcomes.${hook.outcome}`)}</strong>
                  <span>{t('payments.webhooks.gatewayStatus', { status: hook.paymentStatus ?? '—' })}</span>
                  <span className={styles.muted}>
                    {t('payments.webhooks.received', { date: formatDateTime(hook.receivedAt) })}
                    {hook.processedAt &&
                      ` · ${t('payments.webhooks.processed', { date: formatDateTime(hook.processedAt) })}`}
                  </span>
                </p>
                <details>
                  <summary>{t('payments.webhooks.body')}</summary>
                  {/* Scrolls inside its own box: a long payload never widens the page. */}
                  <ScrollRegion className={styles.raw} label={t('payments.webhooks.body')}>
                    <pre className={styles.rawText}>{pretty(hook.rawBody)}</pre>
                  </ScrollRegion>
                </details>
              </li>
            ))}
          </ol>
        )}
      </SectionCard>
    </>
  );
}

/** The stored body as it arrived, indented when it is JSON. */
function pretty(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}
