/**
 * Who is connected to /ws/online. Kept behind an interface so that several API instances can
 * share one count (a Redis set with expiring members) instead of each counting its own sockets.
 */
export interface PresenceStore {
  /** A socket named `id` connected. */
  add(id: string): Promise<void>;
  /** The socket named `id` closed; removing an unknown id does nothing. */
  remove(id: string): Promise<void>;
  count(): Promise<number>;
}

/** The sockets of this process: the embedded default for a single instance. */
export function createMemoryPresenceStore(): PresenceStore {
  const connected = new Set<string>();
  return {
    async add(id) {
      connected.add(id);
    },
    async remove(id) {
      connected.delete(id);
    },
    async count() {
      return connected.size;
    },
  };
}
