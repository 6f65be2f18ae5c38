import { adDayOf } from 'contracts/campaigns';
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { PLACEHOLDER_HEIGHT, PLACEHOLDER_WIDTH, placeholderUrl } from '../modules/media/placeholder';
import { approvedVersionOf } from '../modules/own-profiles/own-profile';
import { fingerprint } from '../modules/own-profiles/revision';
import { DEFAULT_COMPLAINT_HOLD_THRESHOLD } from '../modules/complaints/hold';
import type { Database } from './client';
import { FIRST_NAMES } from './seed-catalog';
import { complaints, media, modelProfiles } from './schema';

const HOUR_MS = 3_600_000;
/** Placeholder pictures the changed profiles add (any of /media/placeholder/1..500.svg). */
const ADDED_PHOTOS = [137, 311] as const;
const NEW_TEXT = 'Обновила анкету: новые фото и цены. Встречи только по предварительной договорённости.';

type ProfileRow = typeof modelProfiles.$inferSelect;

/**
 * Work for the administration's screens on a fresh demo database: two new profiles and two
 * changes of approved ones wait for moderation, and two profiles have open complaints (one
 * hidden by the threshold). Runs inside the demo seed, which writes only into an empty database,
 * so restarts never repeat it. Listed demo profiles that belong to nobody are used, from the
 * last one back (the demo model takes the first).
 */
export async function seedModerationDemo(db: Database, now: Date): Promise<void> {
  const candidates = await db
    .select()
    .from(modelProfiles)
    .where(
      and(
        eq(modelProfiles.status, 'active'),
        eq(modelProfiles.isBlocked, false),
        isNull(modelProfiles.accountId),
        isNull(modelProfiles.heldAt),
      ),
    )
    .orderBy(desc(modelProfiles.id))
    .limit(30);
  const photoCounts = new Map(
    (
      await db
        .select({ profileId: media.profileId, n: count() })
        .from(media)
        .where(
          inArray(
            media.profileId,
            candidates.map((row) => row.id),
          ),
        )
        .groupBy(media.profileId)
    ).map((row) => [row.profileId, row.n]),
  );
  // A changed profile adds a photo and drops one: it needs room for the one it adds.
  const changed = candidates.filter((row) => (photoCounts.get(row.id) ?? 5) < 5).slice(0, 2);
  const rest = candidates.filter((row) => !changed.includes(row));
  const [firstA, firstB, complainedA, complainedB] = rest;
  if (changed.length < 2 || !firstA || !firstB || !complainedA || !complainedB) return;

  for (const [index, row] of [firstA, firstB].entries()) await sendNew(db, row, now, 5 - index);
  for (const [index, row] of changed.entries()) await sendChange(db, row, now, 3 - index, index);
  await complain(db, complainedA.id, 2, now, false);
  await complain(db, complainedB.id, DEFAULT_COMPLAINT_HOLD_THRESHOLD, now, true);
}

/** A first publication: never approved, its files not public, one month paid. */
async function sendNew(db: Database, row: ProfileRow, now: Date, hoursAgo: number): Promise<void> {
  const revision = await approvedVersionOf(db, row);
  await db.update(media).set({ isPublic: false }).where(eq(media.profileId, row.id));
  const files = await revisionFiles(db, row.id);
  await db
    .update(modelProfiles)
    .set({
      status: 'pending',
      revision,
      submittedAt: new Date(now.getTime() - hoursAgo * HOUR_MS),
      submittedHash: fingerprint(revision, files),
      prepaidMonths: 1,
      publishedAt: null,
      expiresAt: null,
      topUntil: null,
      bumpedAt: null,
      isOnline: false,
    })
    .where(eq(modelProfiles.id, row.id));
}

/** A change of an approved profile: another name, hour price and text, one photo swapped. */
async function sendChange(db: Database, row: ProfileRow, now: Date, hoursAgo: number, index: number) {
  const approved = await approvedVersionOf(db, row);
  const prices = approved.prices as { hour: number | null; twoHours: number | null; night: number | null };
  const revision = {
    ...approved,
    name: FIRST_NAMES.find((name) => name !== row.name) ?? row.name,
    prices: { ...prices, hour: (prices.hour ?? 5000) + 1000 },
    description: NEW_TEXT,
  };
  const photos = await db
    .select({ id: media.id })
    .from(media)
    .where(eq(media.profileId, row.id))
    .orderBy(asc(media.revisionPosition), asc(media.id));
  const [dropped, ...kept] = photos;
  if (dropped) await db.update(media).set({ inRevision: false }).where(eq(media.id, dropped.id));
  for (const [position, photo] of kept.entries()) {
    await db.update(media).set({ revisionPosition: position }).where(eq(media.id, photo.id));
  }
  await db.insert(media).values({
    profileId: row.id,
    kind: 'photo',
    url: placeholderUrl(ADDED_PHOTOS[index % ADDED_PHOTOS.length] ?? 1),
    width: PLACEHOLDER_WIDTH,
    height: PLACEHOLDER_HEIGHT,
    position: photos.length,
    revisionPosition: kept.length,
    inRevision: true,
    isPublic: false,
  });
  const files = await revisionFiles(db, row.id);
  await db
    .update(modelProfiles)
    .set({
      review: 'pending',
      revision,
      submittedAt: new Date(now.getTime() - hoursAgo * HOUR_MS),
      submittedHash: fingerprint(revision, files),
    })
    .where(eq(modelProfiles.id, row.id));
}

const revisionFiles = async (db: Database, profileId: number) =>
  (
    await db
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.profileId, profileId), eq(media.inRevision, true)))
      .orderBy(asc(media.revisionPosition), asc(media.id))
  ).map((file) => file.id);

/** Open complaints from distinct visitors; `held` also hides the profile as the threshold would. */
async function complain(db: Database, profileId: number, n: number, now: Date, held: boolean) {
  const reasons = ['fake_photos', 'wrong_contacts'] as const;
  await db.insert(complaints).values(
    Array.from({ length: n }, (_, index) => ({
      profileId,
      reason: reasons[index % reasons.length] ?? 'fake_photos',
      text: index === 0 ? 'Фотографии не совпадают с реальностью' : null,
      visitorKey: `demo-visitor-${index + 1}`,
      day: adDayOf(new Date(now.getTime() - index * HOUR_MS)),
      createdAt: new Date(now.getTime() - index * HOUR_MS),
    })),
  );
  if (held) {
    await db.update(modelProfiles).set({ heldAt: now }).where(eq(modelProfiles.id, profileId));
  }
}
