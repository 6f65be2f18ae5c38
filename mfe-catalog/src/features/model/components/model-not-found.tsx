import { CATEGORIES, type ModelAlternativesResponse } from 'contracts';
import { paths, useLocalized } from 'platform';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CategoryCards, type RenderCategoryLink, Skeleton } from 'shared-ui';
import { ModelCard } from '../../../components/model-card';
import { modelNotFoundMeta } from '../../../lib/page-meta';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { useModelAlternatives } from '../api/get-model-alternatives';
import styles from './model-not-found.module.css';

const renderLink: RenderCategoryLink = ({ href, children, ...rest }) => (
  <Link to={href} {...rest}>
    {children}
  </Link>
);

/** The listing the offered profiles come from: the gone profile's category (and city), or the catalogue. */
function listingOf({ category, city }: ModelAlternativesResponse): string {
  if (!category) return paths.home();
  if (!city) return paths.listing(category);
  return `/category/${category}?${new URLSearchParams({ city: city.slug, page: '1' })}`;
}

/**
 * `/girl/{id}` of a profile that is not there (`gone` false: the server answers 404) or no longer
 * shown (`gone`: 410): says so, and offers the way on: the categories and a few profiles from where
 * it was listed, or the catalogue's first ones.
 */
export function ModelNotFound({ id, gone }: { id: number; gone: boolean }) {
  const { t } = useTranslation('catalog');
  const localized = useLocalized();
  const alternatives = useModelAlternatives(id);
  useDocumentMeta(modelNotFoundMeta(t));

  const offered = alternatives.data;
  const place = offered?.category
    ? [t(`categories.${offered.category}`), offered.city ? localized(offered.city.name) : null]
        .filter(Boolean)
        .join(', ')
    : null;

  return (
    <section
      className={styles.page}
      aria-labelledby="model-missing-title"
      data-testid="model-not-found"
      data-gone={gone}
    >
      <h1 id="model-missing-title" className={styles.title}>
        {t('model.notFound')}
      </h1>
      <p className={styles.hint}>{t(gone ? 'model.missing.goneHint' : 'model.missing.unknownHint')}</p>
      <CategoryCards
        className={styles.categories}
        label={t('listing.categoriesLabel')}
        renderLink={renderLink}
        items={CATEGORIES.map((category) => ({
          value: category,
          title: t(`categories.${category}`),
          href: paths.listing(category),
        }))}
      />
      {!alternatives.isError && (
        <section className={styles.others} aria-labelledby="model-missing-others">
          <div className={styles.othersHeader}>
            <h2 id="model-missing-others" className={styles.othersTitle}>
              {place ? t('model.missing.similar') : t('model.missing.listed')}
            </h2>
            {offered && (
              <Link to={listingOf(offered)} className={styles.all}>
                {place ? t('model.missing.allIn', { place }) : t('model.missing.allListed')}
              </Link>
            )}
          </div>
          {offered ? (
            <ul className={styles.grid} data-testid="model-alternatives">
              {offered.items.map((model) => (
                <li key={model.id}>
                  <ModelCard model={model} headingLevel={3} />
                </li>
              ))}
            </ul>
          ) : (
            <div className={styles.grid} role="status" aria-busy="true" aria-label={t('listing.loading')}>
              {[0, 1, 2, 3].map((key) => (
                <Skeleton key={key} className={styles.skeleton} />
              ))}
            </div>
          )}
        </section>
      )}
    </section>
  );
}
