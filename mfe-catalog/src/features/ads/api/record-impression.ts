import type { ImpressionBody } from 'contracts/campaigns';
import { api } from 'platform';

export const postImpression = (token: string) =>
  api.post<null>('/ads/impressions', { token } satisfies ImpressionBody);

/** Tokens already reported in this page's lifetime; a remount or a cached answer never repeats one. */
const reported = new Set<string>();

/**
 * Reports a viewable impression once per served token. The server decides whether it counts
 * (once per visitor per ad per hour, no bots); a lost report is not worth a retry or a message.
 */
export function recordImpression(token: string): void {
  if (reported.has(token)) return;
  reported.add(token);
  postImpression(token).catch(() => undefined);
}

/** Tests only: forgets what was reported, as a new page view would. */
export function forgetReportedImpressions(): void {
  reported.clear();
}
