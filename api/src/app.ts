import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DatabaseConfig } from './db/client';
import { cityRoutes } from './modules/cities/routes';
import { mediaRoutes } from './modules/media/routes';
import { modelRoutes } from './modules/model/routes';
import { siteRoutes } from './modules/site/routes';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin, replyWithError } from './plugins/errors';
import { staticPlugin } from './plugins/static';

export interface AppOptions {
  database: DatabaseConfig;
  /** Folder holding `shell/dist` and `mfe-*\/dist`; nothing is served from disk without it. */
  staticRoot?: string | undefined;
  /** A file that replaces the shell's built /remotes.json. */
  remotesJson?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Signs session and CSRF tokens. Tests get a random one. */
  secret?: string;
  /** Secure cookies (everywhere but development and tests). */
  secureCookies?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Malformed URLs (bad percent-encoding, over-long params) get our error body, not Fastify's.
    frameworkErrors: (error, request, reply) => replyWithError(error, request, reply),
    // The shell's catch-all route receives a whole deep link as one parameter.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });

  // Order matters: plugins only see what was registered before them and routes depend on the
  // decorators plugins add. External plugins come first (they decorate request and reply),
  // then our own plugins (error handling, the database, static files), then the routes.
  await app.register(fastifyCookie);

  await app.register(errorsPlugin);
  // Before any route, so that it sees every route being added.
  await app.register(docsPlugin);
  await app.register(dbPlugin, options.database);
  await app.register(authPlugin, {
    secret: options.secret ?? randomBytes(32).toString('base64url'),
    secureCookies: options.secureCookies ?? false,
  });
  if (options.staticRoot) {
    await app.register(staticPlugin, { root: options.staticRoot, remotesJson: options.remotesJson });
  }

  await app.register(
    async (api) => {
      await api.register(siteRoutes);
      await api.register(cityRoutes);
      await api.register(modelRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes);

  return app;
}
