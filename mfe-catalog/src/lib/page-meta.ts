import type { Category, LocalizedText, ModelDetails } from 'contracts';
import type { StreamPage } from 'contracts/streams';
import type { DocumentMeta } from './use-document-meta';

/** What of a listing's state names its page. */
interface ListingPlace {
  category: Category;
  page: number;
  city?: string | undefined;
}

/** The catalogue's `t` (namespace `catalog`), as the page and the server renderer both have it. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The address search engines should index for a listing: its category, the city (a city's page
 * is a page of its own), and the page number past the first. Other filters are variants of it.
 */
export function listingCanonical(params: ListingPlace): string {
  const search = new URLSearchParams();
  if (params.city) search.set('city', params.city);
  if (params.page > 1) search.set('page', String(params.page));
  const query = search.toString();
  return `/category/${params.category}${query ? `?${query}` : ''}`;
}

/** Title, description and canonical address of a listing page: one source for page and server. */
export function listingMeta(t: Translate, params: ListingPlace): DocumentMeta {
  const category = t(`categories.${params.category}`);
  return {
    title:
      params.page > 1
        ? t('listing.documentTitlePaged', { category, page: params.page })
        : t('listing.documentTitle', { category }),
    description: t('listing.metaDescription', { category }),
    canonicalPath: listingCanonical(params),
  };
}

export function modelMeta(
  t: Translate,
  localized: (text: LocalizedText) => string,
  model: ModelDetails,
): DocumentMeta {
  const city = localized(model.city.name);
  return {
    title: t('model.documentTitle', { name: model.name, city }),
    description: t('model.metaDescription', {
      name: model.name,
      age: t('card.age', { count: model.age }),
      city,
      category: t(`categories.${model.category}`),
    }),
    canonicalPath: `/girl/${model.id}`,
  };
}

/** The page of a profile that is not there or no longer shown: no canonical address, not indexed. */
export function modelNotFoundMeta(t: Translate): DocumentMeta {
  return {
    title: t('model.missing.documentTitle'),
    description: t('model.missing.metaDescription'),
    noindex: true,
  };
}

export function priceMeta(t: Translate): DocumentMeta {
  return {
    title: t('price.documentTitle'),
    description: t('price.metaDescription'),
    canonicalPath: '/price',
  };
}

/** A stream's page: its model's name; not indexed (it lasts as long as the stream). */
export function streamMeta(t: Translate, stream: StreamPage): DocumentMeta {
  const name = stream.profile?.name ?? t('stream.someone');
  return {
    title:
      stream.status === 'ended'
        ? t('stream.documentTitleEnded', { name })
        : t('stream.documentTitle', { name }),
    description: t('stream.metaDescription', { name }),
    noindex: true,
  };
}
