import type { LocalizedText } from './common';

/** GET /api/constants */
export interface SiteConstants {
  siteSlogan: LocalizedText;
}

/** GET /api/health */
export interface HealthResponse {
  status: 'ok';
  database: 'pglite' | 'postgres';
}
