import { adminAuditQuerySchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { defineRoutes } from '../../../lib/route-schema';
import { createAuditLog } from '../../audit/repository';
import { ADMIN_ERRORS, adminRoute } from '../common';

/** The audit log: /api/admin-panel/audit. */
export const auditRoutes = defineRoutes(async (fastify) => {
  const audit = createAuditLog(fastify.db);
  const { preValidation, tags } = adminRoute(fastify);

  fastify.get(
    '/audit',
    {
      preValidation,
      schema: {
        summary:
          "Every administrator's action (who, what, to which target, why, when), newest first; " +
          'filtered by action, administrator, target and date range',
        tags,
        querystring: adminAuditQuerySchema,
        response: { 200: responseSchemas.auditLog, ...ADMIN_ERRORS },
      },
    },
    async (request) => audit.list(request.query),
  );
});
