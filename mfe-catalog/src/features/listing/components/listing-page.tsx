import { listingAtom } from 'platform';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { CatalogNotFound } from '../../../app/catalog-not-found';
import { useModels } from '../api/get-models';
import { parseListingParams, toModelListQuery } from '../model/listing-params';
import styles from './listing-page.module.css';
import { ListingResults } from './listing-results';

export function ListingPage() {
  const { category } = useParams();
  const [search] = useSearchParams();
  const params = parseListingParams(category, search);
  if (!params) return <CatalogNotFound />;
  return <Listing params={params} />;
}

function Listing({ params }: { params: NonNullable<ReturnType<typeof parseListingParams>> }) {
  const { t } = useTranslation('catalog');
  const setListing = useSetAtom(listingAtom);
  const models = useModels(toModelListQuery(params));

  // The URL is the source of truth; the atom mirrors it for the shell and other widgets.
  useEffect(() => {
    setListing({ category: params.category, page: params.page });
  }, [params.category, params.page, setListing]);

  useEffect(() => {
    document.title = t('listing.documentTitle', { category: t(`categories.${params.category}`) });
  }, [params.category, t]);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t(`categories.${params.category}`)}</h1>
      <ListingResults params={params} query={models} />
    </div>
  );
}
