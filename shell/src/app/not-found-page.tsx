import { CATEGORIES } from 'contracts';
import { paths } from 'platform';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClassName, CategoryCards, Logo, type RenderCategoryLink } from 'shared-ui';
import { useRoleSwitch } from '../lib/use-role-switch';
import styles from './not-found-page.module.css';

const renderLink: RenderCategoryLink = ({ href, children, ...rest }) => (
  <Link to={href} {...rest}>
    {children}
  </Link>
);

/** Any unknown path: "you entered the wrong place", and the right ways in. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const { guard } = useRoleSwitch();
  useEffect(() => {
    document.title = t('notFound.documentTitle');
  }, [t]);
  return (
    <section className={styles.page} aria-labelledby="not-found-title" data-testid="not-found">
      <Link
        to="/?category=individual&page=1"
        className={styles.logo}
        aria-label={t('header.homeLink', { brand: t('brand') })}
      >
        <Logo title={t('brand')} size="lg" />
      </Link>
      <h1 id="not-found-title" className={styles.title}>
        {t('notFound.title')}
      </h1>
      <p className={styles.hint}>{t('notFound.hint')}</p>
      <CategoryCards
        className={styles.cards}
        label={t('footer.categories')}
        renderLink={renderLink}
        items={CATEGORIES.map((category) => ({
          value: category,
          title: t(`categories.${category}`),
          href: paths.listing(category),
        }))}
      />
      <div className={styles.actions}>
        <Link
          to={paths.advertiserOffice()}
          className={buttonClassName({ variant: 'secondary', size: 'lg' })}
          onClick={guard('advister')}
        >
          {t('nav.advertiserOffice')}
        </Link>
        <Link
          to={paths.modelCabinet()}
          className={buttonClassName({ variant: 'primary', size: 'lg' })}
          onClick={guard('girl')}
        >
          {t('notFound.addProfile')}
        </Link>
      </div>
    </section>
  );
}
