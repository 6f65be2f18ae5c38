import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { liveStreams, modelProfiles } from '../../db/schema';

/** A profile is online while its model has her cabinet open or while it streams. */
const streaming = sql`exists (select 1 from ${liveStreams} where ${liveStreams.profileId} = ${modelProfiles.id} and ${liveStreams.endedAt} is null)`;

export function createPresenceRepository(db: Database) {
  return {
    /** Marks the account's profiles online while her cabinet is open; otherwise only while they stream. */
    async setCabinetOpen(accountId: number, open: boolean): Promise<void> {
      await db.execute(
        sql`update ${modelProfiles} set is_online = (${open} or ${streaming}) where ${modelProfiles.accountId} = ${accountId}`,
      );
    },

    /**
     * On start nobody's cabinet is open in this process yet: owned profiles are online only
     * while they stream, but for the accounts whose cabinet is open on another instance
     * (`except`). Demo profiles without an owner keep the seed's flag.
     */
    async resetOwnedProfiles(except: number[] = []): Promise<void> {
      const others =
        except.length > 0
          ? sql` and ${modelProfiles.accountId} not in (${sql.join(
              except.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``;
      await db.execute(
        sql`update ${modelProfiles} set is_online = ${streaming} where ${modelProfiles.accountId} is not null${others}`,
      );
    },
  };
}
