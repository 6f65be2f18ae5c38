import { updateEmailBodySchema, updateLoginBodySchema, updatePasswordBodySchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { errorResponses, defineRoutes } from '../../lib/route-schema';
import { type AuthRateLimits, routeLimit } from '../auth/rate-limits';
import { createRestoreService } from '../auth/service';
import { UNAUTHORIZED } from '../notifications/routes';
import { type AccountRow, createAccountRepository, toProfileResponse } from '../accounts/repository';

export interface ProfileRoutesOptions {
  rateLimits: AuthRateLimits;
}

const TAGS = ['profile'];

/** A wrong password is a problem of one field, so the form can show it there. */
const wrongPassword = (field: string) =>
  new ApiError(400, 'WRONG_PASSWORD', { fields: { [field]: 'errors.WRONG_PASSWORD' } });

export const profileRoutes = defineRoutes<ProfileRoutesOptions>(async (fastify, { rateLimits }) => {
  const accounts = createAccountRepository(fastify.db);
  const restore = createRestoreService(fastify.db);
  // Password checks are limited per account, so a stolen session cannot guess the password fast.
  const changeLimit = routeLimit(rateLimits.profileChangePerAccount, (request) =>
    request.auth ? `account:${request.auth.accountId}` : `ip:${request.ip}`,
  );

  async function currentAccount(request: Pick<FastifyRequest, 'auth'>): Promise<AccountRow> {
    const account = request.auth ? await accounts.findById(request.auth.accountId) : null;
    if (!account) throw new ApiError(401, 'UNAUTHORIZED');
    return account;
  }

  fastify.get(
    '/profile',
    {
      preValidation: fastify.requireAuth(),
      schema: {
        summary: 'The signed-in account: e-mail, login, balance, type and role',
        tags: TAGS,
        response: { 200: responseSchemas.profile, ...UNAUTHORIZED },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toProfileResponse(await currentAccount(request));
    },
  );

  fastify.put(
    '/profile/update/password',
    {
      preValidation: fastify.requireAuth(),
      config: { rateLimit: changeLimit },
      schema: {
        summary: 'Changes the password; every other session of the account ends',
        tags: TAGS,
        body: updatePasswordBodySchema,
        response: {
          200: responseSchemas.profile,
          ...UNAUTHORIZED,
          ...errorResponses({
            400: 'WRONG_PASSWORD (fields.currentPassword) or VALIDATION_FAILED',
            429: 'RATE_LIMITED',
          }),
        },
      },
    },
    async (request) => {
      const { body } = request;
      const account = await currentAccount(request);
      if (!(await verifyPassword(account.passwordHash, body.currentPassword))) {
        throw wrongPassword('currentPassword');
      }
      const updated = await accounts.update(account.id, {
        passwordHash: await hashPassword(body.newPassword),
      });
      await fastify.sessions.revokeAll(account.id, 'password_changed', request.auth?.sessionId);
      // A restore link mailed before the change would undo it: links end with the old password.
      await restore.revokeAll(account.id);
      return toProfileResponse(updated ?? account);
    },
  );

  fastify.put(
    '/profile/update/email',
    {
      preValidation: fastify.requireAuth(),
      config: { rateLimit: changeLimit },
      schema: {
        summary: 'Changes the e-mail, confirmed with the password; the old address is told',
        tags: TAGS,
        body: updateEmailBodySchema,
        response: {
          200: responseSchemas.profile,
          ...UNAUTHORIZED,
          ...errorResponses({
            400: 'WRONG_PASSWORD (fields.password) or VALIDATION_FAILED',
            409: 'EMAIL_EXISTS',
            429: 'RATE_LIMITED',
          }),
        },
      },
    },
    async (request) => {
      const { body } = request;
      const account = await currentAccount(request);
      if (!(await verifyPassword(account.passwordHash, body.password))) throw wrongPassword('password');
      if (body.email === account.email) return toProfileResponse(account);
      if (await accounts.emailTaken(body.email, account.id)) throw new ApiError(409, 'EMAIL_EXISTS');

      let updated: AccountRow | null;
      try {
        updated = await accounts.update(account.id, { email: body.email });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, 'EMAIL_EXISTS');
        throw error;
      }
      // Whoever changed the address holds this session; other devices and mailed links are
      // ended, so a takeover cannot be finished from elsewhere and the owner is told at once.
      await fastify.sessions.revokeAll(account.id, 'email_changed', request.auth?.sessionId);
      await restore.revokeAll(account.id);
      if (account.email.toLowerCase() !== body.email.toLowerCase()) {
        fastify.mail.sendInBackground(() =>
          fastify.mail.sendTemplate('email_changed', account.locale, account.email, { newEmail: body.email }),
        );
      }
      return toProfileResponse(updated ?? account);
    },
  );

  fastify.put(
    '/profile/update/login',
    {
      preValidation: fastify.requireAuth(),
      schema: {
        summary: 'Sets the login: latin letters and digits, unique regardless of case',
        tags: TAGS,
        body: updateLoginBodySchema,
        response: {
          200: responseSchemas.profile,
          ...UNAUTHORIZED,
          ...errorResponses({ 409: 'LOGIN_TAKEN' }),
        },
      },
    },
    async (request) => {
      const { login } = request.body;
      const account = await currentAccount(request);
      if (await accounts.loginTaken(login, account.id)) throw new ApiError(409, 'LOGIN_TAKEN');
      try {
        return toProfileResponse((await accounts.update(account.id, { login })) ?? account);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, 'LOGIN_TAKEN');
        throw error;
      }
    },
  );
});
