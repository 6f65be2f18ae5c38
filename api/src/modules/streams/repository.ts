import { count, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { liveStreams } from '../../db/schema';

export function createStreamRepository(db: Database) {
  return {
    /** Streams on air now: what the header's live figure shows. */
    async liveCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(liveStreams).where(isNull(liveStreams.endedAt));
      return row?.n ?? 0;
    },
  };
}
