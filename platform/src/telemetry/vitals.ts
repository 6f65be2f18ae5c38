import type { TelemetryEvent } from 'contracts/telemetry';
import type { CLSMetric, INPMetric, LCPMetric, TTFBMetric } from 'web-vitals';
import type { Attribution } from './attribution';
import { clampMs } from './client';

/**
 * Reports the page's Core Web Vitals, each once it is final (LCP after the first input, INP and
 * CLS when the page is hidden), on the route the page was loaded at: they measure that load. The
 * library comes in a chunk of its own, loaded here, after the page, and its observers read the
 * entries the browser buffered meanwhile.
 */
export async function watchVitals(where: Attribution, report: (event: TelemetryEvent) => void) {
  const { onCLS, onINP, onLCP, onTTFB } = await import(/* webpackChunkName: "web-vitals" */ 'web-vitals');
  const send = (metric: CLSMetric | INPMetric | LCPMetric | TTFBMetric) =>
    report({ kind: 'vital', name: metric.name, value: clampMs(metric.value), ...where });
  onLCP(send);
  onINP(send);
  onCLS(send);
  onTTFB(send);
}
