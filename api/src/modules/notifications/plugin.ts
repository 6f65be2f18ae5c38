import fp from 'fastify-plugin';
import { createNotificationService, type NotificationService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Creates notifications for accounts (moderation, purchases) and reads them back. */
    notifications: NotificationService;
  }
}

/** Registered before the routes so that every module can call `fastify.notifications.notify`. */
export const notificationsPlugin = fp(
  async (fastify) => {
    fastify.decorate('notifications', createNotificationService(fastify.db));
  },
  { name: 'notifications', dependencies: ['db'] },
);
