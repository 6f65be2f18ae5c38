import { registerNamespace, routePatterns, stripLocale } from 'platform';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { Skeleton } from 'shared-ui';
import { AdSlot } from '../features/ads/components/ad-slot';
import { prefetchListing } from '../features/listing/api/get-models';
import { ListingPage, type ListingSlotContext } from '../features/listing/components/listing-page';
import { prefetchModel } from '../features/model/api/get-model';
import { ModelPage } from '../features/model/components/model-page';
import { CatalogNotFound } from '../components/catalog-not-found';

if (!__SERVER__) {
  registerNamespace('catalog', new URL('locales/', __webpack_public_path__).href);
  // The page's data starts loading with the catalog's code, not after the first render (a page
  // the server rendered has it in the cache already, and these find it there).
  const pathname = stripLocale(window.location.pathname);
  if (!prefetchListing(pathname, window.location.search)) prefetchModel(pathname);
}

// The price page is one address of four: its code stays off the listing's first load (the e2e
// bundle budget). The server renders it whole; a rendered page keeps its HTML until this arrives.
const PricePage = lazy(() =>
  import('../features/price/components/price-page').then((module) => ({ default: module.PricePage })),
);

/** While the price page's code arrives: its own loading state, announced as the page announces it. */
function PriceLoading() {
  const { t } = useTranslation('catalog');
  return (
    <div role="status" aria-busy="true" aria-label={t('price.loading')}>
      <Skeleton height={320} />
    </div>
  );
}

// The "live now" strip too (the server renders it whole when someone streams; a rendered strip
// keeps its HTML until its code arrives).
const LiveStrip = lazy(() =>
  import('../features/stream/components/live-strip').then((module) => ({ default: module.LiveStrip })),
);
const StreamPage = lazy(() =>
  import('../features/stream/components/stream-page').then((module) => ({ default: module.StreamPage })),
);

const adSlot = ({ city, category, listingSettled }: ListingSlotContext) => (
  <>
    <Suspense fallback={null}>
      <LiveStrip city={city} category={category} enabled={listingSettled} />
    </Suspense>
    <AdSlot city={city} listingSettled={listingSettled} />
  </>
);

/** Everything the catalog owns; the shell mounts this below `*`, so full paths match. */
export default function CatalogRoutes() {
  if (__RELEASE_FAULT__ === 'render' && !__SERVER__) {
    throw new Error('Release fault drill: this build throws on render (built with RELEASE_FAULT=render)');
  }
  return (
    <>
      {/* Which release of the catalogue rendered this page: support and the release journeys read it. */}
      <span hidden data-release={__RELEASE_SEMVER__} data-testid="catalog-release" />
      <Routes>
        <Route path={routePatterns.home} element={<ListingPage slot={adSlot} />} />
        <Route path={routePatterns.category} element={<ListingPage slot={adSlot} />} />
        <Route path={routePatterns.model} element={<ModelPage />} />
        <Route
          path={routePatterns.stream}
          element={
            <Suspense fallback={<Skeleton height={320} />}>
              <StreamPage />
            </Suspense>
          }
        />
        <Route
          path={routePatterns.price}
          element={
            <Suspense fallback={<PriceLoading />}>
              <PricePage />
            </Suspense>
          }
        />
        <Route path="*" element={<CatalogNotFound />} />
      </Routes>
    </>
  );
}
