import type { Locale, ModelCard } from 'contracts';
import {
  STREAM_RECORDS_PAGE_SIZE,
  STREAMS_LIVE_MAX,
  type LiveStreamsQuery,
  type StreamEndReason,
  type StreamRecord,
} from 'contracts/streams';
import { and, count, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, liveStreams, modelProfiles, profileIsVisible } from '../../db/schema';
import { selectCards, toCardWithPhoto } from '../catalog/repository';

export type StreamRow = typeof liveStreams.$inferSelect;

/** onAir's prepared statement for one combination of filters. */
interface OnAirStatement {
  execute(values: Record<string, unknown>): Promise<{ stream: StreamRow }[]>;
}

/** Open streams (live or paused) of these profiles. */
export async function openStreamIdsOf(tx: Database, profileIds: number[]): Promise<number[]> {
  if (profileIds.length === 0) return [];
  const rows = await tx
    .select({ id: liveStreams.id })
    .from(liveStreams)
    .where(and(inArray(liveStreams.profileId, profileIds), isNull(liveStreams.endedAt)));
  return rows.map((row) => row.id);
}

export function createStreamRepository(db: Database) {
  const onAirStatements = new Map<string, OnAirStatement>();
  return {
    /** Streams on air now (live or paused) of visible profiles: what the header's live figure shows. */
    async liveCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(liveStreams)
        .innerJoin(modelProfiles, eq(modelProfiles.id, liveStreams.profileId))
        .where(and(isNull(liveStreams.endedAt), profileIsVisible));
      return row?.n ?? 0;
    },

    /**
     * On start no socket of this process holds a stream: every open one is over, but those other
     * instances still hold (`except`).
     */
    async endAllOpen(except: number[] = []): Promise<number[]> {
      const rows = await db
        .update(liveStreams)
        .set({ endedAt: new Date(), endReason: 'restarted', pausedAt: null })
        .where(
          except.length > 0
            ? and(isNull(liveStreams.endedAt), notInArray(liveStreams.id, except))
            : isNull(liveStreams.endedAt),
        )
        .returning({ id: liveStreams.id });
      return rows.map((row) => row.id);
    },

    async openIds(): Promise<number[]> {
      const rows = await db
        .select({ id: liveStreams.id })
        .from(liveStreams)
        .where(isNull(liveStreams.endedAt));
      return rows.map((row) => row.id);
    },

    /** Her profile, locked, with whether the catalogue shows it; null when it is not hers. */
    async lockOwnProfile(
      tx: Database,
      accountId: number,
      profileId: number,
    ): Promise<{ id: number; name: string; visible: boolean } | null> {
      const [row] = await tx
        .select({
          id: modelProfiles.id,
          name: modelProfiles.name,
          visible: sql<boolean>`${profileIsVisible}`,
        })
        .from(modelProfiles)
        .where(and(eq(modelProfiles.id, profileId), eq(modelProfiles.accountId, accountId)))
        .for('update');
      return row ?? null;
    },

    async openStreamOfAccount(tx: Database, accountId: number): Promise<StreamRow | null> {
      const [row] = await tx
        .select({ stream: liveStreams })
        .from(liveStreams)
        .innerJoin(modelProfiles, eq(modelProfiles.id, liveStreams.profileId))
        .where(
          and(
            isNull(liveStreams.endedAt),
            sql`(${liveStreams.accountId} = ${accountId} or ${modelProfiles.accountId} = ${accountId})`,
          ),
        )
        .orderBy(desc(liveStreams.id))
        .limit(1);
      return row?.stream ?? null;
    },

    async insert(
      tx: Database,
      values: { profileId: number; accountId: number; channelId: string; chatEnabled: boolean },
    ): Promise<StreamRow> {
      const [row] = await tx.insert(liveStreams).values(values).returning();
      if (!row) throw new Error('the stream was not inserted');
      return row;
    },

    async find(id: number): Promise<StreamRow | null> {
      const [row] = await db.select().from(liveStreams).where(eq(liveStreams.id, id));
      return row ?? null;
    },

    /** The stream with its profile's owner and name; null when there is no such stream. */
    async findWithProfile(
      id: number,
    ): Promise<{ stream: StreamRow; ownerId: number | null; profileName: string; visible: boolean } | null> {
      const [row] = await db
        .select({
          stream: liveStreams,
          ownerId: modelProfiles.accountId,
          profileName: modelProfiles.name,
          visible: sql<boolean>`${profileIsVisible}`,
        })
        .from(liveStreams)
        .innerJoin(modelProfiles, eq(modelProfiles.id, liveStreams.profileId))
        .where(eq(liveStreams.id, id));
      return row ?? null;
    },

    async setPaused(id: number, paused: boolean): Promise<void> {
      await db
        .update(liveStreams)
        .set({ pausedAt: paused ? new Date() : null })
        .where(and(eq(liveStreams.id, id), isNull(liveStreams.endedAt)));
    },

    async setChatEnabled(id: number, chatEnabled: boolean): Promise<void> {
      await db
        .update(liveStreams)
        .set({ chatEnabled })
        .where(and(eq(liveStreams.id, id), isNull(liveStreams.endedAt)));
    },

    /**
     * Ends a stream (if it is not ended yet) and stores its peak; a stream ended meanwhile (a
     * block's transaction) keeps its time and reason and still gets its peak.
     */
    async end(id: number, reason: StreamEndReason, peakViewers: number): Promise<void> {
      await db
        .update(liveStreams)
        .set({
          endedAt: sql`coalesce(${liveStreams.endedAt}, now())`,
          endReason: sql`coalesce(${liveStreams.endReason}, ${reason})`,
          pausedAt: null,
          peakViewers: sql`greatest(${liveStreams.peakViewers}, ${peakViewers})`,
        })
        .where(eq(liveStreams.id, id));
    },

    async storePeak(id: number, peakViewers: number): Promise<void> {
      await db
        .update(liveStreams)
        .set({ peakViewers: sql`greatest(${liveStreams.peakViewers}, ${peakViewers})` })
        .where(eq(liveStreams.id, id));
    },

    /** Cards of visible profiles by id. */
    async cards(profileIds: number[], locale: Locale): Promise<Map<number, ModelCard>> {
      if (profileIds.length === 0) return new Map();
      const rows = await selectCards(db).where(and(inArray(modelProfiles.id, profileIds), profileIsVisible));
      return new Map(rows.map((row) => [row.id, toCardWithPhoto(row, locale)]));
    },

    /**
     * Streams on air of visible profiles, newest first, at most `limit` (a strip's STREAMS_LIVE_MAX;
     * the rendered pages read more, once for all their strips). One prepared statement per
     * combination of filters, planned once per connection on PostgreSQL (planning it cost ten times
     * running it).
     */
    async onAir(query: LiveStreamsQuery, limit: number = STREAMS_LIVE_MAX): Promise<StreamRow[]> {
      const shape = `${query.category ? 'c' : ''}${query.city ? 't' : ''}`;
      let statement = onAirStatements.get(shape);
      if (!statement) {
        const where: SQL[] = [isNull(liveStreams.endedAt), profileIsVisible];
        if (query.category) where.push(eq(modelProfiles.category, sql.placeholder('category')));
        if (query.city) where.push(eq(cities.slug, sql.placeholder('city')));
        statement = db
          .select({ stream: liveStreams })
          .from(liveStreams)
          .innerJoin(modelProfiles, eq(modelProfiles.id, liveStreams.profileId))
          .innerJoin(cities, eq(cities.id, modelProfiles.cityId))
          .where(and(...where))
          .orderBy(desc(liveStreams.startedAt), desc(liveStreams.id))
          .limit(sql.placeholder('limit'))
          .prepare(`streams_on_air_${shape || 'all'}`);
        onAirStatements.set(shape, statement);
      }
      const rows = await statement.execute({ category: query.category, city: query.city, limit });
      return rows.map((row) => row.stream);
    },

    /** Her streams for the analytics, newest first. */
    async records(accountId: number, page: number): Promise<{ items: StreamRecord[]; total: number }> {
      const mine = sql`(${liveStreams.accountId} = ${accountId} or ${modelProfiles.accountId} = ${accountId})`;
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({
            id: liveStreams.id,
            profileId: liveStreams.profileId,
            profileName: modelProfiles.name,
            startedAt: liveStreams.startedAt,
            endedAt: liveStreams.endedAt,
            durationSeconds: sql<number>`floor(extract(epoch from (coalesce(${liveStreams.endedAt}, now()) - ${liveStreams.startedAt})))::int`,
            peakViewers: liveStreams.peakViewers,
            endReason: liveStreams.endReason,
          })
          .from(liveStreams)
          .innerJoin(modelProfiles, eq(modelProfiles.id, liveStreams.profileId))
          .where(mine)
          .orderBy(desc(liveStreams.startedAt), desc(liveStreams.id))
          .limit(STREAM_RECORDS_PAGE_SIZE)
          .offset((page - 1) * STREAM_RECORDS_PAGE_SIZE),
        db
          .select({ n: count() })
          .from(liveStreams)
          .innerJoin(modelProfiles, eq(modelProfiles.id, liveStreams.profileId))
          .where(mine),
      ]);
      return {
        items: rows.map((row) => ({
          ...row,
          startedAt: row.startedAt.toISOString(),
          endedAt: row.endedAt?.toISOString() ?? null,
          durationSeconds: Math.max(0, Number(row.durationSeconds)),
        })),
        total: totalRow?.n ?? 0,
      };
    },
  };
}

export type StreamRepository = ReturnType<typeof createStreamRepository>;
