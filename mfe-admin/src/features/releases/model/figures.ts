import type { RemoteChannelsView } from 'contracts/releases';
import type { ReleaseFigures } from 'contracts/telemetry';

/** The version a remote's pages report under when it is served from the registry file (no release). */
export const FILE_VERSION = '';

/** A column of the figures: a channel and the version it runs. */
export interface Channel {
  kind: 'stable' | 'canary' | 'file';
  version: string;
}

/** Stable, then the canary beside it; a remote served from the file has the one column. */
export function channelsOf(view: Pick<RemoteChannelsView, 'stable' | 'canary'>): Channel[] {
  if (!view.stable) return [{ kind: 'file', version: FILE_VERSION }];
  const stable: Channel = { kind: 'stable', version: view.stable };
  return view.canary ? [stable, { kind: 'canary', version: view.canary }] : [stable];
}

/** A version's totals over the days the answer carries (7): the rates weighted by each day's sessions. */
export interface WeekTotals {
  sessions: number;
  errorRate: number;
  failureRate: number;
}

export interface ChannelFigures {
  /** The latest day with figures for this version, or null when its pages have reported nothing. */
  latest: ReleaseFigures | null;
  week: WeekTotals | null;
}

export function figuresOf(figures: readonly ReleaseFigures[], version: string): ChannelFigures {
  const days = figures.filter((day) => day.version === version);
  if (days.length === 0) return { latest: null, week: null };
  const latest = days.reduce((last, day) => (day.day > last.day ? day : last));
  const sessions = days.reduce((sum, day) => sum + day.sessions, 0);
  const share = (count: number) => (sessions > 0 ? count / sessions : 0);
  return {
    latest,
    week: {
      sessions,
      errorRate: share(days.reduce((sum, day) => sum + day.errorSessions, 0)),
      failureRate: share(days.reduce((sum, day) => sum + day.failureRate * day.sessions, 0)),
    },
  };
}

/** Whether the canary's pages had errors in a larger share of sessions than stable's, on their latest days. */
export function canaryErrsMore(stable: ChannelFigures, canary: ChannelFigures): boolean {
  return Boolean(
    stable.latest &&
      canary.latest &&
      canary.latest.sessions > 0 &&
      canary.latest.errorRate > stable.latest.errorRate,
  );
}
