import type { WithdrawnReleases } from 'contracts/releases';
import { appConfig } from '../config';
import { runningReleases } from './remotes';

/**
 * Version skew (issue 30): an open tab keeps the releases it started with, so a promotion or a
 * canary never changes code under a visitor mid-session. When one of them is rolled back (it
 * failed), the tab loads afresh at its next navigation and gets what the registry names now.
 */

/** At most one question a quarter of a minute, however much the visitor navigates. */
const CHECK_INTERVAL_MS = 15_000;

let withdrawn = false;
let lastCheck = Number.NEGATIVE_INFINITY;
let pending: Promise<boolean> | null = null;

/** Whether a release this tab runs was withdrawn, as last seen (no request). */
export function runsWithdrawnRelease(): boolean {
  return withdrawn;
}

/**
 * Asks the API which releases were withdrawn, unless it was asked within the interval, and
 * answers whether this tab runs one. A tab running no release (every remote from the registry
 * file) never asks. Failures answer false and are asked again later.
 */
export function checkWithdrawnReleases(now = Date.now()): Promise<boolean> {
  if (withdrawn) return Promise.resolve(true);
  const running = runningReleases();
  if (Object.keys(running).length === 0 || now - lastCheck < CHECK_INTERVAL_MS) return Promise.resolve(false);
  if (pending) return pending;
  lastCheck = now;
  const { apiBase, fetch: fetchImpl = globalThis.fetch } = appConfig();
  pending = fetchImpl(`${apiBase}/releases/withdrawn`)
    .then(async (response) => {
      if (!response.ok) return false;
      const body = (await response.json()) as WithdrawnReleases;
      withdrawn = body.withdrawn.some((release) => running[release.remote] === release.version);
      return withdrawn;
    })
    .catch(() => false)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** For tests: forget what was seen. */
export function resetVersionSkew(): void {
  withdrawn = false;
  lastCheck = Number.NEGATIVE_INFINITY;
  pending = null;
}
