import type { LocalizedText } from 'contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { keptUntilWritten } from '../../plugins/shared';
import { createSiteRepository } from './repository';

/**
 * How long the slogan read from the database serves requests before it is read again when no
 * write was heard of (a hand edit of the database, another instance's change with the bus down).
 */
export const SLOGAN_REREAD_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The header's slogan (every page and /constants read it), kept until a change: the
     * administration's change calls `written()` after its commit, which forgets it here at once
     * and on the other instances as soon as the bus tells them.
     */
    siteSlogan: { current(): Promise<LocalizedText>; written(): void };
  }
}

export const sloganPlugin = fp(
  async (fastify: FastifyInstance) => {
    const site = createSiteRepository(fastify.db);
    fastify.decorate(
      'siteSlogan',
      keptUntilWritten(fastify, 'site-slogan', () => site.slogan(), SLOGAN_REREAD_MS),
    );
  },
  { name: 'site-slogan', dependencies: ['db', 'shared'] },
);
