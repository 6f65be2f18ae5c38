import fp from 'fastify-plugin';
import {
  type Database,
  type DatabaseConfig,
  type DatabaseKind,
  openDatabase,
  type PoolUse,
} from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseKind;
    dbLocation: string;
    /** The PostgreSQL pool's counts (null on PGlite). */
    dbPool: PoolUse | null;
  }
}

/**
 * Opens the database (PGlite, or PostgreSQL when a URL is given), brings its schema up to date
 * with the migrations in api/drizzle, and closes it when the server closes.
 */
export const dbPlugin = fp<DatabaseConfig>(
  async (fastify, config) => {
    const connection = await openDatabase(config);
    try {
      await connection.migrate();
    } catch (error) {
      await connection.close();
      throw error;
    }
    fastify.decorate('db', connection.db);
    fastify.decorate('dbKind', connection.kind);
    fastify.decorate('dbLocation', connection.location);
    fastify.decorate('dbPool', connection.pool);
    fastify.addHook('onClose', async () => {
      await connection.close();
    });
  },
  { name: 'db' },
);
