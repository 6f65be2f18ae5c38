import { ErrorState, PageHeader, SectionCard } from 'account-ui';
import { type AdminPriceItem, PRICE_LISTS } from 'contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Skeleton, SkeletonText } from 'shared-ui';
import { useSite } from '../api/get-site';
import tables from '../../../components/data-table.module.css';
import { formatCount } from '../../../lib/format-count';
import { SloganForm } from './slogan-form';
import styles from './site.module.css';

const PriceDialog = lazy(() => import('./price-dialog'));

/** Site and prices (`/admin/site`): the header's slogan and the three price lists, as the public pages show them. */
export default function SitePage() {
  const { t, i18n } = useTranslation('admin');
  const site = useSite();
  const [editing, setEditing] = useState<AdminPriceItem | null>(null);
  const en = i18n.resolvedLanguage === 'en';
  const dollars = (value: number) => `$${formatCount(value)}`;

  return (
    <div className={styles.page}>
      <PageHeader title={t('site.title')} />
      {site.isPending ? (
        <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.page}>
          <Card>
            <Skeleton width="30%" height="1.5rem" />
            <SkeletonText lines={2} />
          </Card>
          <Card>
            <SkeletonText lines={8} />
          </Card>
        </div>
      ) : site.isError ? (
        <ErrorState message={t('site.errors.load')} onRetry={() => void site.refetch()} />
      ) : (
        <>
          <SloganForm slogan={site.data.slogan} />
          {PRICE_LISTS.map((list) => {
            const items = site.data.prices.filter((item) => item.list === list);
            return (
              <SectionCard key={list} id={`prices-${list}`} title={t(`site.lists.${list}`)}>
                {items.length === 0 ? (
                  <p className={styles.muted}>{t('site.prices.none')}</p>
                ) : (
                  <table className={tables.table} data-testid={`prices-${list}`}>
                    <thead>
                      <tr>
                        <th scope="col">{t('site.prices.title')}</th>
                        <th scope="col" className={tables.number}>
                          {t('site.prices.mskSpb')}
                        </th>
                        <th scope="col" className={tables.number}>
                          {t('site.prices.other')}
                        </th>
                        <th scope="col">
                          <span className={tables.caption}>{t('site.prices.actions')}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {items.map((item) => {
                        const title = en ? item.titleEn : item.titleRu;
                        return (
                          <tr key={item.code} data-testid={`price-${item.code}`}>
                            <th scope="row" data-label={t('site.prices.title')}>
                              <span className={styles.priceTitle}>
                                {title}
                                <span className={tables.muted} lang={en ? 'ru' : 'en'}>
                                  {en ? item.titleRu : item.titleEn}
                                </span>
                              </span>
                            </th>
                            <td data-label={t('site.prices.mskSpb')} className={tables.number}>
                              {dollars(item.mskSpbPrice)}
                            </td>
                            <td data-label={t('site.prices.other')} className={tables.number}>
                              {dollars(item.otherPrice)}
                            </td>
                            <td data-label={t('site.prices.actions')}>
                              <span>
                                <Button variant="secondary" size="sm" onClick={() => setEditing(item)}>
                                  {t('site.prices.edit')}
                                  <span className={tables.caption}> {title}</span>
                                </Button>
                              </span>
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                )}
              </SectionCard>
            );
          })}
        </>
      )}
      <Suspense fallback={null}>
        {editing && <PriceDialog item={editing} onClose={() => setEditing(null)} />}
      </Suspense>
    </div>
  );
}
