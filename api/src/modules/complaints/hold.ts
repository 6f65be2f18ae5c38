/**
 * When complaints hide a profile until a moderator reviews it. A visitor cookie costs nothing to
 * mint, so the hold counts what costs something: distinct client networks (an IPv4 address or an
 * IPv6 /64, the key every per-address limit uses) and distinct signed-in accounts.
 *   - A registered complaint weighs 1: one per account, and one per network, so one person's
 *     accounts behind one connection count once.
 *   - A guest's complaint weighs 1 / GUEST_COMPLAINTS_PER_REGISTERED: one per network.
 * Complaints still open about one profile on one day hold it once they weigh the threshold: five
 * registered visitors, or twenty guests' networks, or a mix. A guest script behind one address
 * weighs a quarter however many cookies it makes; guests alone take a profile that was approved
 * and paid for off the site only past twenty networks in a day.
 */
export const DEFAULT_COMPLAINT_HOLD_THRESHOLD = 5;

/** How many guests' networks weigh one registered visitor. */
export const GUEST_COMPLAINTS_PER_REGISTERED = 4;

/** What the open complaints of one profile on one day count. */
export interface ComplaintWeight {
  /** Distinct signed-in accounts. */
  accounts: number;
  /** Distinct networks of the signed-in accounts' complaints. */
  accountNetworks: number;
  /** Distinct networks of guests' complaints. */
  guestNetworks: number;
}

export function holdsProfile(weight: ComplaintWeight, threshold: number): boolean {
  const registered = Math.min(weight.accounts, weight.accountNetworks);
  return (
    registered * GUEST_COMPLAINTS_PER_REGISTERED + weight.guestNetworks >=
    threshold * GUEST_COMPLAINTS_PER_REGISTERED
  );
}
