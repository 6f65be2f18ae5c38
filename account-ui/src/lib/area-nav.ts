import { matchPath } from 'react-router-dom';

/** One entry of a signed-in area's menu; `to` may be PROMO_HASH (the promo dialog over the current page). */
export interface AreaNavItem {
  key: string;
  to: string;
  /** Paths (patterns) on which the item counts as the current one. */
  matches: string[];
  /** Shows the unread notifications badge. */
  badge?: boolean;
}

export const isCurrent = (item: AreaNavItem, pathname: string) =>
  item.matches.some((pattern) => matchPath(pattern, pathname.replace(/\/+$/, '') || '/'));
