import { registryReasonBody } from 'contracts/releases';
import * as v from 'valibot';
import type { Database } from '../../db/client';
import { createRemoteRegistry } from '../releases/repository';
import { createTelemetryRepository, type ReleaseKey } from './repository';

/** A release's latest sessions and how many of them had an error or a failed load. */
export interface SessionCounts {
  sessions: number;
  troubled: number;
}

/**
 * Whether the canary's share of troubled sessions, in percent, exceeds stable's by more than
 * `marginPercent` points. Compared in integers (cross-multiplied), so a share exactly at the
 * margin never tips over through rounding. Stable without sessions counts as none troubled.
 */
export function exceedsStable(canary: SessionCounts, stable: SessionCounts, marginPercent: number): boolean {
  if (canary.sessions === 0) return false;
  const stableSessions = Math.max(stable.sessions, 1);
  return (
    canary.troubled * 100 * stableSessions >
    stable.troubled * 100 * canary.sessions + marginPercent * canary.sessions * stableSessions
  );
}

const percent = ({ sessions, troubled }: SessionCounts) =>
  sessions === 0 ? 0 : Math.round((troubled * 100) / sessions);

/** The history line of a rollback the guard made: the figures it judged by. */
export function guardReason(canary: SessionCounts, stable: SessionCounts, marginPercent: number): string {
  return (
    `guard: ${canary.troubled} of ${canary.sessions} sessions with errors (${percent(canary)} %) ` +
    `against stable ${stable.troubled} of ${stable.sessions} (${percent(stable)} %), margin ${marginPercent} points`
  );
}

/** A canary the guard rolled back, and the reason it recorded. */
export interface GuardRollback extends ReleaseKey {
  reason: string;
}

/** Who the registry's history names for the guard's rollbacks. */
export const GUARD_ACTOR = { name: 'guard' } as const;

/**
 * The automatic release guard (issue 30, off by default). After a beacon that saw an error or a
 * failed load of a remote's current canary, it compares the canary's last `sessions` sessions
 * with stable's last `sessions`, and rolls the canary back through the registry when the
 * canary's troubled share exceeds stable's by more than the margin. The rollback is the
 * registry's own, under its lock, and ends only that canary: when an administrator or another
 * beacon has already changed it, nothing happens.
 */
export function createReleaseGuard(db: Database) {
  const telemetry = createTelemetryRepository(db);
  const registry = createRemoteRegistry(db);

  return {
    /** Judges the releases a beacon saw trouble in; answers the canaries it rolled back. */
    async afterBeacon(troubled: readonly ReleaseKey[]): Promise<GuardRollback[]> {
      if (troubled.length === 0) return [];
      const settings = await telemetry.guard();
      if (!settings.enabled) return [];
      const live = await registry.live();
      const rolledBack: GuardRollback[] = [];
      for (const release of troubled) {
        const channel = live.find((entry) => entry.remote === release.remote);
        if (!channel?.canary || channel.canary.version !== release.version) continue;
        const canary = await telemetry.recentSessions(release, settings.sessions);
        if (canary.sessions < settings.sessions) continue;
        const stable = await telemetry.recentSessions(
          { remote: release.remote, version: channel.stable.version },
          settings.sessions,
        );
        if (!exceedsStable(canary, stable, settings.marginPercent)) continue;
        const { reason } = v.parse(registryReasonBody, {
          reason: guardReason(canary, stable, settings.marginPercent),
        });
        if (await registry.rollbackCanary(release.remote, release.version, reason, GUARD_ACTOR)) {
          rolledBack.push({ ...release, reason });
        }
      }
      return rolledBack;
    },
  };
}

export type ReleaseGuard = ReturnType<typeof createReleaseGuard>;
