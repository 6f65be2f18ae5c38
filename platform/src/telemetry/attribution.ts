import { stripLocale } from 'contracts';
import { matchPath } from 'react-router-dom';
import { type RemoteName, REMOTES, releaseVersionOf, remoteForPath } from '../remotes/remotes';
import { routePatterns } from '../routes/paths';

const ROUTE_MAX = 200;

// A remote's own subtree (`/profile/*`) names nothing inside it: its pages go by their path.
const exactPatterns = Object.values(routePatterns).filter((pattern) => !pattern.endsWith('*'));

/**
 * The route a path is on, the same in both languages: the pattern it matches (`/girl/:id`), else
 * the path with numeric segments as `:id` (`/profile/ads/:id`), so that the figures group by page
 * and not by record.
 */
export function routeOf(pathname: string): string {
  const path = stripLocale(pathname);
  const pattern = exactPatterns.find((candidate) => matchPath(candidate, path));
  return (pattern ?? path.replace(/\/\d+(?=\/|$)/g, '/:id')).slice(0, ROUTE_MAX);
}

/** A remote as the events name it: its federation name and the release this page runs. */
export interface RemoteRelease {
  remote: string;
  version: string | null;
}

export function releaseOf(name: RemoteName): RemoteRelease {
  return { remote: REMOTES[name], version: releaseVersionOf(name) };
}

/** Where an event happened: the route, and the remote owning it (null: the shell's own page, the 404). */
export interface Attribution {
  route: string;
  remote: string | null;
  version: string | null;
}

export function attributionOf(pathname: string): Attribution {
  const name = remoteForPath(pathname);
  return { route: routeOf(pathname), ...(name ? releaseOf(name) : { remote: null, version: null }) };
}
