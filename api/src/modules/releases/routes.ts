import { createHash, timingSafeEqual } from 'node:crypto';
import { REMOTES, type RemoteRegistry, routeClaims } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import {
  adminReleases,
  publishedRelease,
  publishReleaseBody,
  type RegistryChange,
  type ReleaseSummary,
  registryChangeBody,
  registryChangesPage,
  registryChangesQuery,
  remoteChannelsView,
  withdrawnReleases,
  remoteParams,
  type RemoteChannelsView,
} from 'contracts/releases';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { defineRoutes, errorResponses } from '../../lib/route-schema';
import { ADMIN_ERRORS, adminOf, adminRoute } from '../admin/common';
import { createTelemetryRepository } from '../telemetry/repository';
import { type ChangeRow, createRemoteRegistry, type ReleaseRow } from './repository';

const toSummary = (row: ReleaseRow): ReleaseSummary => ({
  version: row.version,
  entry: row.entry,
  ssr: row.ssr,
  routes: row.routes,
  publishedBy: row.publishedBy,
  publishedAt: row.createdAt.toISOString(),
});

const toChange = (row: ChangeRow): RegistryChange => ({
  id: row.id,
  action: row.action,
  fromVersion: row.fromVersion,
  toVersion: row.toVersion,
  canaryPercent: row.canaryPercent,
  reason: row.reason,
  actor: row.actor,
  at: row.createdAt.toISOString(),
});

/** Days of figures (UTC, today included) a remote's view carries for its stable and canary. */
const FIGURES_DAYS = 7;

const CHANGE_ERRORS = errorResponses({
  404: 'RELEASE_NOT_FOUND: no such version of that remote',
  409: 'ALREADY_STABLE, NOTHING_TO_ROLL_BACK or ROUTE_CONFLICT (params: route, remote)',
});

const PIPELINE_ERRORS = errorResponses({
  401: 'UNAUTHORIZED: no release token, or not this server’s (RELEASE_TOKEN)',
});

/** Compares hashes, so neither the length nor the bytes of the token leak through timing. */
const sameToken = (given: string, expected: string) =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

/**
 * The remote registry (issue 30): the administration's releases screen at
 * /api/admin-panel/releases*, and the same changes for deploy pipelines at /api/releases*, which
 * authenticate with `Authorization: Bearer <RELEASE_TOKEN>` (no token configured: refused).
 */
export interface ReleaseRoutesOptions {
  releaseToken?: string | undefined;
  /** The registry file's remotes (served from their builds): their declared routes are taken too. */
  fileRegistry?: (() => Promise<RemoteRegistry>) | undefined;
}

export const releaseRoutes = defineRoutes<ReleaseRoutesOptions>(async (fastify, options) => {
  const registry = createRemoteRegistry(fastify.db, {
    fileClaims: async () =>
      routeClaims(options.fileRegistry ? await options.fileRegistry().catch(() => ({})) : {}),
  });
  const telemetry = createTelemetryRepository(fastify.db);
  const admin = adminRoute(fastify);

  async function view(remote: string): Promise<RemoteChannelsView> {
    const [live, { releases, changes, moreChanges }] = await Promise.all([
      registry.live(),
      registry.history(remote),
    ]);
    const channel = live.find((entry) => entry.remote === remote);
    const stable = channel?.stable.version ?? null;
    const canary = channel?.canary?.version ?? null;
    // A remote served from the registry file reports its pages under the version ''. A release
    // rolled back within the figures' days keeps its figures on the screen: why it went.
    const since = Date.now() - FIGURES_DAYS * 24 * 60 * 60 * 1000;
    const withdrawn = changes
      .filter(
        (change) => change.action === 'rollback' && change.fromVersion && change.createdAt.getTime() >= since,
      )
      .map((change) => change.fromVersion as string);
    const versions = [...new Set([...(stable ? [stable, ...(canary ? [canary] : [])] : ['']), ...withdrawn])];
    return {
      remote,
      stable,
      canary,
      canaryPercent: channel?.canaryPercent ?? 0,
      releases: releases.map(toSummary),
      changes: changes.map(toChange),
      moreChanges,
      figures: await telemetry.figures(remote, versions, FIGURES_DAYS),
    };
  }

  const pipeline = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!options.releaseToken || !token || !sameToken(token, options.releaseToken)) {
      throw new ApiError(401, 'UNAUTHORIZED');
    }
  };
  const pipelineActor = { name: 'pipeline' };

  fastify.get(
    '/admin-panel/releases',
    {
      preValidation: admin.preValidation,
      schema: {
        summary:
          'Each remote with its stable and canary versions, their figures of the last 7 days, its releases ' +
          'and the history of its channels; the release guard’s settings',
        tags: admin.tags,
        response: { 200: adminReleases, ...ADMIN_ERRORS },
      },
    },
    async () => {
      // The platform's remotes first, then any other a pipeline has published.
      const names = [...new Set([...Object.values(REMOTES), ...(await registry.remotesWithReleases())])];
      const [remotes, guard] = await Promise.all([Promise.all(names.map(view)), telemetry.guard()]);
      return { remotes, guard };
    },
  );

  fastify.get(
    '/admin-panel/releases/:remote/changes',
    {
      preValidation: admin.preValidation,
      schema: {
        summary: 'Earlier changes of a remote’s channels: those before the change `before`, newest first',
        tags: admin.tags,
        params: remoteParams,
        querystring: registryChangesQuery,
        response: { 200: registryChangesPage, ...ADMIN_ERRORS },
      },
    },
    async (request) => {
      const { changes, more } = await registry.changesBefore(request.params.remote, request.query.before);
      return { changes: changes.map(toChange), more };
    },
  );

  fastify.post(
    '/admin-panel/releases/:remote',
    {
      preValidation: admin.preValidation,
      schema: {
        summary: 'Promote a release, make one the canary at a share, or roll back; with a reason, recorded',
        tags: admin.tags,
        params: remoteParams,
        body: registryChangeBody,
        response: { 200: remoteChannelsView, ...ADMIN_ERRORS, ...CHANGE_ERRORS },
      },
    },
    async (request) => {
      const adminId = adminOf(request);
      await registry.change(request.params.remote, request.body, { adminId, name: `admin:${adminId}` });
      return view(request.params.remote);
    },
  );

  fastify.post(
    '/releases',
    {
      preValidation: pipeline,
      config: { csrf: false },
      schema: {
        summary: 'A deploy pipeline records a release it uploaded (publishing the same one again is a no-op)',
        tags: ['releases'],
        body: publishReleaseBody,
        response: {
          200: publishedRelease,
          ...PIPELINE_ERRORS,
          ...errorResponses({
            409: 'RELEASE_EXISTS (that version with other files) or ROUTE_CONFLICT (params: route, remote)',
          }),
        },
      },
    },
    async (request) => {
      const { release, created } = await registry.publish(request.body, pipelineActor);
      return { remote: release.remote, release: toSummary(release), created };
    },
  );

  fastify.get(
    '/releases/withdrawn',
    {
      schema: {
        summary:
          'Releases rolled back lately and not live again: an open tab running one reloads at its next navigation',
        tags: ['releases'],
        response: { 200: withdrawnReleases },
      },
    },
    async (_request, reply) => {
      // Every open tab asks now and then: shared for a few seconds by browsers and caches alike.
      reply.header('cache-control', 'public, max-age=10');
      const withdrawn = await registry.withdrawn();
      return { withdrawn: withdrawn.map((row) => ({ ...row, at: row.at.toISOString() })) };
    },
  );

  fastify.post(
    '/releases/check',
    {
      preValidation: pipeline,
      config: { csrf: false },
      schema: {
        summary:
          'What publishing this release would refuse, without publishing it (the release command asks first)',
        tags: ['releases'],
        body: publishReleaseBody,
        response: {
          200: responseSchemas.ok,
          ...PIPELINE_ERRORS,
          ...errorResponses({
            409: 'RELEASE_EXISTS (that version with other files) or ROUTE_CONFLICT (params: route, remote)',
          }),
        },
      },
    },
    async (request) => {
      await registry.check(request.body);
      return { ok: true as const };
    },
  );

  fastify.post(
    '/releases/:remote',
    {
      preValidation: pipeline,
      config: { csrf: false },
      schema: {
        summary: 'A deploy pipeline promotes, sets a canary or rolls back, as the releases screen does',
        tags: ['releases'],
        params: remoteParams,
        body: registryChangeBody,
        response: { 200: remoteChannelsView, ...PIPELINE_ERRORS, ...CHANGE_ERRORS },
      },
    },
    async (request) => {
      await registry.change(request.params.remote, request.body, pipelineActor);
      return view(request.params.remote);
    },
  );

  fastify.get(
    '/releases/:remote',
    {
      preValidation: pipeline,
      schema: {
        summary: 'A remote’s channels, releases and history, for a deploy pipeline',
        tags: ['releases'],
        params: remoteParams,
        response: { 200: remoteChannelsView, ...PIPELINE_ERRORS },
      },
    },
    async (request) => view(request.params.remote),
  );
});
