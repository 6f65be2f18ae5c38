import { ErrorState, formatRubles, notify, PageHeader, Pager } from 'account-ui';
import type { AdminPromoCode } from 'contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Badge, Button, Card, SkeletonText } from 'shared-ui';
import { useDeactivatePromoCode } from '../api/deactivate-promo-code';
import { usePromoCodes } from '../api/get-promo-codes';
import tables from '../../../components/data-table.module.css';
import { messageOf } from '../../../lib/api-message';
import { formatCount } from '../../../lib/format-count';
import { formatDay } from '../../../lib/format-day';
import styles from './promo.module.css';

const ConfirmDialog = lazy(() =>
  import('shared-ui/dialog').then((module) => ({ default: module.ConfirmDialog })),
);
const PromoCreateDialog = lazy(() => import('./promo-create-dialog'));

/** Promo codes (`/admin/promo-codes`): what each gives, to whom, how often and when; create, switch off. */
export default function PromoPage() {
  const { t, i18n } = useTranslation('admin');
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const codes = usePromoCodes(page);
  const deactivate = useDeactivatePromoCode();
  const [creating, setCreating] = useState(false);
  const [toDeactivate, setToDeactivate] = useState<AdminPromoCode | null>(null);

  async function deactivateNow(code: AdminPromoCode) {
    try {
      await deactivate.mutateAsync(code.id);
      notify('success', t('promo.toasts.deactivated', { code: code.code }));
      setToDeactivate(null);
    } catch (error) {
      notify('error', messageOf(error, t('errors.somethingWrong')));
    }
  }

  const data = codes.data;
  return (
    <div className={styles.page}>
      <PageHeader
        title={t('promo.title')}
        actions={
          <Button size="sm" onClick={() => setCreating(true)}>
            {t('promo.create.open')}
          </Button>
        }
      />
      {codes.isPending ? (
        <Card role="status" aria-busy="true" aria-label={t('common.loading')}>
          <SkeletonText lines={6} />
        </Card>
      ) : codes.isError || !data ? (
        <ErrorState message={t('promo.errors.load')} onRetry={() => void codes.refetch()} />
      ) : data.items.length === 0 ? (
        <Card as="section">
          <p className={styles.muted}>{t('promo.none')}</p>
        </Card>
      ) : (
        <Card className={tables.box} aria-busy={codes.isPlaceholderData}>
          <table className={tables.table} data-testid="promo-table">
            <caption className={tables.caption}>{t('promo.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('promo.columns.code')}</th>
                <th scope="col">{t('promo.columns.gives')}</th>
                <th scope="col">{t('promo.columns.who')}</th>
                <th scope="col">{t('promo.columns.activations')}</th>
                <th scope="col">{t('promo.columns.valid')}</th>
                <th scope="col">{t('promo.columns.state')}</th>
                <th scope="col">
                  <span className={tables.caption}>{t('promo.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((code) => (
                <tr key={code.id} data-testid={`promo-${code.code}`}>
                  <th scope="row" data-label={t('promo.columns.code')}>
                    <span className={styles.code}>
                      <strong>{code.code}</strong>
                      <span className={tables.muted}>
                        {i18n.resolvedLanguage === 'en' ? code.descriptionEn : code.descriptionRu}
                      </span>
                    </span>
                  </th>
                  <td data-label={t('promo.columns.gives')}>
                    {code.promoType === 'BALANCE_AMOUNT'
                      ? t('promo.gives.balance', { amount: formatRubles(code.amount) })
                      : t('promo.gives.deposit', { percent: code.amount })}
                  </td>
                  <td data-label={t('promo.columns.who')}>
                    {code.accountType ? t(`promo.onlyFor.${code.accountType}`) : t('promo.anyone')}
                  </td>
                  <td data-label={t('promo.columns.activations')}>
                    {code.maxActivations === null
                      ? t('promo.activations.unlimited', {
                          count: code.activationCount,
                          used: formatCount(code.activationCount),
                        })
                      : t('promo.activations.limited', {
                          used: formatCount(code.activationCount),
                          max: formatCount(code.maxActivations),
                        })}
                  </td>
                  <td data-label={t('promo.columns.valid')}>{validity(t, code)}</td>
                  <td data-label={t('promo.columns.state')}>
                    <span>
                      {code.isActive ? (
                        <Badge className={styles.active}>{t('promo.state.active')}</Badge>
                      ) : (
                        <Badge>{t('promo.state.inactive')}</Badge>
                      )}
                    </span>
                  </td>
                  <td data-label={t('promo.columns.actions')}>
                    <span>
                      {code.isActive ? (
                        <Button variant="ghost" size="sm" onClick={() => setToDeactivate(code)}>
                          {t('promo.deactivate.short')}
                          <span className={tables.caption}> {code.code}</span>
                        </Button>
                      ) : (
                        '—'
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            namespace="admin"
            keyPrefix="records.pager"
            page={data.page}
            pageCount={data.pageCount}
            onPage={(next) => setSearchParams({ page: String(next) })}
          />
        </Card>
      )}
      <Suspense fallback={null}>
        {creating && <PromoCreateDialog onClose={() => setCreating(false)} />}
        {toDeactivate && (
          <ConfirmDialog
            open
            tone="danger"
            onOpenChange={(open) => !open && !deactivate.isPending && setToDeactivate(null)}
            title={t('promo.deactivate.title', { code: toDeactivate.code })}
            description={t('promo.deactivate.text')}
            confirmLabel={t('promo.deactivate.confirm')}
            cancelLabel={t('common.cancel')}
            loading={deactivate.isPending}
            onConfirm={() => void deactivateNow(toDeactivate)}
          />
        )}
      </Suspense>
    </div>
  );
}

function validity(t: (key: string, options?: Record<string, unknown>) => string, code: AdminPromoCode) {
  if (code.validFrom && code.validUntil)
    return t('promo.valid.between', { from: formatDay(code.validFrom), until: formatDay(code.validUntil) });
  if (code.validFrom) return t('promo.valid.from', { from: formatDay(code.validFrom) });
  if (code.validUntil) return t('promo.valid.until', { until: formatDay(code.validUntil) });
  return t('promo.valid.always');
}
