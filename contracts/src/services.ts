import type * as v from 'valibot';
import type * as responses from './responses';

/** One service of the catalogue; `category.code` identifies it in listing filters. */
export type ServiceItem = v.InferOutput<typeof responses.serviceItem>;

/** GET /api/services: the whole catalogue, by category and then in display order. */
export type ServiceListResponse = v.InferOutput<typeof responses.serviceList>;
