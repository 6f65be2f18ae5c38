/**
 * Route claims between remotes (issue 30): which routes are one path, and which paths two remotes
 * claim. The registry and the release command check them; the browser never needs them, so they
 * stay out of the contracts the shell shares (`remotes.ts` holds what the browser matches with).
 */
import type { RouteClaim } from './remotes';

/**
 * What makes two routes one path: parameters are equal whatever their name, a trailing slash is
 * nothing, and letter case is folded (the router matches paths case-insensitively).
 */
export function routeKey(pattern: string): string {
  const trimmed = pattern.length > 1 ? pattern.replace(/\/+$/, '') : pattern;
  return trimmed
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? (segment.endsWith('?') ? ':?' : ':') : segment.toLowerCase(),
    )
    .join('/');
}

export interface RouteConflict {
  /** The route as the first claimant wrote it. */
  route: string;
  /** The remotes claiming it, in the order given. */
  remotes: string[];
}

/** Routes that two or more remotes claim: the registry refuses a release that makes one. */
export function routeConflicts(claims: readonly RouteClaim[]): RouteConflict[] {
  const owners = new Map<string, RouteConflict>();
  for (const claim of claims) {
    for (const route of new Set(claim.routes.map(routeKey))) {
      const original = claim.routes.find((written) => routeKey(written) === route) ?? route;
      const entry = owners.get(route);
      if (!entry) owners.set(route, { route: original, remotes: [claim.remote] });
      else if (!entry.remotes.includes(claim.remote)) entry.remotes.push(claim.remote);
    }
  }
  return [...owners.values()].filter((entry) => entry.remotes.length > 1);
}
