/**
 * Who is connected to /ws/online, and which signed-in models have a cabinet tab open behind
 * their socket. Kept behind an interface so that several API instances can share it (the Redis
 * store, redis-store.ts: per-instance keys that stop counting when their instance dies) instead of
 * each counting its own sockets.
 */
export interface PresenceStore {
  /** A socket named `id` connected. */
  add(id: string): Promise<void>;
  /**
   * The socket named `id` closed; removing an unknown id does nothing. Answers the account whose
   * cabinet the socket stood for when that account has no other socket with a cabinet open.
   */
  remove(id: string): Promise<{ accountClosed: number | null }>;
  count(): Promise<number>;
  /**
   * Socket `id` of account `accountId` now has (or no longer has) a cabinet tab behind it.
   * Answers whether the account's cabinet is open on any socket, and whether that changed.
   */
  markCabinet(id: string, accountId: number, open: boolean): Promise<{ open: boolean; changed: boolean }>;
  /** The accounts with a cabinet open on some socket (of any instance still alive). */
  openCabinets(): Promise<number[]>;
  /** The server is stopping: timers end, and this instance stops counting. */
  dispose(): Promise<void>;
}

/** The sockets of this process: the embedded default for a single instance. */
export function createMemoryPresenceStore(): PresenceStore {
  const connected = new Set<string>();
  /** Account -> its sockets that have a cabinet tab behind them. */
  const cabinets = new Map<number, Set<string>>();
  const accountOf = new Map<string, number>();

  const unmark = (id: string): number | null => {
    const accountId = accountOf.get(id);
    if (accountId === undefined) return null;
    accountOf.delete(id);
    const sockets = cabinets.get(accountId);
    sockets?.delete(id);
    if (sockets?.size) return null;
    cabinets.delete(accountId);
    return accountId;
  };

  return {
    async add(id) {
      connected.add(id);
    },
    async remove(id) {
      connected.delete(id);
      return { accountClosed: unmark(id) };
    },
    async count() {
      return connected.size;
    },
    async markCabinet(id, accountId, open) {
      const before = cabinets.has(accountId);
      if (open && connected.has(id)) {
        const sockets = cabinets.get(accountId) ?? new Set<string>();
        sockets.add(id);
        cabinets.set(accountId, sockets);
        accountOf.set(id, accountId);
      } else {
        unmark(id);
      }
      const after = cabinets.has(accountId);
      return { open: after, changed: before !== after };
    },
    async openCabinets() {
      return [...cabinets.keys()];
    },
    async dispose() {},
  };
}
