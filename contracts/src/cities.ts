import type * as v from 'valibot';
import type * as responses from './responses';

export type MetroStation = v.InferOutput<typeof responses.metroStation>;
export type CityWithMetro = v.InferOutput<typeof responses.cityWithMetro>;

/** GET /api/cities */
export type CityListResponse = v.InferOutput<typeof responses.cityList>;
