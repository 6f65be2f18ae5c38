import { ErrorState, formatDateTime, notify, PageHeader, SectionCard } from 'account-ui';
import { type RemoteChannelsView, registryReasonBody } from 'contracts/releases';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Skeleton, SkeletonText } from 'shared-ui';
import tables from '../../../components/data-table.module.css';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useChangeChannels, useReleases } from '../api/releases';
import { GuardForm } from './guard-form';
import { ReleaseHistory } from './release-history';
import { ReleaseFigures } from './release-figures';
import styles from './releases.module.css';

const CanaryDialog = lazy(() => import('./canary-dialog'));

type Question =
  | { kind: 'promote'; version: string }
  | { kind: 'canary'; version: string }
  | { kind: 'rollback' };

/**
 * Releases (`/admin/releases`): each remote with the version every visitor runs (stable), the one a
 * share of visitors runs instead (canary), its published versions and the history of its channels.
 * Promote, canary and rollback each ask for a reason and take effect for new page loads at once.
 * Beside the channels, their figures from page telemetry; above them, the automatic guard.
 */
export default function ReleasesPage() {
  const { t } = useTranslation('admin');
  const releases = useReleases();

  return (
    <div className={styles.page}>
      <PageHeader title={t('releases.title')} />
      {releases.isPending ? (
        <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.page}>
          {[0, 1].map((key) => (
            <Card key={key}>
              <Skeleton width="30%" height="1.5rem" />
              <SkeletonText lines={4} />
            </Card>
          ))}
        </div>
      ) : releases.isError ? (
        <ErrorState message={t('releases.errors.load')} onRetry={() => void releases.refetch()} />
      ) : (
        <>
          <GuardForm guard={releases.data.guard} />
          {releases.data.remotes.map((remote) => (
            <RemoteCard key={remote.remote} view={remote} />
          ))}
        </>
      )}
    </div>
  );
}

function RemoteCard({ view }: { view: RemoteChannelsView }) {
  const { t } = useTranslation('admin');
  const change = useChangeChannels(view.remote);
  const [question, setQuestion] = useState<Question | null>(null);
  const close = () => setQuestion(null);
  const canRollBack = Boolean(view.canary) || view.changes.some((line) => line.toVersion === view.stable);
  const headingId = `releases-${view.remote}`;

  return (
    <SectionCard
      id={headingId}
      title={view.remote}
      actions={
        view.stable && (
          <Button
            variant="secondary"
            size="sm"
            disabled={!canRollBack}
            onClick={() => setQuestion({ kind: 'rollback' })}
          >
            {view.canary ? t('releases.rollbackCanary') : t('releases.rollback')}
          </Button>
        )
      }
    >
      <dl className={styles.channels} data-testid={`channels-${view.remote}`}>
        <div>
          <dt>{t('releases.stable')}</dt>
          <dd className={view.stable ? styles.version : undefined}>
            {view.stable ?? t('releases.fromFile')}
          </dd>
        </div>
        <div>
          <dt>{t('releases.canaryLabel')}</dt>
          <dd className={view.canary ? styles.version : undefined}>
            {view.canary
              ? t('releases.canaryShare', { version: view.canary, percent: view.canaryPercent })
              : t('releases.noCanary')}
          </dd>
        </div>
      </dl>

      <ReleaseFigures view={view} />

      <h3 className={styles.heading}>{t('releases.versions')}</h3>
      {view.releases.length === 0 ? (
        <p className={styles.muted}>{t('releases.none')}</p>
      ) : (
        <table className={tables.table} data-testid={`releases-${view.remote}`}>
          <caption className={tables.caption}>{t('releases.versionsOf', { remote: view.remote })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('releases.version')}</th>
              <th scope="col">{t('releases.published')}</th>
              <th scope="col">{t('releases.routes')}</th>
              <th scope="col">
                <span className={tables.caption}>{t('releases.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {view.releases.map((release) => {
              const isStable = release.version === view.stable;
              const isCanary = release.version === view.canary;
              return (
                <tr key={release.version} data-testid={`release-${release.version}`}>
                  <th scope="row" data-label={t('releases.version')}>
                    <span className={styles.version}>{release.version}</span>{' '}
                    {isStable && <Badge variant="online">{t('releases.stable')}</Badge>}
                    {isCanary && (
                      <Badge variant="top">
                        {t('releases.canaryBadge', { percent: view.canaryPercent })}
                      </Badge>
                    )}
                  </th>
                  <td data-label={t('releases.published')}>
                    {formatDateTime(release.publishedAt)}
                    <span className={tables.muted}> · {release.publishedBy}</span>
                  </td>
                  <td data-label={t('releases.routes')}>{release.routes.join(', ') || '—'}</td>
                  <td data-label={t('releases.actions')}>
                    {!isStable && (
                      <span className={styles.actions}>
                        <Button
                          size="sm"
                          onClick={() => setQuestion({ kind: 'promote', version: release.version })}
                        >
                          {t('releases.promote')}
                          <span className={tables.caption}> {release.version}</span>
                        </Button>
                        {view.stable && (
                          <Button
                            variant="secondary"
                            size="sm"
                            onClick={() => setQuestion({ kind: 'canary', version: release.version })}
                          >
                            {t('releases.canary.open')}
                            <span className={tables.caption}> {release.version}</span>
                          </Button>
                        )}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      <ReleaseHistory view={view} />

      {question?.kind === 'promote' && (
        <ReasonDialog
          title={t('releases.promoteTitle', { remote: view.remote })}
          description={t('releases.promoteText', {
            from: view.stable ?? t('releases.fromFile'),
            to: question.version,
          })}
          label={t('releases.reason')}
          confirmLabel={t('releases.promote')}
          tone="primary"
          schema={registryReasonBody}
          onConfirm={async ({ reason }) => {
            await change.mutateAsync({ action: 'promote', version: question.version, reason });
            notify(
              'success',
              t('releases.toasts.promoted', { remote: view.remote, version: question.version }),
            );
          }}
          onClose={close}
        />
      )}
      {question?.kind === 'rollback' && (
        <ReasonDialog
          title={t('releases.rollbackTitle', { remote: view.remote })}
          description={
            view.canary
              ? t('releases.rollbackCanaryText', { version: view.canary })
              : t('releases.rollbackText')
          }
          label={t('releases.reason')}
          confirmLabel={view.canary ? t('releases.rollbackCanary') : t('releases.rollback')}
          schema={registryReasonBody}
          onConfirm={async ({ reason }) => {
            await change.mutateAsync({ action: 'rollback', reason });
            notify('success', t('releases.toasts.rolledBack', { remote: view.remote }));
          }}
          onClose={close}
        />
      )}
      <Suspense fallback={null}>
        {question?.kind === 'canary' && (
          <CanaryDialog
            remote={view.remote}
            version={question.version}
            percent={question.version === view.canary ? view.canaryPercent : 10}
            onConfirm={async ({ percent, reason }) => {
              await change.mutateAsync({ action: 'canary', version: question.version, percent, reason });
              notify('success', t('releases.toasts.canary', { version: question.version, percent }));
            }}
            onClose={close}
          />
        )}
      </Suspense>
    </SectionCard>
  );
}
