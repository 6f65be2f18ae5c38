import { ErrorState, formatDateTime, formatRubles, PageHeader, Pager } from 'account-ui';
import { PAYMENT_ORDER_STATUSES } from 'contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Card, Select, SkeletonText } from 'shared-ui';
import { usePaymentOrders } from '../api/get-payment-orders';
import tables from '../../../components/data-table.module.css';
import { OrderStatus } from './order-status';
import styles from './payments.module.css';

/** Top-up orders (`/admin/payments?status=&accountId=&page=`), newest first, with the gateway's status. */
export default function PaymentsPage() {
  const { t } = useTranslation('admin');
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status') ?? '';
  const accountId = searchParams.get('accountId') ?? '';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const filters = { ...(status ? { status } : {}), ...(accountId ? { accountId } : {}) };
  const orders = usePaymentOrders({ ...filters, page });

  const data = orders.data;
  return (
    <div className={styles.page}>
      <PageHeader title={t('payments.title')} />
      <div className={styles.filters}>
        <Select
          label={t('payments.filters.status')}
          value={status}
          onChange={(event) =>
            setSearchParams(
              event.target.value
                ? { ...filters, status: event.target.value }
                : { ...(accountId ? { accountId } : {}) },
            )
          }
        >
          <option value="">{t('records.any')}</option>
          {PAYMENT_ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`payments.status.${value}`)}
            </option>
          ))}
        </Select>
        {accountId && (
          <p className={styles.accountFilter}>
            <span>{t('payments.filters.account', { id: accountId })}</span>
            <Button variant="ghost" size="sm" onClick={() => setSearchParams(status ? { status } : {})}>
              {t('payments.filters.allAccounts')}
            </Button>
          </p>
        )}
      </div>
      {orders.isPending ? (
        <Card role="status" aria-busy="true" aria-label={t('common.loading')}>
          <SkeletonText lines={6} />
        </Card>
      ) : orders.isError || !data ? (
        <ErrorState message={t('payments.errors.load')} onRetry={() => void orders.refetch()} />
      ) : data.items.length === 0 ? (
        <Card as="section">
          <p className={styles.muted}>{t('payments.none')}</p>
        </Card>
      ) : (
        <Card className={tables.box} aria-busy={orders.isPlaceholderData}>
          <table className={tables.table} data-testid="orders-table">
            <caption className={tables.caption}>{t('payments.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('payments.columns.order')}</th>
                <th scope="col">{t('payments.columns.account')}</th>
                <th scope="col">{t('payments.columns.status')}</th>
                <th scope="col" className={tables.number}>
                  {t('payments.columns.amount')}
                </th>
                <th scope="col" className={tables.number}>
                  {t('payments.columns.credited')}
                </th>
                <th scope="col">{t('payments.columns.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((order) => (
                <tr key={order.id} data-testid="order-row">
                  <th scope="row" data-label={t('payments.columns.order')}>
                    <span className={styles.orderCell}>
                      <Link to={`/admin/payments/${order.id}`} className={tables.link}>
                        {formatDateTime(order.createdAt)}
                      </Link>
                      <span className={tables.muted}>
                        {t(`payments.providers.${order.provider}`)} · {order.id.slice(0, 8)}
                      </span>
                    </span>
                  </th>
                  <td data-label={t('payments.columns.account')}>
                    <Link to={`/admin/accounts/${order.account.id}`} className={tables.link}>
                      {order.account.email}
                    </Link>
                  </td>
                  <td data-label={t('payments.columns.status')}>
                    <span>
                      <OrderStatus status={order.status} />
                    </span>
                  </td>
                  <td data-label={t('payments.columns.amount')} className={tables.number}>
                    {formatRubles(order.amount)}
                  </td>
                  <td data-label={t('payments.columns.credited')} className={tables.number}>
                    {formatRubles(order.credited)}
                    {order.bonusPercent ? ` (+${order.bonusPercent}%)` : ''}
                  </td>
                  <td data-label={t('payments.columns.updated')}>{formatDateTime(order.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            namespace="admin"
            keyPrefix="records.pager"
            page={data.page}
            pageCount={data.pageCount}
            onPage={(next) => setSearchParams({ ...filters, page: String(next) })}
          />
        </Card>
      )}
    </div>
  );
}
