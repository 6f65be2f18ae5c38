import { useSetAtom } from 'jotai';
import { listingAtom } from 'platform';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { CatalogNotFound } from '../../../components/catalog-not-found';
import { listingMeta } from '../../../lib/page-meta';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { useModels } from '../api/get-models';
import { type ListingParams, parseListingParams, toModelListQuery } from '../model/listing-params';
import { ListingFilters } from './listing-filters';
import styles from './listing-page.module.css';
import { ListingResults } from './listing-results';

/** What the page tells the box it shows between the filters and the cards (the ad slot). */
export interface ListingSlotContext {
  city: string | undefined;
  category: string;
  /** The cards (or the error) are on screen. */
  listingSettled: boolean;
}

export interface ListingPageProps {
  /** Composed by the app, so this feature knows nothing of what the box holds. */
  slot?: (context: ListingSlotContext) => ReactNode;
}

export function ListingPage({ slot }: ListingPageProps) {
  const { category } = useParams();
  const [search] = useSearchParams();
  const params = parseListingParams(category, search);
  if (!params) return <CatalogNotFound />;
  return <Listing params={params} slot={slot} />;
}

function Listing({ params, slot }: { params: ListingParams } & ListingPageProps) {
  const { t } = useTranslation('catalog');
  const setListing = useSetAtom(listingAtom);
  const models = useModels(toModelListQuery(params));

  // The URL is the source of truth; the atom mirrors it for the shell and other widgets.
  useEffect(() => {
    setListing({ category: params.category, page: params.page });
  }, [params.category, params.page, setListing]);

  const category = t(`categories.${params.category}`);
  // Filtered variants of a list point at the category's (or the city's) page, so search engines index one.
  useDocumentMeta(listingMeta(t, params));

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{category}</h1>
      <ListingFilters category={params.category} filters={params} />
      {slot?.({ city: params.city, category: params.category, listingSettled: !models.isPending })}
      <ListingResults params={params} query={models} />
    </div>
  );
}
