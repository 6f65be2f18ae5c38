import { registerNamespace, routePatterns, stripLocale } from 'platform';
import { Route, Routes } from 'react-router-dom';
import { AdSlot } from '../features/ads/components/ad-slot';
import { prefetchListing } from '../features/listing/api/get-models';
import { ListingPage, type ListingSlotContext } from '../features/listing/components/listing-page';
import { prefetchModel } from '../features/model/api/get-model';
import { ModelPage } from '../features/model/components/model-page';
import { PricePage } from '../features/price/components/price-page';
import { CatalogNotFound } from '../components/catalog-not-found';

if (!__SERVER__) {
  registerNamespace('catalog', new URL('locales/', __webpack_public_path__).href);
  // The page's data starts loading with the catalog's code, not after the first render (a page
  // the server rendered has it in the cache already, and these find it there).
  const pathname = stripLocale(window.location.pathname);
  if (!prefetchListing(pathname, window.location.search)) prefetchModel(pathname);
}

const adSlot = ({ city, listingSettled }: ListingSlotContext) => (
  <AdSlot city={city} listingSettled={listingSettled} />
);

/** Everything the catalog owns; the shell mounts this below `*`, so full paths match. */
export default function CatalogRoutes() {
  return (
    <Routes>
      <Route path={routePatterns.home} element={<ListingPage slot={adSlot} />} />
      <Route path={routePatterns.category} element={<ListingPage slot={adSlot} />} />
      <Route path={routePatterns.model} element={<ModelPage />} />
      <Route path={routePatterns.price} element={<PricePage />} />
      <Route path="*" element={<CatalogNotFound />} />
    </Routes>
  );
}
