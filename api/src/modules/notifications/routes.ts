import {
  markNotificationsSchema,
  notificationListQuerySchema,
  type NotificationListResponse,
} from 'contracts';
import * as responseSchemas from 'contracts/responses';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { pickLocale } from '../../lib/i18n';
import * as v from 'valibot';
import { defineRoutes } from '../../lib/route-schema';
import { UNAUTHORIZED } from '../../lib/shared-errors';

export function accountOf(request: Pick<FastifyRequest, 'auth'>): number {
  if (!request.auth) throw new ApiError(401, 'UNAUTHORIZED');
  return request.auth.accountId;
}

export const notificationRoutes = defineRoutes(async (fastify) => {
  const { notifications } = fastify;
  // One account's data: never kept by a shared cache.
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  fastify.get(
    '/notifications',
    {
      preValidation: fastify.requireAuth(),
      schema: {
        summary: "The caller's notifications, newest first, with texts in the request's language",
        tags: ['notifications'],
        querystring: notificationListQuerySchema,
        response: { 200: responseSchemas.notificationList, ...UNAUTHORIZED },
      },
    },
    async (request): Promise<NotificationListResponse> =>
      notifications.list(accountOf(request), request.query, pickLocale(request.headers['accept-language'])),
  );

  fastify.get(
    '/notifications/unread-count',
    {
      preValidation: fastify.requireAuth(),
      schema: {
        summary: "How many of the caller's notifications are unread (the menu badge)",
        tags: ['notifications'],
        response: { 200: responseSchemas.unreadCount, ...UNAUTHORIZED },
      },
    },
    async (request) => ({ unreadCount: await notifications.unreadCount(accountOf(request)) }),
  );

  fastify.patch(
    '/notifications/mark-multiple',
    {
      preValidation: fastify.requireAuth(),
      schema: {
        summary: "Marks notifications read; ids that are not the caller's are ignored",
        tags: ['notifications'],
        body: markNotificationsSchema,
        response: {
          200: v.pipe(responseSchemas.markNotifications, v.description('how many unread ones became read')),
          ...UNAUTHORIZED,
        },
      },
    },
    async (request) => ({
      updated: await notifications.markRead(accountOf(request), request.body.notificationIds),
    }),
  );
});
