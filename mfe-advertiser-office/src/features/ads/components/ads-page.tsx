import { ErrorState, notify, PageHeader, Pager } from 'account-ui';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { buttonClassName, Card, PillNav } from 'shared-ui';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useCampaigns } from '../../../api/get-campaigns';
import { useRepeatCampaign } from '../api/repeat-campaign';
import { messageOf } from '../../../lib/api-message';
import type { Campaign, CampaignTab } from '../../../lib/campaign';
import { CampaignCard, CampaignCardSkeleton } from './campaign-card';
import styles from './ads-page.module.css';

// Radix's dialog loads only when a question is asked.
const ConfirmDialog = lazy(() =>
  import('shared-ui/dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/** The spec's four tabs and their sub-routes of `/advister/ads`. */
export const AD_TABS: { tab: CampaignTab; path: string }[] = [
  { tab: 'published', path: '/advister/ads' },
  { tab: 'completed', path: '/advister/ads/completed' },
  { tab: 'saved', path: '/advister/ads/saved' },
  { tab: 'moderation', path: '/advister/ads/moderating' },
];

/** My ads (`/advister/ads/*`): one tab of campaigns, each with what may be done with it now. */
export default function AdsPage({ tab }: { tab: CampaignTab }) {
  const { t } = useTranslation('advertiserOffice');
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const campaigns = useCampaigns(tab, page);
  const repeat = useRepeatCampaign();
  const remove = useDeleteCampaign();
  const [toDelete, setToDelete] = useState<Campaign | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  async function repeatNow(campaign: Campaign) {
    setBusyId(campaign.id);
    try {
      const copy = await repeat.mutateAsync(campaign.id);
      notify('success', t('ads.toasts.repeated'));
      navigate(`/advister/edit/${copy.id}`);
    } catch (error) {
      notify('error', messageOf(error, t('errors.somethingWrong')));
    } finally {
      setBusyId(null);
    }
  }

  async function deleteNow(campaign: Campaign) {
    setBusyId(campaign.id);
    try {
      await remove.mutateAsync(campaign.id);
      notify('success', campaign.paid > 0 ? t('ads.toasts.deletedRefund') : t('ads.toasts.deleted'));
      setToDelete(null);
    } catch (error) {
      notify('error', messageOf(error, t('errors.somethingWrong')));
    } finally {
      setBusyId(null);
    }
  }

  const createLink = (
    <Link to="/advister/create" className={buttonClassName({ size: 'sm' })}>
      {t('ads.create')}
    </Link>
  );
  const data = campaigns.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className={styles.page}>
      <PageHeader title={t('ads.title')} actions={createLink} />
      <PillNav
        aria-label={t('ads.tabsLabel')}
        items={AD_TABS.map((item) => ({
          key: item.path,
          label: t(`ads.tabs.${item.tab}`),
          current: item.tab === tab,
        }))}
        listClassName={styles.tabs}
        renderLink={(item, props) => <Link to={item.key} {...props} />}
      />
      {campaigns.isPending ? (
        <div className={styles.list} role="status" aria-busy="true" aria-label={t('common.loading')}>
          <CampaignCardSkeleton />
          <CampaignCardSkeleton />
        </div>
      ) : campaigns.isError ? (
        <ErrorState message={t('ads.errors.load')} onRetry={() => void campaigns.refetch()} />
      ) : data && data.items.length === 0 ? (
        <Card as="section" className={styles.empty} aria-labelledby="ads-empty">
          <h2 id="ads-empty">{t(`ads.empty.${tab}`)}</h2>
          <Link to="/advister/create" className={buttonClassName()}>
            {t('ads.create')}
          </Link>
        </Card>
      ) : (
        <>
          <ul className={styles.list} aria-busy={campaigns.isPlaceholderData}>
            {data?.items.map((campaign) => (
              <li key={campaign.id}>
                <CampaignCard
                  campaign={campaign}
                  busy={busyId === campaign.id}
                  onRepeat={(item) => void repeatNow(item)}
                  onDelete={setToDelete}
                />
              </li>
            ))}
          </ul>
          <Pager
            namespace="advertiserOffice"
            keyPrefix="ads.pagination"
            page={page}
            pageCount={pages}
            onPage={(next) => setSearchParams({ page: String(next) })}
          />
        </>
      )}
      {toDelete && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={(open) => {
              if (!open && busyId === null) setToDelete(null);
            }}
            tone="danger"
            title={t('ads.confirmDelete.title')}
            description={
              toDelete.paid > 0
                ? t('ads.confirmDelete.paid', { heading: toDelete.heading || t('ads.untitled') })
                : t('ads.confirmDelete.text', { heading: toDelete.heading || t('ads.untitled') })
            }
            confirmLabel={t('ads.confirmDelete.confirm')}
            cancelLabel={t('common.cancel')}
            loading={busyId === toDelete.id}
            onConfirm={() => void deleteNow(toDelete)}
          />
        </Suspense>
      )}
    </div>
  );
}
