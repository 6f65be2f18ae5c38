import {
  AUTH_TIMINGS,
  confirmEmailBodySchema,
  type EmailChangeRequestedResponse,
  updateEmailBodySchema,
  updateLoginBodySchema,
} from 'contracts';
import { updatePasswordBodySchema } from 'contracts/password-bodies';
import * as responseSchemas from 'contracts/responses';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ApiError } from '../../lib/api-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { errorResponses, defineRoutes } from '../../lib/route-schema';
import { type AuthRateLimits, clientAddress, routeLimit } from '../auth/rate-limits';
import { createEmailChangeService, createRestoreService } from '../auth/service';
import { UNAUTHORIZED } from '../../lib/shared-errors';
import { type AccountRow, createAccountRepository, toProfileResponse } from './repository';

export interface AccountRoutesOptions {
  rateLimits: AuthRateLimits;
}

const TAGS = ['profile'];
const LINK_HOURS = AUTH_TIMINGS.emailChangeLinkTtlSeconds / 3600;
const EMAIL_CHANGE_REQUESTED: EmailChangeRequestedResponse = {
  confirmationSent: true,
  expiresInSeconds: AUTH_TIMINGS.emailChangeLinkTtlSeconds,
};

/** A wrong password is a problem of one field, so the form can show it there. */
const wrongPassword = (field: string) =>
  new ApiError(400, 'WRONG_PASSWORD', { fields: { [field]: 'errors.WRONG_PASSWORD' } });

export const accountRoutes = defineRoutes<AccountRoutesOptions>(async (fastify, { rateLimits }) => {
  const accounts = createAccountRepository(fastify.db);
  const restore = createRestoreService(fastify.db);
  const emailChange = createEmailChangeService(fastify.db);
  // Password checks are limited per account, so a stolen session cannot guess the password fast.
  const changeLimit = routeLimit(rateLimits.profileChangePerAccount, (request) =>
    request.auth ? `account:${request.auth.accountId}` : `ip:${clientAddress(request)}`,
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
        summary:
          'Asks to change the e-mail, confirmed with the password: a one-time link goes to the new address and a notice to the old one; nothing changes until the link is opened',
        tags: TAGS,
        body: updateEmailBodySchema,
        response: {
          200: v.pipe(
            responseSchemas.emailChangeRequested,
            v.description(
              'The same when the address belongs to another account: its owner is told instead and nothing changes',
            ),
          ),
          ...UNAUTHORIZED,
          ...errorResponses({
            400: 'WRONG_PASSWORD (fields.password) or VALIDATION_FAILED',
            429: 'RATE_LIMITED',
          }),
        },
      },
    },
    async (request) => {
      const { body } = request;
      const account = await currentAccount(request);
      if (!(await verifyPassword(account.passwordHash, body.password))) throw wrongPassword('password');
      const { publicUrl } = fastify.mail;
      // Everything else happens after the answer, which is the same whoever owns the address.
      fastify.mail.sendInBackground(async () => {
        const owner = await accounts.findByEmail(body.email);
        if (owner && owner.id !== account.id) {
          await fastify.mail.sendTemplate('email_in_use', owner.locale, owner.email, {
            loginLink: `${publicUrl}/login/${owner.accountType}`,
            restoreLink: `${publicUrl}/forgot-password`,
          });
        } else {
          const token = await emailChange.issue(account.id, body.email);
          await fastify.mail.sendTemplate('email_change_confirm', account.locale, body.email, {
            link: `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`,
            hours: LINK_HOURS,
          });
        }
      });
      fastify.mail.sendInBackground(() =>
        fastify.mail.sendTemplate('email_change_requested', account.locale, account.email, {
          newEmail: body.email,
        }),
      );
      return EMAIL_CHANGE_REQUESTED;
    },
  );

  fastify.post(
    '/profile/confirm-email',
    {
      // Like the restore link: the token is the proof, whichever browser opens it.
      config: { rateLimit: routeLimit(rateLimits.restorePasswordPerIp) },
      schema: {
        summary:
          'Applies a pending e-mail change with the token of the link mailed to the new address; the old address is told, and the other sessions and mailed links of the account end',
        tags: TAGS,
        body: confirmEmailBodySchema,
        response: {
          200: responseSchemas.ok,
          ...errorResponses({
            400: 'LINK_INVALID: unknown, used, superseded or expired token',
            409: 'EMAIL_EXISTS: the address got another account since the link was sent',
            429: 'RATE_LIMITED',
          }),
        },
      },
    },
    async (request) => {
      const outcome = await emailChange.confirm(request.body.token);
      if (outcome.kind === 'invalid') throw new ApiError(400, 'LINK_INVALID');
      if (outcome.kind === 'taken') throw new ApiError(409, 'EMAIL_EXISTS');
      const { account, oldEmail } = outcome;
      // Other devices and mailed links end, so a takeover cannot be finished from elsewhere;
      // the session that opened the link, if it is the account's own, stays.
      const keep = request.auth?.accountId === account.id ? request.auth.sessionId : undefined;
      await fastify.sessions.revokeAll(account.id, 'email_changed', keep);
      await restore.revokeAll(account.id);
      if (oldEmail.toLowerCase() !== account.email.toLowerCase()) {
        fastify.mail.sendInBackground(() =>
          fastify.mail.sendTemplate('email_changed', account.locale, oldEmail, { newEmail: account.email }),
        );
      }
      return { ok: true } as const;
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
