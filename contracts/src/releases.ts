/**
 * Remote releases (issue 30): each remote is published as an immutable version, the registry
 * names a stable version and an optional canary with a share of visitors, and each remote owns
 * the routes its release declares. The API keeps the registry; the shell, the page renderer and
 * the release commands read these rules from here. Imported as `contracts/releases`.
 */
import * as v from 'valibot';
import { positiveIntString } from './common';
import { REMOTE_NAME_PATTERN } from './remotes';
import { releaseFigures, releaseGuardBody } from './telemetry';

export { matchesRoute, ownerOfPath, REMOTE_NAME_PATTERN, type RouteClaim } from './remotes';
export { type RouteConflict, routeConflicts, routeKey } from './route-claims';

/**
 * A release's version: the remote's semver and its build's content hash (the first 12 hex
 * digits of a SHA-256 over its files), `1.4.0+3f9a1c2b7d10`. Two builds of the same sources and
 * the same tools get the same version; any change to a file gets another.
 */
export const RELEASE_VERSION_PATTERN = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\+[0-9a-f]{12}$/;

export function isReleaseVersion(value: string): boolean {
  return RELEASE_VERSION_PATTERN.test(value);
}

/** The release version of a build: its semver and its content hash. */
export function releaseVersion(semver: string, contentHash: string): string {
  const version = `${semver}+${contentHash.slice(0, 12).toLowerCase()}`;
  if (!isReleaseVersion(version)) throw new Error(`Not a release version: ${version}`);
  return version;
}

/** Canary shares are whole percents. */
export const CANARY_PERCENT_MAX = 100;
/** Buckets a visitor falls into, per remote: a hundred per percent. */
export const CANARY_BUCKETS = 10_000;

/**
 * A visitor's bucket for a remote, 0 to 9,999: FNV-1a over the remote's name and the visitor id,
 * then the murmur3 finaliser so that ids differing in one character spread over every bucket. The
 * same id always lands in the same bucket (a visitor keeps a version across reloads and on the
 * server-rendered HTML), and each remote splits visitors independently of the others.
 */
export function canaryBucket(visitorId: string, remote: string): number {
  let hash = 0x811c9dc5;
  const input = `${remote}\u0000${visitorId}`;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) % CANARY_BUCKETS;
}

/** Whether a visitor runs a remote's canary at `percent` (0 never, 100 always). */
export function runsCanary(visitorId: string, remote: string, percent: number): boolean {
  if (percent <= 0) return false;
  if (percent >= CANARY_PERCENT_MAX) return true;
  return canaryBucket(visitorId, remote) < percent * (CANARY_BUCKETS / CANARY_PERCENT_MAX);
}

/**
 * A route a remote declares, as the router writes it: `/`, `/model/:id`, `/cabinet/*`. At most 20
 * a release, each up to 200 characters, beginning with `/`.
 */
export const ROUTE_PATTERN =
  /^\/(?:[A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9_]*\??|\*)?(?:\/(?:[A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9_]*\??|\*))*$/;
export const ROUTES_MAX = 20;

const reason = v.pipe(
  v.string('validation.reasonRequired'),
  v.trim(),
  v.nonEmpty('validation.reasonRequired'),
  v.minLength(3, 'validation.reasonTooShort'),
  v.maxLength(500, 'validation.reasonTooLong'),
);
const versionField = v.pipe(
  v.string('validation.releaseVersion'),
  v.regex(RELEASE_VERSION_PATTERN, 'validation.releaseVersion'),
);

/** The reason a change to the registry gives (the releases screen's dialogs check it as the API does). */
export const registryReasonBody = v.object({ reason }, 'validation.reasonRequired');

/** The canary dialog's fields: the share of visitors and the reason. */
export const canaryFormBody = v.object(
  {
    percent: v.pipe(
      v.number('validation.canaryPercent'),
      v.integer('validation.canaryPercent'),
      v.minValue(0, 'validation.canaryPercent'),
      v.maxValue(CANARY_PERCENT_MAX, 'validation.canaryPercent'),
    ),
    reason,
  },
  'validation.required',
);
export type CanaryFormBody = v.InferOutput<typeof canaryFormBody>;

/** An admin's or a pipeline's change to a remote's channels; every change gives a reason. */
export const registryChangeBody = v.variant(
  'action',
  [
    v.object(
      {
        action: v.literal('promote', 'validation.registryAction'),
        /** Becomes stable; a canary of it ends. */
        version: versionField,
        reason,
      },
      'validation.required',
    ),
    v.object(
      {
        action: v.literal('canary', 'validation.registryAction'),
        version: versionField,
        ...canaryFormBody.entries,
      },
      'validation.required',
    ),
    /** Ends the canary (its visitors go back to stable), or with no canary returns stable to the version before it. */
    v.object({ action: v.literal('rollback', 'validation.registryAction'), reason }, 'validation.required'),
  ],
  'validation.registryAction',
);
export type RegistryChangeBody = v.InferOutput<typeof registryChangeBody>;

const remoteName = v.pipe(
  v.string('validation.remoteName'),
  v.regex(REMOTE_NAME_PATTERN, 'validation.remoteName'),
);
/** A path on this origin or an https URL (a CDN), without quotes, spaces or backslashes. */
const fileUrl = v.pipe(
  v.string('validation.releaseFile'),
  v.regex(/^(\/|https:\/\/)[^\s"'<>\\]{1,500}$/, 'validation.releaseFile'),
);

/** POST /api/releases: a pipeline records a release it has uploaded to the release store. */
export const publishReleaseBody = v.pipe(
  v.object(
    {
      remote: remoteName,
      version: versionField,
      /** The browser build's mf-manifest.json. */
      entry: fileUrl,
      /** The server build's entry, for a remote rendered on the server; its hash goes with it. */
      ssr: v.optional(fileUrl),
      integrity: v.optional(
        v.pipe(
          v.string('validation.releaseIntegrity'),
          v.regex(/^sha384-[A-Za-z0-9+/]{64}$/, 'validation.releaseIntegrity'),
        ),
      ),
      routes: v.pipe(
        v.array(
          v.pipe(
            v.string('validation.releaseRoute'),
            v.maxLength(200, 'validation.releaseRoute'),
            v.regex(ROUTE_PATTERN, 'validation.releaseRoute'),
          ),
          'validation.releaseRoutes',
        ),
        v.maxLength(ROUTES_MAX, 'validation.releaseRoutes'),
      ),
    },
    'validation.required',
  ),
  // The server runs a server entry only with its hash pinned: one without is refused here.
  v.forward(
    v.partialCheck(
      [['ssr'], ['integrity']],
      (input) => !input.ssr || Boolean(input.integrity),
      'validation.releaseIntegrity',
    ),
    ['integrity'],
  ),
);
export type PublishReleaseBody = v.InferOutput<typeof publishReleaseBody>;

export const remoteParams = v.object({ remote: remoteName }, 'validation.remoteName');

const timestamp = v.pipe(v.string(), v.description('ISO 8601'));

export const releaseSummary = v.object({
  version: v.string(),
  entry: v.string(),
  ssr: v.nullable(v.string()),
  routes: v.array(v.string()),
  publishedBy: v.string(),
  publishedAt: timestamp,
});
export type ReleaseSummary = v.InferOutput<typeof releaseSummary>;

export const REGISTRY_ACTIONS = ['publish', 'promote', 'canary', 'rollback'] as const;

export const registryChange = v.object({
  id: v.number(),
  action: v.picklist(REGISTRY_ACTIONS),
  fromVersion: v.nullable(v.string()),
  toVersion: v.nullable(v.string()),
  canaryPercent: v.nullable(v.number()),
  reason: v.string(),
  actor: v.string(),
  at: timestamp,
});
export type RegistryChange = v.InferOutput<typeof registryChange>;

/** A remote's channels as the releases screen shows them; `stable` is null for a remote served from the file. */
export const remoteChannelsView = v.object({
  remote: v.string(),
  stable: v.nullable(v.string()),
  canary: v.nullable(v.string()),
  canaryPercent: v.number(),
  releases: v.array(releaseSummary),
  /** The latest RELEASE_CHANGES_PAGE changes, newest first; `moreChanges`: earlier ones exist (ask registryChangesQuery). */
  changes: v.array(registryChange),
  moreChanges: v.boolean(),
  /** The stable and canary releases' figures, per version and day, the last 7 days (telemetry). */
  figures: v.array(releaseFigures),
});
export type RemoteChannelsView = v.InferOutput<typeof remoteChannelsView>;

/** How many changes of a remote's history the screen gets at a time. */
export const RELEASE_CHANGES_PAGE = 50;

/** GET /api/admin-panel/releases/:remote/changes: the changes before the change `before` (by id), newest first. */
export const registryChangesQuery = v.object(
  { before: positiveIntString('validation.invalidQuery') },
  'validation.invalidQuery',
);
export const registryChangesPage = v.object({ changes: v.array(registryChange), more: v.boolean() });
export type RegistryChangesPage = v.InferOutput<typeof registryChangesPage>;

/** GET /api/admin-panel/releases. */
export const adminReleases = v.object({ remotes: v.array(remoteChannelsView), guard: releaseGuardBody });
export type AdminReleases = v.InferOutput<typeof adminReleases>;

/** POST /api/releases: the release recorded, and whether this call recorded it (false: it was already). */
export const publishedRelease = v.object({
  remote: v.string(),
  release: releaseSummary,
  created: v.boolean(),
});

/**
 * GET /api/releases/withdrawn: releases rolled back lately and not live again. A tab running one
 * loads afresh at its next navigation (and so gets what the registry names now).
 */
export const withdrawnReleases = v.object({
  withdrawn: v.array(v.object({ remote: v.string(), version: v.string(), at: timestamp })),
});
export type WithdrawnReleases = v.InferOutput<typeof withdrawnReleases>;
