import type { ReleaseFigures, ReportedError } from 'contracts/telemetry';

/** An error as the figures list it. */
export const createReportedError = (overrides: Partial<ReportedError> = {}): ReportedError => ({
  source: 'uncaught',
  message: "TypeError: Cannot read properties of undefined (reading 'photos')",
  stack:
    "TypeError: Cannot read properties of undefined (reading 'photos')\n    at ModelCard (card.tsx:12:5)",
  route: '/girl/:id',
  count: 3,
  lastAt: '2026-11-27T10:15:00.000Z',
  ...overrides,
});

/** A version's figures for one day: 200 sessions, one in a hundred with an error. */
export const createFigures = (overrides: Partial<ReleaseFigures> = {}): ReleaseFigures => ({
  version: '1.0.0+aaaaaaaaaaaa',
  day: '2026-11-27',
  sessions: 200,
  errorSessions: 2,
  errorRate: 0.01,
  failedLoads: 0,
  failureRate: 0,
  loadP75Ms: 420,
  vitals: { LCP: 1830.4, INP: 120, CLS: 0.05, TTFB: 310 },
  errors: [],
  ...overrides,
});
