import { ErrorState, formatDate, formatDateTime, PageHeader, SectionCard } from 'account-ui';
import { hasApprovedVersion, type OwnProfile } from 'contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, buttonClassName, Card, ScrollRegion, Select, Skeleton } from 'shared-ui';
import { useOwnProfiles } from '../../../api/own-profiles';
import { useProfilesViews } from '../api/get-profile-views';
import { StreamsCard } from './streams-card';
import { CHART_HEIGHT, ViewsChart } from './views-chart';
import styles from './analytics-page.module.css';

const DAYS = 30;

const nameOf = (profile: OwnProfile, untitled: string) =>
  typeof profile.draft.name === 'string' && profile.draft.name.trim() !== '' ? profile.draft.name : untitled;

/** Main (`/profile/analytics`): views per day of each approved profile, totals, and what is running. */
export default function AnalyticsPage() {
  const { t } = useTranslation('modelCabinet');
  const profiles = useOwnProfiles();
  const approved = (profiles.data?.items ?? []).filter((profile) => hasApprovedVersion(profile.status));

  return (
    <div className={styles.page}>
      <PageHeader title={t('analytics.title')} />
      {profiles.isPending ? (
        <AnalyticsSkeleton />
      ) : profiles.isError ? (
        <ErrorState message={t('errors.loadProfile')} onRetry={() => void profiles.refetch()} />
      ) : approved.length === 0 ? (
        <Card as="section" className={styles.empty} aria-labelledby="analytics-empty">
          <h2 id="analytics-empty">{t('analytics.empty.title')}</h2>
          <p>{t('analytics.empty.text')}</p>
          <Link to="/profile" className={buttonClassName({ variant: 'secondary' })}>
            {t('analytics.empty.link')}
          </Link>
        </Card>
      ) : (
        <Analytics profiles={approved} />
      )}
    </div>
  );
}

function Analytics({ profiles }: { profiles: OwnProfile[] }) {
  const { t } = useTranslation('modelCabinet');
  const untitled = t('myProfiles.untitled');
  const [selectedId, setSelectedId] = useState(profiles[0]?.id ?? 0);
  const [asTable, setAsTable] = useState(false);
  const views = useProfilesViews(
    profiles.map((profile) => profile.id),
    DAYS,
  );
  const index = Math.max(
    0,
    profiles.findIndex((profile) => profile.id === selectedId),
  );
  const selected = profiles[index] as OwnProfile;
  const current = views[index];
  const name = nameOf(selected, untitled);
  const allLoaded = views.every((query) => query.isSuccess);
  const overall = views.reduce((sum, query) => sum + (query.data?.total ?? 0), 0);
  const viewsTable = current?.data && (
    <ViewsTable days={current.data.days} caption={t('analytics.tableCaption', { name })} />
  );

  return (
    <>
      {profiles.length > 1 && (
        <Select
          className={styles.selector}
          label={t('analytics.profile')}
          value={selected.id}
          onChange={(event) => setSelectedId(Number(event.target.value))}
        >
          {profiles.map((profile) => (
            <option key={profile.id} value={profile.id}>
              {nameOf(profile, untitled)}
            </option>
          ))}
        </Select>
      )}
      <SectionCard
        id="views-heading"
        title={t('analytics.chartTitle')}
        actions={
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={asTable}
            onClick={() => setAsTable((value) => !value)}
          >
            {asTable ? t('analytics.showChart') : t('analytics.showTable')}
          </Button>
        }
      >
        {current?.isError ? (
          <ErrorState message={t('analytics.errors.views')} onRetry={() => void current.refetch()} />
        ) : !current?.data ? (
          <div role="status" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={CHART_HEIGHT} radius="var(--radius-md)" />
          </div>
        ) : (
          <>
            <p className={styles.total}>
              {t('analytics.total')}: <strong data-testid="views-total">{current.data.total}</strong>
            </p>
            {asTable ? (
              // Scrolls inside its box past 240 px.
              <ScrollRegion className={styles.tableBox} label={t('analytics.tableCaption', { name })}>
                {viewsTable}
              </ScrollRegion>
            ) : (
              <ViewsChart
                days={current.data.days}
                label={t('analytics.chartLabel', { name })}
                seriesLabel={t('analytics.views')}
                table={viewsTable}
              />
            )}
          </>
        )}
      </SectionCard>
      <div className={styles.columns}>
        <SectionCard id="totals-heading" title={t('analytics.totals')}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('analytics.profile')}</th>
                <th scope="col" className={styles.number}>
                  {t('analytics.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {profiles.map((profile, position) => (
                <tr key={profile.id}>
                  <th scope="row">{nameOf(profile, untitled)}</th>
                  <td className={styles.number}>{views[position]?.data?.total ?? '—'}</td>
                </tr>
              ))}
            </tbody>
            {profiles.length > 1 && (
              <tfoot>
                <tr>
                  <th scope="row">{t('analytics.allProfiles')}</th>
                  <td className={styles.number} data-testid="views-overall">
                    {allLoaded ? overall : '—'}
                  </td>
                </tr>
              </tfoot>
            )}
          </table>
        </SectionCard>
        <SectionCard id="running-heading" title={t('analytics.running')}>
          <Running profile={selected} />
        </SectionCard>
      </div>
      <StreamsCard />
    </>
  );
}

function ViewsTable({ days, caption }: { days: { day: string; views: number }[]; caption: string }) {
  const { t } = useTranslation('modelCabinet');
  return (
    <table className={styles.table} data-testid="views-table">
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('analytics.day')}</th>
          <th scope="col" className={styles.number}>
            {t('analytics.views')}
          </th>
        </tr>
      </thead>
      <tbody>
        {days.map((item) => (
          <tr key={item.day}>
            <th scope="row">{formatDate(`${item.day}T12:00:00Z`)}</th>
            <td className={styles.number}>{item.views}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Running({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation('modelCabinet');
  const now = Date.now();
  const items = [
    profile.topUntil &&
      Date.parse(profile.topUntil) > now &&
      t('analytics.topUntil', { date: formatDate(profile.topUntil) }),
    profile.videoUntil &&
      Date.parse(profile.videoUntil) > now &&
      t('analytics.videoUntil', { date: formatDate(profile.videoUntil) }),
    profile.bumpedAt && t('analytics.bumpedAt', { date: formatDateTime(profile.bumpedAt) }),
    profile.expiresAt &&
      t(profile.status === 'expired' ? 'myProfiles.expiredOn' : 'analytics.paidUntil', {
        date: formatDate(profile.expiresAt),
      }),
  ].filter((item): item is string => typeof item === 'string');
  const promoted = Boolean(
    (profile.topUntil && Date.parse(profile.topUntil) > now) ||
      (profile.videoUntil && Date.parse(profile.videoUntil) > now),
  );
  return (
    <>
      {items.length > 0 && (
        <ul className={styles.running}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {!promoted && <p className={styles.muted}>{t('analytics.nothingRunning')}</p>}
      <Link to="/profile/promotion" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
        {t('analytics.promote')}
      </Link>
    </>
  );
}

/** The screen's boxes while the profiles load: the chart's card at its final height, then the two cards below. */
function AnalyticsSkeleton() {
  const { t } = useTranslation('modelCabinet');
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.page}>
      <Card className={styles.skeleton}>
        <Skeleton width="50%" height="1.5rem" />
        <Skeleton width="30%" height="1rem" />
        <Skeleton height={CHART_HEIGHT} radius="var(--radius-md)" />
      </Card>
      <div className={styles.columns}>
        <Skeleton height="10rem" radius="var(--radius-lg)" />
        <Skeleton height="10rem" radius="var(--radius-lg)" />
      </div>
    </div>
  );
}
