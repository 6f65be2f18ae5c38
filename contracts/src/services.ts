import type { LocalizedText } from './common';
import type { ServiceCategoryKey } from './enums';

/** One service of the catalogue; `category.code` identifies it in listing filters. */
export interface ServiceItem {
  category: ServiceCategoryKey;
  code: string;
  name: LocalizedText;
}

/** GET /api/services: the whole catalogue, by category and then in display order. */
export interface ServiceListResponse {
  items: ServiceItem[];
}
