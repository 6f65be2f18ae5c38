import { MODERATION_CLAIM_MINUTES, type ModerationClaim, type ModerationClaimTarget } from 'contracts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, moderationClaims } from '../../db/schema';
import { ApiError } from '../../lib/api-error';

interface ClaimRow {
  adminId: number;
  until: Date;
  login: string | null;
  email: string;
}

const toClaim = (row: ClaimRow, me: number): ModerationClaim => ({
  admin: { id: row.adminId, login: row.login, email: row.email },
  until: row.until.toISOString(),
  mine: row.adminId === me,
});

const claimedError = (row: ClaimRow) =>
  new ApiError(409, 'CLAIMED', { params: { by: row.login ?? row.email, until: row.until.toISOString() } });

/** The live claims on these items, with their holders. `db` may be a transaction. */
async function liveClaims(db: Database, type: ModerationClaimTarget, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      targetId: moderationClaims.targetId,
      adminId: moderationClaims.adminId,
      until: moderationClaims.until,
      login: accounts.login,
      email: accounts.email,
    })
    .from(moderationClaims)
    .innerJoin(accounts, eq(accounts.id, moderationClaims.adminId))
    .where(
      and(
        eq(moderationClaims.targetType, type),
        inArray(moderationClaims.targetId, ids),
        gt(moderationClaims.until, sql`now()`),
      ),
    );
}

/**
 * Claims on queue items, so that two moderators never review the same one. A claim lasts
 * MODERATION_CLAIM_MINUTES; an expired one counts for nothing anywhere, and the next claim takes
 * its row over.
 */
export const claims = {
  /** The live claim on each of these items, as `me` sees it. */
  async of(db: Database, type: ModerationClaimTarget, ids: number[], me: number) {
    const rows = await liveClaims(db, type, ids);
    return new Map(rows.map((row) => [row.targetId, toClaim(row, me)]));
  },

  /**
   * Claims the item for `me`, or renews my claim: one upsert that only overwrites an expired
   * claim or my own, so of two concurrent claims exactly one wins. 409 CLAIMED otherwise.
   */
  async claim(
    db: Database,
    type: ModerationClaimTarget,
    id: number,
    me: number,
    retries = 1,
  ): Promise<ModerationClaim> {
    const until = sql`now() + make_interval(mins => ${MODERATION_CLAIM_MINUTES})`;
    const [won] = await db
      .insert(moderationClaims)
      .values({ targetType: type, targetId: id, adminId: me, until })
      .onConflictDoUpdate({
        target: [moderationClaims.targetType, moderationClaims.targetId],
        set: { adminId: me, until },
        setWhere: sql`${moderationClaims.until} < now() or ${moderationClaims.adminId} = ${me}`,
      })
      .returning({ until: moderationClaims.until });
    const [holder] = await liveClaims(db, type, [id]);
    if (won) {
      if (!holder) throw new Error('a claim just made is missing');
      return toClaim(holder, me);
    }
    // Lost to a live claim; it may have been released or expired in the meantime.
    if (!holder && retries > 0) return claims.claim(db, type, id, me, retries - 1);
    if (!holder) throw new ApiError(409, 'CONFLICT');
    throw claimedError(holder);
  },

  /** 409 CLAIMED when another administrator holds a live claim on the item. */
  async assertFree(db: Database, type: ModerationClaimTarget, id: number, me: number): Promise<void> {
    const [holder] = await liveClaims(db, type, [id]);
    if (holder && holder.adminId !== me) throw claimedError(holder);
  },

  /** Drops my claim on the item (nothing when I hold none). */
  async release(db: Database, type: ModerationClaimTarget, id: number, me: number): Promise<void> {
    await db
      .delete(moderationClaims)
      .where(
        and(
          eq(moderationClaims.targetType, type),
          eq(moderationClaims.targetId, id),
          eq(moderationClaims.adminId, me),
        ),
      );
  },

  /** Drops every claim on the item: it was decided. */
  async clear(db: Database, type: ModerationClaimTarget, id: number): Promise<void> {
    await db
      .delete(moderationClaims)
      .where(and(eq(moderationClaims.targetType, type), eq(moderationClaims.targetId, id)));
  },
};
