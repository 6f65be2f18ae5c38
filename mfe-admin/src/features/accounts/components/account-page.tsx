import {
  ErrorState,
  formatDate,
  formatDateTime,
  formatRubles,
  notify,
  PageHeader,
  SectionCard,
} from 'account-ui';
import type { AdminAccountDetails, AdminProfile } from 'contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Badge, Button, Card, Skeleton, SkeletonText } from 'shared-ui';
import { useBlockAccount } from '../api/block-account';
import { useBlockProfile } from '../api/block-profile';
import { useAccount } from '../api/get-account';
import { useUnblockAccount } from '../api/unblock-account';
import { useUnblockProfile } from '../api/unblock-profile';
import { codeOf, messageOf } from '../../../lib/api-message';
import { AccountCampaigns, AccountLedger, AccountProfiles, AccountSessions } from './account-tables';
import { PendingAdjustments } from './pending-adjustments';
import { ReasonDialog } from '../../../components/reason-dialog';
import styles from './accounts.module.css';

// Radix's dialog loads only when a question is asked.
const ConfirmDialog = lazy(() =>
  import('shared-ui/dialog').then((module) => ({ default: module.ConfirmDialog })),
);
const AdjustmentDialog = lazy(() => import('./adjustment-dialog'));

type Question =
  | { kind: 'block' }
  | { kind: 'unblock' }
  | { kind: 'adjust' }
  | { kind: 'blockProfile'; profile: AdminProfile }
  | { kind: 'unblockProfile'; profile: AdminProfile };

/** One account (`/admin/accounts/:id`): who, its money, profiles, campaigns and sessions; block/unblock. */
export default function AccountPage() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const account = useAccount(id);

  return (
    <div className={styles.page}>
      <Link to="/admin/accounts" className={styles.back}>
        {t('accounts.back')}
      </Link>
      {account.isPending ? (
        <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.page}>
          <Skeleton width="50%" height="2rem" />
          <Card>
            <SkeletonText lines={4} />
          </Card>
          <Card>
            <SkeletonText lines={6} />
          </Card>
        </div>
      ) : account.isError ? (
        <>
          <PageHeader title={t('accounts.account.title')} />
          <ErrorState
            message={
              codeOf(account.error) === 'NOT_FOUND'
                ? t('accounts.errors.notFound')
                : t('accounts.errors.loadOne')
            }
            onRetry={() => void account.refetch()}
          />
        </>
      ) : (
        <AccountDetails details={account.data} />
      )}
    </div>
  );
}

function AccountDetails({ details }: { details: AdminAccountDetails }) {
  const { t } = useTranslation('admin');
  const { account } = details;
  const [question, setQuestion] = useState<Question | null>(null);
  const block = useBlockAccount(account.id);
  const unblock = useUnblockAccount(account.id);
  const blockProfile = useBlockProfile(account.id);
  const unblockProfile = useUnblockProfile(account.id);
  const close = () => setQuestion(null);
  // Only a model's account can be blocked (the API answers NOT_BLOCKABLE for the others).
  const blockable = account.accountType === 'girl' && account.role !== 'admin';

  async function unblockNow() {
    try {
      await unblock.mutateAsync();
      notify('success', t('accounts.toasts.unblocked', { email: account.email }));
      close();
    } catch (error) {
      notify('error', messageOf(error, t('errors.somethingWrong')));
    }
  }

  async function unblockProfileNow(profile: AdminProfile) {
    try {
      await unblockProfile.mutateAsync(profile.id);
      notify('success', t('accounts.toasts.profileUnblocked', { name: profile.name }));
      close();
    } catch (error) {
      notify('error', messageOf(error, t('errors.somethingWrong')));
    }
  }

  const actions = (
    <>
      <Button variant="secondary" size="sm" onClick={() => setQuestion({ kind: 'adjust' })}>
        {t('accounts.actions.adjust')}
      </Button>
      {account.blockedAt ? (
        <Button variant="secondary" size="sm" onClick={() => setQuestion({ kind: 'unblock' })}>
          {t('accounts.actions.unblock')}
        </Button>
      ) : (
        blockable && (
          <Button variant="danger" size="sm" onClick={() => setQuestion({ kind: 'block' })}>
            {t('accounts.actions.block')}
          </Button>
        )
      )}
    </>
  );

  return (
    <>
      <PageHeader title={account.email} actions={actions} />
      <SectionCard
        id="account-summary"
        title={t('accounts.account.summary')}
        actions={
          <Link to={`/admin/payments?accountId=${account.id}`} className={styles.back}>
            {t('accounts.account.payments')}
          </Link>
        }
      >
        {account.blockedAt && (
          <p className={styles.blockNote} data-testid="account-block-note">
            {t('accounts.account.blockedSince', { date: formatDateTime(account.blockedAt) })}{' '}
            {account.blockComment && t('accounts.account.comment', { comment: account.blockComment })}
          </p>
        )}
        <dl className={styles.facts}>
          <div>
            <dt>{t('accounts.account.balance')}</dt>
            <dd className={styles.balance} data-testid="account-balance">
              {formatRubles(details.balance)}
            </dd>
          </div>
          <div>
            <dt>{t('accounts.account.id')}</dt>
            <dd>#{account.id}</dd>
          </div>
          <div>
            <dt>{t('accounts.account.login')}</dt>
            <dd>{account.login ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('accounts.account.type')}</dt>
            <dd>
              {t(`accounts.types.${account.accountType}`)}
              {account.role === 'admin' && ` · ${t('accounts.roles.admin')}`}
            </dd>
          </div>
          <div>
            <dt>{t('accounts.account.state')}</dt>
            <dd data-testid="account-state">
              {account.blockedAt ? (
                <Badge className={styles.blocked}>{t('accounts.state.blocked')}</Badge>
              ) : (
                t('accounts.state.active')
              )}
            </dd>
          </div>
          <div>
            <dt>{t('accounts.account.language')}</dt>
            <dd>{account.locale === 'en' ? 'English' : 'Русский'}</dd>
          </div>
          <div>
            <dt>{t('accounts.account.created')}</dt>
            <dd>{formatDate(account.createdAt)}</dd>
          </div>
        </dl>
      </SectionCard>
      {account.accountType === 'girl' && (
        <AccountProfiles
          profiles={details.profiles}
          onBlock={(profile) => setQuestion({ kind: 'blockProfile', profile })}
          onUnblock={(profile) => setQuestion({ kind: 'unblockProfile', profile })}
        />
      )}
      {account.accountType === 'advister' && <AccountCampaigns campaigns={details.campaigns} />}
      <PendingAdjustments accountId={account.id} />
      <AccountLedger ledger={details.ledger} />
      <AccountSessions sessions={details.sessions} />

      {question?.kind === 'block' && (
        <ReasonDialog
          title={t('accounts.block.title', { email: account.email })}
          description={t('accounts.block.text')}
          label={t('accounts.block.comment')}
          confirmLabel={t('accounts.block.confirm')}
          onConfirm={async (body) => {
            await block.mutateAsync(body);
            notify('success', t('accounts.toasts.blocked', { email: account.email }));
          }}
          onClose={close}
        />
      )}
      {question?.kind === 'blockProfile' && (
        <ReasonDialog
          title={t('accounts.blockProfile.title', { name: question.profile.name })}
          description={t('accounts.blockProfile.text')}
          label={t('accounts.blockProfile.reason')}
          confirmLabel={t('accounts.blockProfile.confirm')}
          onConfirm={async (body) => {
            await blockProfile.mutateAsync({ id: question.profile.id, body });
            notify('success', t('accounts.toasts.profileBlocked', { name: question.profile.name }));
          }}
          onClose={close}
        />
      )}
      <Suspense fallback={null}>
        {question?.kind === 'unblock' && (
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && !unblock.isPending && close()}
            title={t('accounts.unblock.title', { email: account.email })}
            description={t('accounts.unblock.text')}
            confirmLabel={t('accounts.unblock.confirm')}
            cancelLabel={t('common.cancel')}
            loading={unblock.isPending}
            onConfirm={() => void unblockNow()}
          />
        )}
        {question?.kind === 'unblockProfile' && (
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && !unblockProfile.isPending && close()}
            title={t('accounts.unblockProfile.title', { name: question.profile.name })}
            description={t('accounts.unblockProfile.text')}
            confirmLabel={t('accounts.unblockProfile.confirm')}
            cancelLabel={t('common.cancel')}
            loading={unblockProfile.isPending}
            onConfirm={() => void unblockProfileNow(question.profile)}
          />
        )}
        {question?.kind === 'adjust' && (
          <AdjustmentDialog accountId={account.id} balance={details.balance} onClose={close} />
        )}
      </Suspense>
    </>
  );
}
