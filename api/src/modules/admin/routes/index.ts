import type { FastifyPluginAsync } from 'fastify';
import { ADJUSTMENT_APPROVAL_RUBLES_DEFAULT } from 'contracts';
import { AD_SLOTS_PER_DAY_DEFAULT } from 'contracts/campaigns';
import { accountRoutes } from './accounts';
import { campaignModerationRoutes } from './campaigns';
import { auditRoutes } from './audit';
import { complaintReviewRoutes } from './complaints';
import { moderationRoutes } from './moderation';
import { moneyRoutes } from './money';
import { siteSettingsRoutes } from './site';

/**
 * The administration's routes, under /api/admin-panel (beside the public analytics calls the
 * spec already put there). Each answers 401 to guests and 403 to every account that is not an
 * administrator before it reads its input, and writes one audit line per change, in the
 * change's own transaction.
 */
export const adminRoutes: FastifyPluginAsync<{
  adSlotsPerDay?: number;
  /** Rubles: a balance adjustment of more than this either way needs a second administrator. */
  adjustmentApprovalRubles?: number;
}> = async (fastify, options) => {
  const prefix = '/admin-panel';
  await fastify.register(moderationRoutes, { prefix });
  await fastify.register(campaignModerationRoutes, {
    prefix,
    slotsPerDay: options.adSlotsPerDay ?? AD_SLOTS_PER_DAY_DEFAULT,
  });
  await fastify.register(accountRoutes, { prefix });
  await fastify.register(complaintReviewRoutes, { prefix });
  await fastify.register(moneyRoutes, {
    prefix,
    approvalKopecks: (options.adjustmentApprovalRubles ?? ADJUSTMENT_APPROVAL_RUBLES_DEFAULT) * 100,
  });
  await fastify.register(siteSettingsRoutes, { prefix });
  await fastify.register(auditRoutes, { prefix });
};
