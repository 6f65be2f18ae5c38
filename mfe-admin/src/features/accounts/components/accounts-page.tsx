import { ErrorState, formatDate, PageHeader, Pager } from 'account-ui';
import { ADMIN_SEARCH_MAX_LENGTH } from 'contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge, Button, Card, Input, SkeletonText } from 'shared-ui';
import { useAccounts } from '../api/search-accounts';
import tables from '../../../components/data-table.module.css';
import { PendingAdjustments } from './pending-adjustments';
import styles from './accounts.module.css';

/** Accounts (`/admin/accounts?q=&page=`): found by part of the e-mail or login, or a profile's id. */
export default function AccountsPage() {
  const { t } = useTranslation('admin');
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const [text, setText] = useState(q);
  const accounts = useAccounts(q, page);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = text.trim();
    setSearchParams(next ? { q: next } : {});
  }

  const data = accounts.data;
  return (
    <div className={styles.page}>
      <PageHeader title={t('accounts.title')} />
      <search>
        <form className={styles.search} onSubmit={search}>
          <Input
            label={t('accounts.search.label')}
            hint={t('accounts.search.hint')}
            type="search"
            name="q"
            value={text}
            maxLength={ADMIN_SEARCH_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
            className={styles.searchField}
          />
          <Button type="submit">{t('accounts.search.submit')}</Button>
        </form>
      </search>
      <PendingAdjustments />
      {accounts.isPending ? (
        <Card role="status" aria-busy="true" aria-label={t('common.loading')}>
          <SkeletonText lines={6} />
        </Card>
      ) : accounts.isError || !data ? (
        <ErrorState message={t('accounts.errors.load')} onRetry={() => void accounts.refetch()} />
      ) : data.items.length === 0 ? (
        <Card as="section">
          <p className={styles.empty}>{q ? t('accounts.nothingFound', { q }) : t('accounts.none')}</p>
        </Card>
      ) : (
        <Card className={tables.box} aria-busy={accounts.isPlaceholderData}>
          <p className={styles.total}>{t('accounts.found', { count: data.total })}</p>
          <table className={tables.table} data-testid="accounts-table">
            <caption className={tables.caption}>{t('accounts.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('accounts.columns.account')}</th>
                <th scope="col">{t('accounts.columns.type')}</th>
                <th scope="col" className={tables.number}>
                  {t('accounts.columns.profiles')}
                </th>
                <th scope="col">{t('accounts.columns.state')}</th>
                <th scope="col">{t('accounts.columns.created')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((account) => (
                <tr key={account.id} data-testid={`account-row-${account.id}`}>
                  <th scope="row" data-label={t('accounts.columns.account')}>
                    <span className={styles.who}>
                      <Link to={`/admin/accounts/${account.id}`} className={tables.link}>
                        {account.email}
                      </Link>
                      <span className={tables.muted}>
                        {account.login ? `${account.login} · #${account.id}` : `#${account.id}`}
                      </span>
                    </span>
                  </th>
                  <td data-label={t('accounts.columns.type')}>
                    <span>
                      {t(`accounts.types.${account.accountType}`)}
                      {account.role === 'admin' && ` · ${t('accounts.roles.admin')}`}
                    </span>
                  </td>
                  <td data-label={t('accounts.columns.profiles')} className={tables.number}>
                    {account.profileCount}
                  </td>
                  <td data-label={t('accounts.columns.state')}>
                    <span>
                      {account.blockedAt ? (
                        <Badge className={styles.blocked}>{t('accounts.state.blocked')}</Badge>
                      ) : (
                        t('accounts.state.active')
                      )}
                    </span>
                  </td>
                  <td data-label={t('accounts.columns.created')}>{formatDate(account.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            namespace="admin"
            keyPrefix="records.pager"
            page={data.page}
            pageCount={data.pageCount}
            onPage={(next) => setSearchParams(q ? { q, page: String(next) } : { page: String(next) })}
          />
        </Card>
      )}
    </div>
  );
}
