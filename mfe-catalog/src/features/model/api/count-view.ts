import { type ProfileViewBody, UI } from 'contracts';
import { api } from 'platform';
import { useEffect } from 'react';

export const countView = (modelId: number) =>
  api.post<unknown>('/admin-panel/analytics/update-models-visit-count', {
    modelId,
  } satisfies ProfileViewBody);

/**
 * Counts the view shortly after the page shows, so a visitor clicking straight through is not
 * counted; the server counts each visitor once per day, so a remount does no harm.
 */
export function useCountView(modelId: number) {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      // A lost view is not worth troubling the visitor about.
      countView(modelId).catch(() => undefined);
    }, UI.visitTrackingDelayMs);
    return () => window.clearTimeout(timer);
  }, [modelId]);
}
