import { CATEGORIES } from 'contracts';
import { paths } from 'platform';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.hint')}</p>
      <ul className={styles.links}>
        {CATEGORIES.map((category) => (
          <li key={category}>
            <Link to={paths.listing(category)}>{t(`categories.${category}`)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
