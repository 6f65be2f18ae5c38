import { valibotResolver } from '@hookform/resolvers/valibot';
import { ErrorState, formatDateTime, PageHeader, Pager, useFieldMessage } from 'account-ui';
import { ADMIN_ACTIONS, ADMIN_TARGET_TYPES, type AuditEntry } from 'contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Card, Input, Select, SkeletonText, VisuallyHidden } from 'shared-ui';
import { useAudit } from '../api/get-audit';
import tables from '../../../components/data-table.module.css';
import {
  auditFilterSchema,
  emptyFilters,
  type FilterValues,
  filledOf,
  filtersFromSearch,
} from '../model/audit-filters';
import styles from './audit.module.css';

/** The audit log (`/admin/audit`): who did what to which target, when and why; filters in the URL. */
export default function AuditPage() {
  const { t } = useTranslation('admin');
  const fieldMessage = useFieldMessage('admin');
  const [searchParams, setSearchParams] = useSearchParams();
  const { values, query } = filtersFromSearch(searchParams);
  const audit = useAudit(query);
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    formState: { errors },
  } = useForm<FilterValues>({
    // The API's own query schema judges the filters; its output (numbers, dates) is not used.
    resolver: valibotResolver(auditFilterSchema) as never,
    mode: 'onTouched',
    // The resolver stops a pipe at its first failing step unless every criterion is asked for;
    // then the checks across fields (amount for its type, dates in order) show with the others.
    criteriaMode: 'all',
    defaultValues: values,
  });
  const searchKey = searchParams.toString();
  // The URL is the truth: going back or following a "who" link puts its filters in the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: values change with searchKey only
  useEffect(() => reset(values), [searchKey, reset]);

  const apply = handleSubmit(() => setSearchParams(filledOf(getValues())));
  const clear = () => {
    reset(emptyFilters());
    setSearchParams({});
  };
  const only = (key: 'adminId' | 'target', entry: AuditEntry) => {
    const next =
      key === 'adminId'
        ? { adminId: String(entry.admin?.id ?? '') }
        : {
            targetType: entry.targetType,
            targetId: String(entry.targetId),
          };
    return `?${new URLSearchParams({ ...filledOf(values), ...next }).toString()}`;
  };

  const data = audit.data;
  return (
    <div className={styles.page}>
      <PageHeader title={t('audit.title')} />
      <Card as="section" aria-labelledby="audit-filters">
        <h2 id="audit-filters" className={styles.filtersTitle}>
          {t('audit.filters.title')}
        </h2>
        <form className={styles.filters} onSubmit={apply} noValidate>
          <Select label={t('audit.filters.action')} {...register('action')}>
            <option value="">{t('records.any')}</option>
            {ADMIN_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`audit.actions.${action}`)}
              </option>
            ))}
          </Select>
          <Select label={t('audit.filters.targetType')} {...register('targetType')}>
            <option value="">{t('records.any')}</option>
            {ADMIN_TARGET_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`audit.targets.${type}`)}
              </option>
            ))}
          </Select>
          <Input
            label={t('audit.filters.targetId')}
            inputMode="numeric"
            autoComplete="off"
            error={fieldMessage(errors.targetId)}
            {...register('targetId')}
          />
          <Input
            label={t('audit.filters.adminId')}
            inputMode="numeric"
            autoComplete="off"
            error={fieldMessage(errors.adminId)}
            {...register('adminId')}
          />
          <Input
            label={t('audit.filters.from')}
            type="date"
            error={fieldMessage(errors.from)}
            {...register('from')}
          />
          <Input
            label={t('audit.filters.to')}
            type="date"
            error={fieldMessage(errors.to)}
            {...register('to')}
          />
          <div className={styles.filterActions}>
            <Button type="submit">{t('audit.filters.apply')}</Button>
            <Button variant="ghost" onClick={clear}>
              {t('audit.filters.clear')}
            </Button>
          </div>
        </form>
      </Card>
      {audit.isPending ? (
        <Card role="status" aria-busy="true" aria-label={t('common.loading')}>
          <SkeletonText lines={8} />
        </Card>
      ) : audit.isError || !data ? (
        <ErrorState message={t('audit.errors.load')} onRetry={() => void audit.refetch()} />
      ) : data.items.length === 0 ? (
        <Card as="section">
          <p className={styles.muted}>{t('audit.none')}</p>
        </Card>
      ) : (
        <Card className={tables.box} aria-busy={audit.isPlaceholderData}>
          <p className={styles.total}>{t('audit.found', { count: data.total })}</p>
          <table className={tables.table} data-testid="audit-table">
            <caption className={tables.caption}>{t('audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.columns.when')}</th>
                <th scope="col">{t('audit.columns.who')}</th>
                <th scope="col">{t('audit.columns.what')}</th>
                <th scope="col">{t('audit.columns.why')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((entry) => (
                <tr key={entry.id} data-testid="audit-entry">
                  <td data-label={t('audit.columns.when')}>{formatDateTime(entry.createdAt)}</td>
                  <td data-label={t('audit.columns.who')}>
                    {entry.admin ? (
                      <Link to={only('adminId', entry)} className={tables.link}>
                        {entry.admin.login
                          ? `${entry.admin.login} (${entry.admin.email})`
                          : entry.admin.email}
                        <VisuallyHidden> {t('audit.onlyAdmin')}</VisuallyHidden>
                      </Link>
                    ) : (
                      <span className={tables.muted}>{t('audit.deletedAdmin')}</span>
                    )}
                  </td>
                  <td data-label={t('audit.columns.what')}>
                    <span className={styles.what}>
                      <span>{t(`audit.actions.${entry.action}`)}</span>
                      <Target entry={entry} filterHref={only('target', entry)} />
                      {Object.keys(entry.details).length > 0 && (
                        <code className={styles.details}>{detailsText(entry.details)}</code>
                      )}
                    </span>
                  </td>
                  <td data-label={t('audit.columns.why')}>{entry.reason ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            namespace="admin"
            keyPrefix="records.pager"
            page={data.page}
            pageCount={data.pageCount}
            onPage={(next) => setSearchParams({ ...filledOf(values), page: String(next) })}
          />
        </Card>
      )}
    </div>
  );
}

/** What the action was taken on: an account links to its page; any target narrows the log to it. */
function Target({ entry, filterHref }: { entry: AuditEntry; filterHref: string }) {
  const { t } = useTranslation('admin');
  const name = t('audit.target', { type: t(`audit.targets.${entry.targetType}`), id: entry.targetId });
  return (
    <span className={styles.target}>
      {entry.targetType === 'account' ? (
        <Link to={`/admin/accounts/${entry.targetId}`} className={tables.link}>
          {name}
        </Link>
      ) : (
        <span>{name}</span>
      )}
      <Link to={filterHref} className={styles.filterLink}>
        {t('audit.onlyThis')}
        <VisuallyHidden>: {name}</VisuallyHidden>
      </Link>
    </span>
  );
}

/** The machine details an action stored (ids it touched, values it set), as compact text. */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}
