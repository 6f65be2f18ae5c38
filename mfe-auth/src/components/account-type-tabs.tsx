import { ACCOUNT_TYPES, type AccountType } from 'contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './account-type-tabs.module.css';

/** Model or advertiser: the same page for the other account type is one link away. */
export function AccountTypeTabs({
  current,
  pathFor,
}: {
  current: AccountType;
  pathFor: (type: AccountType) => string;
}) {
  const { t } = useTranslation('auth');
  return (
    <nav aria-label={t('accountType.label')}>
      <ul className={styles.tabs}>
        {ACCOUNT_TYPES.map((type) => (
          <li key={type} className={styles.item}>
            <Link
              to={pathFor(type)}
              className={styles.tab}
              aria-current={type === current ? 'page' : undefined}
            >
              {t(`accountType.${type}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
