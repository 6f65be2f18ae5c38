import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { ApiError } from '../../lib/api-error';
import { recordAdminAction } from '../audit/repository';
import { updateProfile } from '../own-profiles/repository';
import { lockProfile } from '../own-profiles/revision';
import {
  type AccountRow,
  blockProfilesOfAccount,
  endStreams as endStreamsOf,
  lockAccountRow,
  ownerOfProfile,
  profileIdsOfAccount,
  setAccountBlock,
  unblockProfilesOfAccount,
} from './repository/blocking';
import { closeOpenComplaints } from './repository/complaints';

/** Reads an account for a change and locks its row until the transaction ends. */
async function lockAccount(tx: Database, accountId: number): Promise<AccountRow> {
  const account = await lockAccountRow(tx, accountId);
  if (!account) throw new ApiError(404, 'USER_NOT_FOUND');
  return account;
}

/**
 * Locks a profile for a block or unblock, its account first: blocking an account locks the
 * account and then its profiles, so taking them in the same order cannot deadlock.
 */
async function lockProfileWithAccount(tx: Database, profileId: number) {
  const owner = await ownerOfProfile(tx, profileId);
  if (owner === undefined) throw new ApiError(404, 'MODEL_NOT_FOUND');
  const account = owner === null ? null : await lockAccount(tx, owner);
  return { account, row: await lockProfile(tx, profileId, null) };
}

/**
 * A blocked profile's broadcast ends with the block (PRODUCT_SPEC.md section 4): the rows in the
 * block's transaction; answers the streams to end in the stream service once it is committed.
 */
async function endStreams(tx: Database, profileIds: number[]): Promise<number[]> {
  if (profileIds.length === 0) return [];
  return endStreamsOf(tx, profileIds);
}

/**
 * Blocking and unblocking model accounts and single profiles. A block hides a profile in
 * whatever status it is (the owner sees `cancel` and the reason, and can change nothing); an
 * unblock brings that status back. `blockSource` remembers which block a profile is under, so
 * unblocking an account leaves the profiles blocked on their own blocked.
 */
export function createBlocking(fastify: FastifyInstance) {
  const { db } = fastify;

  return {
    /**
     * Blocks a model's account and every profile of it not already blocked, ends her
     * broadcasts and tells her why. Her sessions stay: she still signs in and reads the reason.
     */
    async blockAccount(adminId: number, accountId: number, comment: string): Promise<void> {
      const streams = await db.transaction(async (tx) => {
        const account = await lockAccount(tx, accountId);
        if (account.role === 'admin' || account.accountType !== 'girl') {
          throw new ApiError(409, 'NOT_BLOCKABLE');
        }
        if (account.blockedAt) throw new ApiError(409, 'CONFLICT');
        const now = new Date();
        await setAccountBlock(tx, accountId, { at: now, comment }, now);
        const blocked = await blockProfilesOfAccount(tx, accountId, comment, now);
        const ended = await endStreams(tx, await profileIdsOfAccount(tx, accountId));
        await fastify.notifications.notify(accountId, 'account_blocked', { comment }, tx);
        await recordAdminAction(tx, {
          adminId,
          action: 'account.block',
          targetType: 'account',
          targetId: accountId,
          reason: comment,
          details: { profiles: blocked },
        });
        return ended;
      });
      fastify.listingCache.clear();
      // Viewers are told at once; their sockets close.
      await fastify.streams.endStreams(streams, 'blocked');
    },

    /** Lifts an account's block and the block of the profiles blocked with it. */
    async unblockAccount(adminId: number, accountId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const account = await lockAccount(tx, accountId);
        if (!account.blockedAt) throw new ApiError(409, 'CONFLICT');
        const now = new Date();
        await setAccountBlock(tx, accountId, null, now);
        const unblocked = await unblockProfilesOfAccount(tx, accountId, now);
        await fastify.notifications.notify(accountId, 'account_unblocked', {}, tx);
        await recordAdminAction(tx, {
          adminId,
          action: 'account.unblock',
          targetType: 'account',
          targetId: accountId,
          details: { profiles: unblocked },
        });
      });
      fastify.listingCache.clear();
    },

    /**
     * Blocks one profile on its own (also one blocked with its account: it then stays blocked
     * when the account is unblocked). Its open complaints are resolved by it and a hold ends.
     */
    async blockProfile(adminId: number, profileId: number, reason: string): Promise<void> {
      const streams = await db.transaction(async (tx) => {
        const { row } = await lockProfileWithAccount(tx, profileId);
        if (row.isBlocked && row.blockSource !== 'account') throw new ApiError(409, 'CONFLICT');
        const now = new Date();
        await updateProfile(tx, profileId, {
          isBlocked: true,
          blockReason: reason,
          blockSource: 'profile',
          heldAt: null,
          updatedAt: now,
        });
        const resolved = await closeOpenComplaints(tx, profileId, 'resolved');
        const ended = await endStreams(tx, [profileId]);
        if (row.accountId !== null) {
          await fastify.notifications.notify(
            row.accountId,
            'profile_blocked',
            { profileName: row.name, comment: reason },
            tx,
          );
        }
        await recordAdminAction(tx, {
          adminId,
          action: 'profile.block',
          targetType: 'profile',
          targetId: profileId,
          reason,
          details: { complaintsResolved: resolved },
        });
        return ended;
      });
      fastify.listingCache.clear();
      await fastify.streams.endStreams(streams, 'blocked');
    },

    /**
     * Lifts a profile's own block. While its account is blocked the profile stays blocked with
     * the account (and its owner is not told it is visible again, since it is not).
     */
    async unblockProfile(adminId: number, profileId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { account, row } = await lockProfileWithAccount(tx, profileId);
        if (!row.isBlocked) throw new ApiError(409, 'CONFLICT');
        if (row.blockSource === 'account') throw new ApiError(409, 'BLOCKED_WITH_ACCOUNT');
        const withAccount = account?.blockedAt != null;
        await updateProfile(
          tx,
          profileId,
          withAccount
            ? { blockReason: account?.blockComment ?? row.blockReason, blockSource: 'account' }
            : { isBlocked: false, blockReason: null, blockSource: null, updatedAt: new Date() },
        );
        if (row.accountId !== null && !withAccount) {
          await fastify.notifications.notify(
            row.accountId,
            'profile_unblocked',
            { profileName: row.name },
            tx,
          );
        }
        await recordAdminAction(tx, {
          adminId,
          action: 'profile.unblock',
          targetType: 'profile',
          targetId: profileId,
          details: { stillBlockedWithAccount: withAccount },
        });
      });
      fastify.listingCache.clear();
    },
  };
}
