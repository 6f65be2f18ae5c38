/**
 * The federation's names and registry shape: the shell and platform load remotes by them in the
 * browser, and the API's page renderer finds a remote's server build by them.
 */

/** The remotes the shell knows by role; their URLs come from the run-time registry. */
export const REMOTES = {
  catalog: 'mfe_catalog',
  auth: 'mfe_auth',
  modelCabinet: 'mfe_model_cabinet',
  advertiserOffice: 'mfe_advertiser_office',
  admin: 'mfe_admin',
} as const;
export type RemoteName = keyof typeof REMOTES;

/** A federation name the registry keeps: `mfe_catalog`. */
export const REMOTE_NAME_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;

/**
 * The areas rendered on the server (the public pages). The others stay client-rendered and out
 * of search engines (`noindex`).
 */
export const SERVER_RENDERED_REMOTES: readonly RemoteName[] = ['catalog'];

/**
 * `remotes.json`: federation name -> the remote's entries, absolute or relative to the page:
 * `entry` its browser build's mf-manifest.json, `ssr` its server build's file (for the pages it
 * renders on the server), `integrity` that file's content hash as in Subresource Integrity
 * (`sha384-<base64>`; the build writes it): the server runs the file only when its bytes hash to
 * it, and production runs no server file without one. A bare string is the browser entry alone.
 */
export type RegistryEntry =
  | string
  | {
      entry: string;
      ssr?: string;
      integrity?: string;
      /** The release this record names (issue 30), `1.4.0+3f9a1c2b7d10`, when the registry keeps it. */
      version?: string;
      /** The routes the release declares: where they are given, they decide which remote owns a path. */
      routes?: string[];
    };
export type RemoteRegistry = Record<string, RegistryEntry>;

/** The routes a remote declares (its release, its record in the registry). */
export interface RouteClaim {
  remote: string;
  routes: readonly string[];
}

/**
 * Whether a path matches a declared route, as the router matches it: `:id` one segment, `:id?` one
 * or none, `*` the rest (or nothing); letter case folded, trailing slashes ignored. The path has
 * no language prefix, query or hash.
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  return matchesSegments(segmentsOf(pattern), segmentsOf(pathname));
}

const segmentsOf = (value: string) => value.split('/').filter(Boolean);

/** matchesRoute on paths already cut at their slashes. */
function matchesSegments(wanted: readonly string[], given: readonly string[]): boolean {
  const walk = (i: number, j: number): boolean => {
    if (i === wanted.length) return j === given.length;
    const part = wanted[i] as string;
    if (part === '*') return true;
    if (part.startsWith(':') && part.endsWith('?')) {
      return (j < given.length && walk(i + 1, j + 1)) || walk(i + 1, j);
    }
    if (j === given.length) return false;
    if (part.startsWith(':')) return walk(i + 1, j + 1);
    return part.toLowerCase() === (given[j] as string).toLowerCase() && walk(i + 1, j + 1);
  };
  return walk(0, 0);
}

/** How specific a route is: a fixed segment beats a parameter, which beats an optional one and `*`. */
function routeRank(pattern: string): number {
  return pattern
    .split('/')
    .filter(Boolean)
    .reduce((rank, part) => {
      if (part === '*') return rank - 1;
      if (part.startsWith(':')) return rank + (part.endsWith('?') ? 2 : 3);
      return rank + 10;
    }, 0);
}

/**
 * The remote owning a path: of the routes the registry's remotes declare, the most specific one
 * that matches (the router's rule too), so `/price` goes to the remote declaring it even beside
 * another's `/:page`. Null when no remote declares a matching route.
 */
export function ownerOfPath(claims: readonly RouteClaim[], pathname: string): string | null {
  const given = segmentsOf(pathname);
  for (const route of rankedRoutes(claims)) {
    if (matchesSegments(route.segments, given)) return route.remote;
  }
  return null;
}

/**
 * Every declared route, cut at its slashes, most specific first (of equally specific ones, the
 * first declared): made once per list of claims, since a page asks for each of its links.
 */
const rankedRoutesOf = new WeakMap<readonly RouteClaim[], { remote: string; segments: string[] }[]>();
function rankedRoutes(claims: readonly RouteClaim[]) {
  let ranked = rankedRoutesOf.get(claims);
  if (!ranked) {
    ranked = claims
      .flatMap((claim) =>
        claim.routes.map((route) => ({ remote: claim.remote, route, rank: routeRank(route) })),
      )
      .map((entry, order) => ({ ...entry, order }))
      .sort((a, b) => b.rank - a.rank || a.order - b.order)
      .map(({ remote, route }) => ({ remote, segments: segmentsOf(route) }));
    rankedRoutesOf.set(claims, ranked);
  }
  return ranked;
}

/**
 * The routes each record of a registry declares, by federation name (records without routes,
 * and bare strings, claim nothing): what `ownerOfPath` and the registry's conflict check read.
 */
export function routeClaims(registry: RemoteRegistry): RouteClaim[] {
  return Object.entries(registry).flatMap(([remote, record]) =>
    typeof record === 'object' && record !== null && Array.isArray(record.routes)
      ? [{ remote, routes: record.routes }]
      : [],
  );
}
