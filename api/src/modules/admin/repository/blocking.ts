import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { accounts, liveStreams, modelProfiles } from '../../../db/schema';

export type AccountRow = typeof accounts.$inferSelect;

/** An account's row, locked until the transaction ends; null when there is none. */
export async function lockAccountRow(tx: Database, accountId: number): Promise<AccountRow | null> {
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  return account ?? null;
}

/** The account owning a profile (null for an ownerless one); undefined when there is no profile. */
export async function ownerOfProfile(tx: Database, profileId: number): Promise<number | null | undefined> {
  const [owner] = await tx
    .select({ accountId: modelProfiles.accountId })
    .from(modelProfiles)
    .where(eq(modelProfiles.id, profileId));
  return owner === undefined ? undefined : owner.accountId;
}

/** Ends the broadcasts of these profiles that are still on (a block); answers their ids. */
export async function endStreams(tx: Database, profileIds: number[]): Promise<number[]> {
  const ended = await tx
    .update(liveStreams)
    .set({ endedAt: new Date(), endReason: 'blocked', pausedAt: null })
    .where(and(inArray(liveStreams.profileId, profileIds), isNull(liveStreams.endedAt)))
    .returning({ id: liveStreams.id });
  return ended.map((stream) => stream.id);
}

/** Sets or lifts an account's block (null lifts it). */
export async function setAccountBlock(
  tx: Database,
  accountId: number,
  block: { at: Date; comment: string } | null,
  now: Date,
): Promise<void> {
  await tx
    .update(accounts)
    .set({ blockedAt: block?.at ?? null, blockComment: block?.comment ?? null, updatedAt: now })
    .where(eq(accounts.id, accountId));
}

/** Blocks with its account every profile of the account not blocked already; answers their ids. */
export async function blockProfilesOfAccount(
  tx: Database,
  accountId: number,
  comment: string,
  now: Date,
): Promise<number[]> {
  const blocked = await tx
    .update(modelProfiles)
    .set({ isBlocked: true, blockReason: comment, blockSource: 'account', updatedAt: now })
    .where(and(eq(modelProfiles.accountId, accountId), eq(modelProfiles.isBlocked, false)))
    .returning({ id: modelProfiles.id });
  return blocked.map((profile) => profile.id);
}

/** Unblocks the profiles blocked with the account; answers their ids. */
export async function unblockProfilesOfAccount(
  tx: Database,
  accountId: number,
  now: Date,
): Promise<number[]> {
  const unblocked = await tx
    .update(modelProfiles)
    .set({ isBlocked: false, blockReason: null, blockSource: null, updatedAt: now })
    .where(and(eq(modelProfiles.accountId, accountId), eq(modelProfiles.blockSource, 'account')))
    .returning({ id: modelProfiles.id });
  return unblocked.map((profile) => profile.id);
}

/** The ids of an account's profiles. */
export async function profileIdsOfAccount(tx: Database, accountId: number): Promise<number[]> {
  const all = await tx
    .select({ id: modelProfiles.id })
    .from(modelProfiles)
    .where(eq(modelProfiles.accountId, accountId));
  return all.map((profile) => profile.id);
}
