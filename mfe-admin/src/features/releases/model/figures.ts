import type { RemoteChannelsView } from 'contracts/releases';
import type { ReleaseFigures } from 'contracts/telemetry';

/** The version a remote's pages report under when it is served from the registry file (no release). */
export const FILE_VERSION = '';

/** A column of the figures: a channel and the version it runs. */
export interface Channel {
  /** `withdrawn`: a release rolled back lately, kept on the screen with the figures that sent it back. */
  kind: 'stable' | 'canary' | 'file' | 'withdrawn';
  version: string;
}

/**
 * Stable, then the canary beside it, then releases rolled back lately that have figures (the API
 * sends theirs too); a remote served from the file has the one column.
 */
export function channelsOf(
  view: Pick<RemoteChannelsView, 'stable' | 'canary'> & { figures?: readonly ReleaseFigures[] },
): Channel[] {
  if (!view.stable) return [{ kind: 'file', version: FILE_VERSION }];
  const channels: Channel[] = [{ kind: 'stable', version: view.stable }];
  if (view.canary) channels.push({ kind: 'canary', version: view.canary });
  const withdrawn = new Set(
    (view.figures ?? [])
      .map((day) => day.version)
      .filter((version) => version !== FILE_VERSION && version !== view.stable && version !== view.canary),
  );
  for (const version of withdrawn) channels.push({ kind: 'withdrawn', version });
  return channels;
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
