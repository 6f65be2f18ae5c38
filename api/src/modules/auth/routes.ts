import {
  AUTH_TIMINGS,
  loginBodySchema,
  type OkResponse,
  type ProfileResponse,
  type RegistrationCodeSentResponse,
  type SessionResponse,
  resendRegistrationCodeBodySchema,
  restorePasswordBodySchema,
  sendRegistrationCodeBodySchema,
  sendRestoreLinkBodySchema,
  verifyRegistrationCodeBodySchema,
} from 'contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { pickLocale } from '../../lib/i18n';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { parse } from '../../lib/validation';
import { COOKIES } from '../../plugins/auth';
import { type AccountRow, createAccountRepository, toProfileResponse } from '../profile/repository';
import { createPromoService } from '../promo/service';
import { type AuthRateLimits, keyedLimiter, routeLimit, tooSoon } from './rate-limits';
import { createRegistrationService, createRestoreService, findSessionOfRefreshToken } from './service';

export interface AuthRoutesOptions {
  rateLimits: AuthRateLimits;
}

const CODE_SENT: RegistrationCodeSentResponse = {
  resendAvailableInSeconds: AUTH_TIMINGS.resendCooldownSeconds,
  expiresInSeconds: AUTH_TIMINGS.codeTtlSeconds,
};
const OK: OkResponse = { ok: true };
const TAGS = ['auth'];
const CODE_MINUTES = AUTH_TIMINGS.codeTtlSeconds / 60;
const LINK_MINUTES = AUTH_TIMINGS.restoreLinkTtlSeconds / 60;

const emailKey = (email: string) => email.toLowerCase();
const localeOf = (request: FastifyRequest) => pickLocale(request.headers['accept-language']);

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (fastify, { rateLimits }) => {
  const accounts = createAccountRepository(fastify.db);
  const registration = createRegistrationService(fastify.db);
  const restore = createRestoreService(fastify.db);
  const promo = createPromoService(fastify.db);
  // Sending and resending a code share their counters: both make the server write to a mailbox.
  const codeMailPerIp = keyedLimiter(fastify, rateLimits.codeMailPerIp);
  const codeMailPerEmail = keyedLimiter(fastify, rateLimits.codeMailPerEmail);
  const loginPerEmail = keyedLimiter(fastify, rateLimits.loginPerEmail);
  const restoreLinkPerEmail = keyedLimiter(fastify, rateLimits.restoreLinkPerEmail);

  async function signIn(request: FastifyRequest, reply: FastifyReply, account: AccountRow) {
    // Signing in on a browser that still holds a session replaces it instead of orphaning it.
    if (request.auth) await fastify.sessions.revoke(request.auth.sessionId, 'logout');
    const tokens = await fastify.sessions.create(account.id, {
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    });
    reply.startSession(tokens);
    reply.header('cache-control', 'no-store');
    return toProfileResponse(account);
  }

  fastify.post(
    '/auth/send-registration-code',
    {
      config: {
        docs: {
          summary: 'Starts a registration: mails a 6-digit code to the address',
          tags: TAGS,
          body: sendRegistrationCodeBodySchema,
          responses: {
            200: 'RegistrationCodeSentResponse',
            403: 'PROMO_NOT_FOR_ROLE: the promo code is for the other account type',
            404: 'PROMO_INVALID: the promo code cannot be used',
            409: 'EMAIL_EXISTS: the address is registered',
            429: 'RATE_LIMITED: too many codes, or the last one was sent under a minute ago (retryAfter)',
            503: 'EMAIL_SEND_FAILED',
          },
        },
      },
    },
    async (request, reply): Promise<RegistrationCodeSentResponse> => {
      await codeMailPerIp(request, reply, request.ip);
      const body = parse(sendRegistrationCodeBodySchema, request.body);
      await codeMailPerEmail(request, reply, emailKey(body.email));
      if (await accounts.emailTaken(body.email)) throw new ApiError(409, 'EMAIL_EXISTS');
      const locale = localeOf(request);
      // The same check as the form's (validate-public): a bad code is reported before any mail.
      if (body.promoCode) await promo.validate(body.promoCode, locale, { accountType: body.accountType });

      const outcome = await registration.start({
        email: body.email,
        passwordHash: await hashPassword(body.password),
        accountType: body.accountType,
        promoCode: body.promoCode,
        locale,
      });
      if (outcome.kind === 'exists') throw new ApiError(409, 'EMAIL_EXISTS');
      if (outcome.kind === 'too_soon') throw tooSoon(reply, outcome.retryAfterSeconds);
      try {
        await fastify.mail.sendTemplate('registration_code', locale, body.email, {
          code: outcome.code,
          minutes: CODE_MINUTES,
        });
      } catch (error) {
        await registration.withdraw(outcome.requestId);
        throw error;
      }
      return CODE_SENT;
    },
  );

  fastify.post(
    '/auth/resend-registration-code',
    {
      config: {
        docs: {
          summary: 'Mails a new code for a registration in progress; the previous code stops working',
          tags: TAGS,
          body: resendRegistrationCodeBodySchema,
          responses: {
            200: 'RegistrationCodeSentResponse (also for an address without a registration in progress)',
            429: 'RATE_LIMITED: retryAfter is the countdown to show',
          },
        },
      },
    },
    async (request, reply): Promise<RegistrationCodeSentResponse> => {
      await codeMailPerIp(request, reply, request.ip);
      const { email } = parse(resendRegistrationCodeBodySchema, request.body);
      await codeMailPerEmail(request, reply, emailKey(email));
      const outcome = await registration.resend(email);
      if (outcome.kind === 'too_soon') throw tooSoon(reply, outcome.retryAfterSeconds);
      if (outcome.kind === 'sent') {
        // In the background: the answer takes as long whether or not a registration exists.
        fastify.mail.sendInBackground(async () => {
          try {
            await fastify.mail.sendTemplate('registration_code', outcome.locale, outcome.email, {
              code: outcome.code,
              minutes: CODE_MINUTES,
            });
          } catch (error) {
            await registration.withdraw(outcome.requestId);
            throw error;
          }
        });
      }
      return CODE_SENT;
    },
  );

  fastify.post(
    '/auth/verify-registration-code',
    {
      config: {
        rateLimit: routeLimit(rateLimits.verifyCodePerIp),
        docs: {
          summary:
            'Checks the mailed code, creates the account (redeeming its promo code if still valid) and signs it in',
          tags: TAGS,
          body: verifyRegistrationCodeBodySchema,
          responses: {
            200: 'ProfileResponse; session cookies are set',
            400: 'INVALID_CODE: wrong, expired, or the registration ended after 5 wrong codes',
            409: 'EMAIL_EXISTS',
            429: 'RATE_LIMITED',
          },
        },
      },
    },
    async (request, reply): Promise<ProfileResponse> => {
      const { email, code } = parse(verifyRegistrationCodeBodySchema, request.body);
      const outcome = await registration.verify(email, code, (tx, account, promoCode) =>
        promo.activateIn(
          tx,
          promoCode,
          { accountId: account.id, accountType: account.accountType },
          account.locale,
        ),
      );
      if (outcome.kind === 'invalid') throw new ApiError(400, 'INVALID_CODE');
      if (outcome.kind === 'exists') throw new ApiError(409, 'EMAIL_EXISTS');
      return signIn(request, reply, outcome.account);
    },
  );

  fastify.post(
    '/auth/login',
    {
      config: {
        rateLimit: routeLimit(rateLimits.loginPerIp),
        docs: {
          summary: 'Signs in with e-mail and password',
          tags: TAGS,
          body: loginBodySchema,
          responses: {
            200: 'ProfileResponse; session cookies are set',
            401: 'LOGIN_FAILED: unknown e-mail or wrong password (the same answer for both)',
            429: 'RATE_LIMITED',
          },
        },
      },
    },
    async (request, reply): Promise<ProfileResponse> => {
      const { email, password } = parse(loginBodySchema, request.body);
      await loginPerEmail(request, reply, emailKey(email));
      const account = await accounts.findByEmail(email);
      // An unknown address costs a hash check too, so the time taken does not tell it apart.
      const matches = await verifyPassword(account?.passwordHash ?? (await decoyHash()), password);
      if (!account || !matches) throw new ApiError(401, 'LOGIN_FAILED');
      return signIn(request, reply, account);
    },
  );

  fastify.post(
    '/auth/refresh',
    {
      config: {
        rateLimit: routeLimit(rateLimits.refreshPerIp),
        docs: {
          summary: 'Exchanges the refresh cookie for new session cookies (each refresh token works once)',
          tags: TAGS,
          responses: {
            200: '{ ok: true }; new session cookies are set',
            401: 'UNAUTHORIZED: no, expired, revoked or reused refresh token (a reuse ends the session)',
          },
        },
      },
    },
    async (request, reply): Promise<OkResponse> => {
      const outcome = await fastify.sessions.rotate(request.cookies[COOKIES.refresh]);
      if (!outcome.ok) {
        reply.endSession();
        throw new ApiError(401, 'UNAUTHORIZED');
      }
      reply.startSession(outcome.tokens);
      reply.header('cache-control', 'no-store');
      return OK;
    },
  );

  fastify.post(
    '/auth/logout',
    {
      config: {
        docs: {
          summary: 'Ends the current session on the server and removes its cookies',
          tags: TAGS,
          responses: { 200: '{ ok: true }, signed in or not' },
        },
      },
    },
    async (request, reply): Promise<OkResponse> => {
      const sessionId =
        request.auth?.sessionId ??
        (await findSessionOfRefreshToken(fastify.db, request.cookies[COOKIES.refresh]));
      if (sessionId) await fastify.sessions.revoke(sessionId, 'logout');
      reply.endSession();
      return OK;
    },
  );

  fastify.get(
    '/auth/session',
    {
      config: {
        docs: {
          summary:
            'Who is signed in: the profile, or null for a guest (not an error); canRefresh when a refresh cookie is there',
          tags: TAGS,
          responses: { 200: 'SessionResponse: { profile: ProfileResponse | null, canRefresh }' },
        },
      },
    },
    async (request, reply): Promise<SessionResponse> => {
      reply.header('cache-control', 'no-store');
      const account = request.auth ? await accounts.findById(request.auth.accountId) : null;
      if (account) return { profile: toProfileResponse(account), canRefresh: false };
      // The refresh cookie is sent only below /api/auth, which is why this call lives here.
      return { profile: null, canRefresh: !!request.cookies[COOKIES.refresh] };
    },
  );

  fastify.post(
    '/auth/send-restore-link',
    {
      config: {
        rateLimit: routeLimit(rateLimits.restoreLinkPerIp),
        docs: {
          summary: 'Mails a one-time link to choose a new password, if the address is registered',
          tags: TAGS,
          body: sendRestoreLinkBodySchema,
          responses: {
            200: '{ ok: true }, the same whether or not the address is registered',
            429: 'RATE_LIMITED',
          },
        },
      },
    },
    async (request, reply): Promise<OkResponse> => {
      const { email } = parse(sendRestoreLinkBodySchema, request.body);
      await restoreLinkPerEmail(request, reply, emailKey(email));
      const requestLocale = request.headers['accept-language'] ? localeOf(request) : null;
      // Even the look-up happens after the answer: nothing in it depends on the address.
      fastify.mail.sendInBackground(async () => {
        const account = await accounts.findByEmail(email);
        if (!account) return;
        const token = await restore.issue(account.id);
        await fastify.mail.sendTemplate('password_restore', requestLocale ?? account.locale, account.email, {
          link: `${fastify.mail.publicUrl}/restore-password?token=${encodeURIComponent(token)}`,
          minutes: LINK_MINUTES,
        });
      });
      return OK;
    },
  );

  fastify.post(
    '/auth/restore-password',
    {
      config: {
        rateLimit: routeLimit(rateLimits.restorePasswordPerIp),
        docs: {
          summary: 'Sets a new password with the token of a restore link; every session of the account ends',
          tags: TAGS,
          body: restorePasswordBodySchema,
          responses: {
            200: '{ ok: true }',
            400: 'LINK_INVALID: unknown, used or expired token',
            429: 'RATE_LIMITED',
          },
        },
      },
    },
    async (request, reply): Promise<OkResponse> => {
      const { newPassword, token } = parse(restorePasswordBodySchema, request.body);
      const accountId = await restore.redeem(token, await hashPassword(newPassword));
      if (accountId === null) throw new ApiError(400, 'LINK_INVALID');
      await fastify.sessions.revokeAll(accountId, 'password_restored');
      if (request.auth?.accountId === accountId) reply.endSession();
      return OK;
    },
  );
};
