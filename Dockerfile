# syntax=docker/dockerfile:1
# The API and every front end in one image: `docker build -t anketa .` (see docs/production.md).
# Debian, not Alpine: sharp, argon2 and ffmpeg come as prebuilt glibc binaries from npm.
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: the same commands `npm start` and `npm test` run (scripts/lib.mjs, scripts/build.mjs)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# No terminal to ask: pnpm proceeds as in CI.
ENV CI=true
# The pinned pnpm, where scripts/lib.mjs installs it (PNPM_VERSION, package.json's packageManager).
RUN npm install --prefix .tools --no-save --no-audit --no-fund --loglevel=error pnpm@10.34.9
COPY . .
RUN .tools/node_modules/.bin/pnpm install --frozen-lockfile --prefer-offline
# Every front end (browser and server builds, compressed) and the API bundle, api/dist/server.js.
RUN node scripts/build.mjs
# The API's production dependencies alone (no compilers, test tools or front-end packages),
# installed again from the store the first install filled, without the network (.tools, pnpm
# itself, is not matched by the glob).
RUN rm -rf node_modules */node_modules \
  && .tools/node_modules/.bin/pnpm install --frozen-lockfile --prod --offline --filter api

# ---- runtime: what `node api/dist/server.js` reads, and nothing to build with
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    STATIC_ROOT=/app \
    DATA_DIR=/data/pglite \
    MEDIA_DIR=/data/media
WORKDIR /app
# npm packages stay outside the bundle: pnpm's store and the API's links into it.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/api/package.json ./api/package.json
COPY --from=build /app/api/node_modules ./api/node_modules
COPY --from=build /app/api/dist ./api/dist
# The migrations, run by each instance at start (one at a time, under a lock).
COPY --from=build /app/api/drizzle ./api/drizzle
# The front ends: the shell (its server build renders the public pages) and the remotes.
COPY --from=build /app/shell/dist ./shell/dist
COPY --from=build /app/shell/dist-server ./shell/dist-server
COPY --from=build /app/mfe-catalog/dist ./mfe-catalog/dist
COPY --from=build /app/mfe-auth/dist ./mfe-auth/dist
COPY --from=build /app/mfe-model-cabinet/dist ./mfe-model-cabinet/dist
COPY --from=build /app/mfe-advertiser-office/dist ./mfe-advertiser-office/dist
COPY --from=build /app/mfe-admin/dist ./mfe-admin/dist
# Uploaded media (without S3_BUCKET) and an embedded database (without DATABASE_URL) go to /data,
# the one folder the server writes; everything else stays root's, read-only to it.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
# The node image's unprivileged user (uid 1000).
USER node
EXPOSE 8080
# Liveness only: the balancer asks /api/ready (readiness) before it sends traffic.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Plain Node on the bundle, as `npm run start:prod` runs it; SIGTERM drains and exits.
CMD ["node", "--enable-source-maps", "api/dist/server.js"]
