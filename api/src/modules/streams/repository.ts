import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { modelProfiles, profileIsVisible } from '../../db/schema';

export function createStreamRepository(db: Database) {
  return {
    /**
     * Profiles broadcasting now. Until streams exist, a visible profile marked online stands
     * for one: it is what the header's live figure and the listing's online filter show.
     */
    async liveCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(modelProfiles)
        .where(and(profileIsVisible, eq(modelProfiles.isOnline, true)));
      return row?.n ?? 0;
    },
  };
}
