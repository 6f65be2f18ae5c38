import fp from 'fastify-plugin';
import type { MailOutbox } from '../../plugins/mail';
import { createOutboxRepository } from './repository';

/** Gives the mail plugin the outbox (`mail_outbox`) it records every mail in, and this module lists. */
export const mailOutboxPlugin = fp(
  async (fastify) => {
    const outbox: MailOutbox = createOutboxRepository(fastify.db);
    fastify.decorate('mailOutbox', outbox);
  },
  { name: 'mail-outbox', dependencies: ['db'] },
);
