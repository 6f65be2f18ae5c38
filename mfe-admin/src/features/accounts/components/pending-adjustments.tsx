import { formatDateTime, formatRubles, notify, SectionCard } from 'account-ui';
import type { AdminBalanceAdjustment } from 'contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from 'shared-ui';
import { type AdjustmentDecision, useDecideAdjustment } from '../api/decide-adjustment';
import { usePendingAdjustments } from '../api/get-pending-adjustments';
import { messageOf } from '../../../lib/api-message';
import tables from '../../../components/data-table.module.css';
import styles from './accounts.module.css';

const signed = (amount: number) => (amount > 0 ? `+${formatRubles(amount)}` : formatRubles(amount));

/**
 * Large adjustments that wait for a second administrator, of one account (its page) or of every
 * account (the accounts page, each linking to its account): nothing has moved yet. Another
 * administrator approves or declines one; its requester sees that it waits and may withdraw it.
 */
export function PendingAdjustments({ accountId }: { accountId?: number }) {
  const { t } = useTranslation('admin');
  const pending = usePendingAdjustments(accountId);
  const decide = useDecideAdjustment();
  const everyAccount = accountId === undefined;
  const items = pending.data?.items ?? [];
  if (items.length === 0) return null;

  async function decideNow(item: AdminBalanceAdjustment, decision: AdjustmentDecision) {
    try {
      await decide.mutateAsync({ id: item.id, decision, accountId: item.account.id });
      notify(
        'success',
        t(decision === 'approve' ? 'accounts.pending.approved' : 'accounts.pending.declined', {
          amount: signed(item.amount),
        }),
      );
    } catch (error) {
      notify('error', messageOf(error, t('errors.somethingWrong')));
    }
  }

  return (
    <SectionCard
      id="account-pending-adjustments"
      title={t('accounts.pending.title', { count: items.length })}
    >
      <p className={styles.muted}>{t('accounts.pending.text')}</p>
      <table className={tables.table} data-testid="pending-adjustments">
        <thead>
          <tr>
            <th scope="col">{t('accounts.pending.when')}</th>
            {everyAccount && <th scope="col">{t('accounts.pending.account')}</th>}
            <th scope="col" className={tables.number}>
              {t('accounts.pending.amount')}
            </th>
            <th scope="col">{t('accounts.pending.reason')}</th>
            <th scope="col">{t('accounts.pending.requestedBy')}</th>
            <th scope="col">{t('accounts.pending.decision')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} data-testid="pending-adjustment">
              <td data-label={t('accounts.pending.when')}>{formatDateTime(item.createdAt)}</td>
              {everyAccount && (
                <td data-label={t('accounts.pending.account')}>
                  <Link to={`/admin/accounts/${item.account.id}`} className={tables.link}>
                    {item.account.email}
                  </Link>
                </td>
              )}
              <td data-label={t('accounts.pending.amount')} className={tables.number}>
                {signed(item.amount)}
              </td>
              <td data-label={t('accounts.pending.reason')}>{item.reason}</td>
              <td data-label={t('accounts.pending.requestedBy')}>
                {item.requestedBy?.email ?? t('audit.deletedAdmin')}
              </td>
              <td data-label={t('accounts.pending.decision')}>
                <div className={styles.decision}>
                  {item.canApprove ? (
                    <Button
                      size="sm"
                      onClick={() => void decideNow(item, 'approve')}
                      disabled={decide.isPending}
                      aria-label={t('accounts.pending.approveLabel', { amount: signed(item.amount) })}
                    >
                      {t('accounts.pending.approve')}
                    </Button>
                  ) : (
                    <span className={styles.muted}>{t('accounts.pending.waiting')}</span>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => void decideNow(item, 'decline')}
                    disabled={decide.isPending}
                    aria-label={t('accounts.pending.declineLabel', { amount: signed(item.amount) })}
                  >
                    {t('accounts.pending.decline')}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </SectionCard>
  );
}
