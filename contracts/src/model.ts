import * as v from 'valibot';
import { positiveIntString, type LocalizedText } from './common';
import { CATEGORIES, type Appearance, type Category, type Place, type ServiceCategoryKey } from './enums';
import { type LISTING_PAGE_SIZE, LISTING_MAX_PAGE } from './constants';

export const citySlugSchema = v.pipe(
  v.string('validation.invalidCity'),
  v.regex(/^[a-z0-9-]{2,40}$/, 'validation.invalidCity'),
);

/** Query of GET /api/model. Every field is optional; unknown fields are ignored. */
export const modelListQuerySchema = v.object(
  {
    category: v.optional(v.picklist(CATEGORIES, 'validation.invalidCategory')),
    city: v.optional(citySlugSchema),
    online: v.optional(v.picklist(['true', 'false'], 'validation.invalidFlag')),
    page: v.optional(
      v.pipe(
        positiveIntString('validation.invalidPage'),
        v.maxValue(LISTING_MAX_PAGE, 'validation.invalidPage'),
      ),
    ),
  },
  'validation.invalidQuery',
);
export type ModelListQueryInput = v.InferInput<typeof modelListQuerySchema>;
export type ModelListQuery = v.InferOutput<typeof modelListQuerySchema>;

export interface CityRef {
  slug: string;
  name: LocalizedText;
}

export interface MetroRef {
  id: number;
  name: LocalizedText;
}

export interface MediaImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** One card of the listing. */
export interface ModelCard {
  id: number;
  name: string;
  age: number;
  category: Category;
  city: CityRef;
  metro: MetroRef | null;
  /** Rubles for one hour. */
  priceHour: number;
  photo: MediaImage | null;
  hasVideo: boolean;
  isOnline: boolean;
  isTop: boolean;
}

export interface ModelListResponse {
  items: ModelCard[];
  total: number;
  page: number;
  perPage: typeof LISTING_PAGE_SIZE;
  pageCount: number;
}

export interface ModelService {
  category: ServiceCategoryKey;
  /** Key of the specific service inside its category, translated by front ends. */
  code: string;
  description: string | null;
}

export interface ModelContacts {
  phone: string | null;
  telegram: string | null;
  whatsapp: string | null;
  viber: string | null;
}

/** GET /api/model/{id}. */
export interface ModelDetails extends ModelCard {
  height: number;
  weight: number;
  boobs: number;
  appearance: Appearance;
  prices: { hour: number; twoHours: number | null; night: number | null };
  places: Place[];
  contacts: ModelContacts;
  description: string;
  services: ModelService[];
  photos: MediaImage[];
  video: { url: string; poster: MediaImage | null } | null;
  publishedAt: string;
}
