import { formatDate } from 'account-ui';

/** A calendar day (`2026-12-01`) as the site writes days, the same day in every time zone. */
export const formatDay = (day: string) => formatDate(`${day}T12:00:00Z`);
