import {
  type MarkNotificationsResponse,
  markNotificationsSchema,
  notificationListQuerySchema,
  type NotificationListResponse,
  type UnreadCountResponse,
} from 'contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { pickLocale } from '../../lib/i18n';
import { parse } from '../../lib/validation';

function accountOf(request: FastifyRequest): number {
  if (!request.auth) throw new ApiError(401, 'UNAUTHORIZED');
  return request.auth.accountId;
}

export const notificationRoutes: FastifyPluginAsync = async (fastify) => {
  const { notifications } = fastify;
  // One account's data: never kept by a shared cache.
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  fastify.get(
    '/notifications',
    {
      preHandler: fastify.requireAuth(),
      config: {
        docs: {
          summary: "The caller's notifications, newest first, with texts in the request's language",
          tags: ['notifications'],
          query: notificationListQuerySchema,
          auth: true,
          responses: { 200: 'NotificationListResponse', 401: 'UNAUTHORIZED' },
        },
      },
    },
    async (request): Promise<NotificationListResponse> => {
      const query = parse(notificationListQuerySchema, request.query);
      return notifications.list(accountOf(request), query, pickLocale(request.headers['accept-language']));
    },
  );

  fastify.get(
    '/notifications/unread-count',
    {
      preHandler: fastify.requireAuth(),
      config: {
        docs: {
          summary: "How many of the caller's notifications are unread (the menu badge)",
          tags: ['notifications'],
          auth: true,
          responses: { 200: 'UnreadCountResponse: { unreadCount }', 401: 'UNAUTHORIZED' },
        },
      },
    },
    async (request): Promise<UnreadCountResponse> => ({
      unreadCount: await notifications.unreadCount(accountOf(request)),
    }),
  );

  fastify.patch(
    '/notifications/mark-multiple',
    {
      preHandler: fastify.requireAuth(),
      config: {
        docs: {
          summary: "Marks notifications read; ids that are not the caller's are ignored",
          tags: ['notifications'],
          body: markNotificationsSchema,
          auth: true,
          responses: {
            200: 'MarkNotificationsResponse: { updated } — how many unread ones became read',
            401: 'UNAUTHORIZED',
          },
        },
      },
    },
    async (request): Promise<MarkNotificationsResponse> => {
      const { notificationIds } = parse(markNotificationsSchema, request.body);
      return { updated: await notifications.markRead(accountOf(request), notificationIds) };
    },
  );
};
