import type { AdminPageQuery } from 'contracts';
import type { AdminCampaign, AdminCampaignQueue } from 'contracts/campaigns';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { pageOf, paged } from '../../lib/paging';
import { accountEmails } from '../account/repository';
import { recordAdminAction } from '../audit/repository';
import { claims } from '../claims/repository';
import {
  type CampaignRow,
  campaignsInModerationCount,
  campaignsInModerationPage,
  databaseNow,
  findCampaign,
  updateCampaign,
} from './repository';
import { approvedOf, type CampaignService } from './service';

/**
 * The moderation of ads: the queue of campaigns sent (paid ones and the edits of published ones),
 * approval (visitors see the content on its dates) and rejection with a reason (a campaign never
 * approved is refunded in full). Each writes its audit line and notifies the advertiser in the
 * same transaction.
 */
export function createCampaignModeration(fastify: FastifyInstance, service: CampaignService) {
  const { db } = fastify;

  async function withOwners(rows: CampaignRow[], me: number): Promise<AdminCampaign[]> {
    const items = await service.toCampaigns(db, rows);
    const claimOf = await claims.of(
      db,
      'campaign',
      rows.map((row) => row.id),
      me,
    );
    const ids = [...new Set(rows.map((row) => row.accountId))];
    const owners = await accountEmails(db, ids);
    const byId = new Map(owners.map((owner) => [owner.id, owner]));
    return items.map((campaign, index) => {
      const accountId = rows[index]?.accountId ?? 0;
      return {
        campaign,
        owner: byId.get(accountId) ?? { id: accountId, email: '' },
        claim: claimOf.get(campaign.id) ?? null,
      };
    });
  }

  /** The campaign, locked, when it waits for moderation and no other moderator holds it. */
  async function lockWaiting(tx: typeof db, id: number, adminId: number): Promise<CampaignRow> {
    const row = await findCampaign(tx, id, { lock: 'update' });
    if (!row) throw new ApiError(404, 'NOT_FOUND');
    if (row.status !== 'moderation') throw new ApiError(409, 'TRANSITION_NOT_ALLOWED');
    await claims.assertFree(tx, 'campaign', id, adminId);
    await claims.clear(tx, 'campaign', id);
    return row;
  }

  async function one(id: number, me: number): Promise<AdminCampaign> {
    const row = await findCampaign(db, id);
    if (!row) throw new ApiError(404, 'NOT_FOUND');
    const [item] = await withOwners([row], me);
    if (!item) throw new ApiError(404, 'NOT_FOUND');
    return item;
  }

  return {
    async queue(query: AdminPageQuery, me: number): Promise<AdminCampaignQueue> {
      const page = pageOf(query);
      const [rows, total] = await Promise.all([
        campaignsInModerationPage(db, page),
        campaignsInModerationCount(db),
      ]);
      return paged(await withOwners(rows, me), total, page);
    },

    details: one,

    /** Claims a waiting campaign for `adminId` (or renews the claim): 409 CLAIMED when another holds it. */
    async claim(adminId: number, id: number) {
      return db.transaction(async (tx) => {
        // Shared lock: an approval or rejection running now finishes first (and clears claims).
        const row = await findCampaign(tx, id, { lock: 'share' });
        if (!row) throw new ApiError(404, 'NOT_FOUND');
        if (row.status !== 'moderation') throw new ApiError(409, 'TRANSITION_NOT_ALLOWED');
        return { claim: await claims.claim(tx, 'campaign', id, adminId) };
      });
    },

    /** Drops the caller's claim; 404 for a campaign that does not exist. */
    async release(adminId: number, id: number): Promise<void> {
      if (!(await findCampaign(db, id))) throw new ApiError(404, 'NOT_FOUND');
      await claims.release(db, 'campaign', id, adminId);
    },

    async approve(adminId: number, id: number): Promise<AdminCampaign> {
      await db.transaction(async (tx) => {
        const row = await lockWaiting(tx, id, adminId);
        await updateCampaign(tx, id, {
          status: 'published',
          approved: approvedOf(row),
          imagePublic: row.imageKey !== null,
          rejectReason: null,
          publishedAt: row.publishedAt ?? databaseNow(),
          updatedAt: databaseNow(),
        });
        await recordAdminAction(tx, {
          adminId,
          action: 'campaign.approve',
          targetType: 'campaign',
          targetId: id,
        });
        await fastify.notifications.notify(row.accountId, 'ad_approved', { heading: row.heading ?? '' }, tx);
      });
      service.onChange();
      return one(id, adminId);
    },

    /**
     * Rejection. A campaign never approved goes back to the saved tab, refunded and its days
     * freed; the edit of a published one is refused while the approved version keeps running.
     */
    async reject(adminId: number, id: number, reason: string): Promise<AdminCampaign> {
      await db.transaction(async (tx) => {
        const row = await lockWaiting(tx, id, adminId);
        const wasPublished = row.approved !== null && row.publishedAt !== null;
        if (!wasPublished) await service.refund(tx, row, 'rejected');
        await updateCampaign(tx, id, {
          status: wasPublished ? 'published' : 'rejected',
          rejectReason: reason,
          changed: wasPublished,
          updatedAt: databaseNow(),
        });
        await recordAdminAction(tx, {
          adminId,
          action: 'campaign.reject',
          targetType: 'campaign',
          targetId: id,
          reason,
          details: { refunded: wasPublished ? 0 : row.paidKopecks / 100 },
        });
        await fastify.notifications.notify(
          row.accountId,
          'ad_rejected',
          { heading: row.heading ?? '', reason },
          tx,
        );
      });
      service.onChange();
      return one(id, adminId);
    },
  };
}
