import type * as v from 'valibot';
import type * as responses from './responses';

/** GET /api/constants */
export type SiteConstants = v.InferOutput<typeof responses.siteConstants>;

/** GET /api/health */
export type HealthResponse = v.InferOutput<typeof responses.health>;
