import type { MediaKind } from 'contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { media, modelProfiles, profileIsVisible } from '../../db/schema';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

/** The stored files of a medium: its photo sizes, or its video file. */
export type StoredFilesOf = Pick<MediaRow, 'kind' | 'storageKey' | 'variants' | 'url'>;

export function createMediaRepository(db: Database) {
  return {
    /** The profile an upload is for, when the caller may change it (`owner` null: an administrator). */
    async findProfile(profileId: number, owner: number | null) {
      const [row] = await db
        .select()
        .from(modelProfiles)
        .where(
          owner === null
            ? eq(modelProfiles.id, profileId)
            : and(eq(modelProfiles.id, profileId), eq(modelProfiles.accountId, owner)),
        );
      return row ?? null;
    },

    /** How many files of `kind` the working version holds. */
    async countInRevision(profileId: number, kind: MediaKind): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(media)
        .where(and(eq(media.profileId, profileId), eq(media.kind, kind), eq(media.inRevision, true)));
      return row?.n ?? 0;
    },

    /** A stored medium with what decides who may read it. */
    async findForServing(storageKey: string) {
      const [row] = await db
        .select({
          kind: media.kind,
          url: media.url,
          storageKey: media.storageKey,
          variants: media.variants,
          mimeType: media.mimeType,
          isPublic: media.isPublic,
          profileVisible: sql<boolean>`(${profileIsVisible})`,
          accountId: modelProfiles.accountId,
        })
        .from(media)
        .innerJoin(modelProfiles, eq(modelProfiles.id, media.profileId))
        .where(eq(media.storageKey, storageKey));
      return row ?? null;
    },

    /** Every medium with stored files, for the sweep of files no row references. */
    storedMedia(): Promise<StoredFilesOf[]> {
      return db
        .select({ kind: media.kind, storageKey: media.storageKey, variants: media.variants, url: media.url })
        .from(media)
        .where(isNotNull(media.storageKey));
    },
  };
}
