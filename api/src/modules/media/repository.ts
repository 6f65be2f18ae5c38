import type { MediaKind } from 'contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaigns, media, modelProfiles, profileIsVisible } from '../../db/schema';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

/** The stored files of a medium: its photo sizes, or its video file. */
export type StoredFilesOf = Pick<MediaRow, 'kind' | 'storageKey' | 'variants' | 'url'>;

/** The media table's SQL; `db` may be a transaction, for the calls that run inside one. */
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
          profileId: media.profileId,
          profileVisible: sql<boolean>`(${profileIsVisible})`,
          accountId: modelProfiles.accountId,
        })
        .from(media)
        .innerJoin(modelProfiles, eq(modelProfiles.id, media.profileId))
        .where(eq(media.storageKey, storageKey));
      return row ?? null;
    },

    async insert(values: NewMediaRow): Promise<MediaRow> {
      const [row] = await db.insert(media).values(values).returning();
      if (!row) throw new Error('media row was not inserted');
      return row;
    },

    /** A file of the profile's working version. */
    async findInRevision(profileId: number, mediaId: number): Promise<MediaRow | null> {
      const [row] = await db
        .select()
        .from(media)
        .where(and(eq(media.id, mediaId), eq(media.profileId, profileId), eq(media.inRevision, true)));
      return row ?? null;
    },

    async takeOutOfRevision(mediaId: number): Promise<void> {
      await db.update(media).set({ inRevision: false }).where(eq(media.id, mediaId));
    },

    async delete(mediaId: number): Promise<void> {
      await db.delete(media).where(eq(media.id, mediaId));
    },

    async setRevisionPosition(mediaId: number, position: number): Promise<void> {
      await db.update(media).set({ revisionPosition: position }).where(eq(media.id, mediaId));
    },

    /** Approval: files out of the working version go (returned), the rest become public in its order. */
    async publishRevision(profileId: number): Promise<MediaRow[]> {
      const removed = await db
        .delete(media)
        .where(and(eq(media.profileId, profileId), eq(media.inRevision, false)))
        .returning();
      await db
        .update(media)
        .set({ isPublic: true, position: sql`${media.revisionPosition}` })
        .where(eq(media.profileId, profileId));
      return removed;
    },

    deleteAllOf(profileId: number): Promise<MediaRow[]> {
      return db.delete(media).where(eq(media.profileId, profileId)).returning();
    },

    /** Every medium with stored files, for the sweep of files no row references. */
    storedMedia(): Promise<StoredFilesOf[]> {
      return db
        .select({ kind: media.kind, storageKey: media.storageKey, variants: media.variants, url: media.url })
        .from(media)
        .where(isNotNull(media.storageKey));
    },

    /** The storage keys of the ads' images (campaigns module): each campaign's working one and approved one. */
    async adImageKeys(): Promise<string[]> {
      const rows = await db
        .select({
          key: campaigns.imageKey,
          approved: sql<string | null>`${campaigns.approved}->'image'->>'key'`,
        })
        .from(campaigns);
      return rows.flatMap((row) => [row.key, row.approved].filter((key): key is string => !!key));
    },
  };
}
