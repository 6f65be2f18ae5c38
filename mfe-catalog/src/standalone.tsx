import { StandaloneApp } from 'platform';
import { createRoot } from 'react-dom/client';
import CatalogRoutes from './app/routes';
import { StandaloneCategoryTabs } from './features/listing/components/category-tabs';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    // In production the shell's sticky navigation shows the categories.
    <StandaloneApp routes={<CatalogRoutes />} before={<StandaloneCategoryTabs />} />,
  );
}
