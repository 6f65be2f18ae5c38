import {
  AUTH_TIMINGS,
  type Locale,
  loginBodySchema,
  type RegistrationCodeSentResponse,
  resendRegistrationCodeBodySchema,
  sendRestoreLinkBodySchema,
  verifyRegistrationCodeBodySchema,
} from 'contracts';
import { restorePasswordBodySchema, sendRegistrationCodeBodySchema } from 'contracts/password-bodies';
import * as responseSchemas from 'contracts/responses';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ApiError } from '../../lib/api-error';
import { pickLocale } from '../../lib/i18n';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { errorResponses, defineRoutes } from '../../lib/route-schema';
import { type AccountRow, createAccountRepository, toProfileResponse } from '../account/repository';
import { createPromoService } from '../promo/service';
import {
  type AuthRateLimits,
  clientAddress,
  failureLimiter,
  keyedLimiter,
  routeLimit,
  tooSoon,
} from './rate-limits';
import { createRegistrationService, createRestoreService } from './service';

export interface AuthRoutesOptions {
  rateLimits: AuthRateLimits;
  /** The wait before a code can be sent again; AUTH_TIMINGS' unless a test hook shortens it. */
  resendCooldownSeconds?: number | undefined;
}

const OK = { ok: true } as const;
const TAGS = ['auth'];
const SIGNED_IN = v.pipe(responseSchemas.profile, v.description('The account; session cookies are set'));
const CODE_MINUTES = AUTH_TIMINGS.codeTtlSeconds / 60;
const LINK_MINUTES = AUTH_TIMINGS.restoreLinkTtlSeconds / 60;

const emailKey = (email: string) => email.toLowerCase();
const localeOf = (request: Pick<FastifyRequest, 'headers'>) => pickLocale(request.headers['accept-language']);

export const authRoutes = defineRoutes<AuthRoutesOptions>(async (fastify, { rateLimits, ...options }) => {
  const resendCooldownSeconds = options.resendCooldownSeconds ?? AUTH_TIMINGS.resendCooldownSeconds;
  const CODE_SENT: RegistrationCodeSentResponse = {
    resendAvailableInSeconds: resendCooldownSeconds,
    expiresInSeconds: AUTH_TIMINGS.codeTtlSeconds,
  };
  const accounts = createAccountRepository(fastify.db);
  const registration = createRegistrationService(fastify.db, { resendCooldownSeconds });
  const restore = createRestoreService(fastify.db);
  const promo = createPromoService(fastify.db);
  // Sending and resending a code share their counters: both make the server write to a mailbox.
  const codeMailPerIp = keyedLimiter(fastify, 'codeMailPerIp', rateLimits.codeMailPerIp);
  const codeMailPerEmail = keyedLimiter(fastify, 'codeMailPerEmail', rateLimits.codeMailPerEmail);
  // Counts wrong passwords only (a failed login answers 401), so others cannot lock an owner out freely.
  const loginPerEmail = failureLimiter(fastify, 'loginPerEmail', rateLimits.loginPerEmail);
  const restoreLinkPerEmail = keyedLimiter(fastify, 'restoreLinkPerEmail', rateLimits.restoreLinkPerEmail);

  /**
   * Mails the code, or, for an address that already has an account, a notice to its owner in
   * the account's language (the answer to the request is the same either way). A code whose
   * mail could not be sent is taken back, so the person may ask again at once.
   */
  async function mailCode(
    sent: { requestId: number; code: string; existing: AccountRow | null },
    locale: Locale,
    email: string,
  ) {
    try {
      if (sent.existing) {
        const { publicUrl } = fastify.mail;
        await fastify.mail.sendTemplate('registration_attempt', sent.existing.locale, sent.existing.email, {
          loginLink: `${publicUrl}/login/${sent.existing.accountType}`,
          restoreLink: `${publicUrl}/forgot-password`,
        });
      } else {
        await fastify.mail.sendTemplate('registration_code', locale, email, {
          code: sent.code,
          minutes: CODE_MINUTES,
        });
      }
    } catch (error) {
      await registration.withdraw(sent.requestId);
      throw error;
    }
  }

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
      // Per address before the body is read: a script sending nonsense is slowed down too.
      preValidation: (request, reply) => codeMailPerIp(request, reply, clientAddress(request)),
      schema: {
        summary:
          'Starts a registration: mails a 6-digit code to the address; for a registered address the same answer, and its owner gets a notice instead',
        tags: TAGS,
        body: sendRegistrationCodeBodySchema,
        response: {
          200: responseSchemas.registrationCodeSent,
          ...errorResponses({
            403: 'PROMO_NOT_FOR_ROLE: the promo code is for the other account type',
            404: 'PROMO_INVALID: the promo code cannot be used',
            429: 'RATE_LIMITED: too many codes, or the last one was sent under a minute ago (retryAfter)',
            503: 'EMAIL_SEND_FAILED',
          }),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      await codeMailPerEmail(request, reply, emailKey(body.email));
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
      if (outcome.kind === 'too_soon') throw tooSoon(reply, outcome.retryAfterSeconds);
      await mailCode(outcome, locale, body.email);
      return CODE_SENT;
    },
  );

  fastify.post(
    '/auth/resend-registration-code',
    {
      preValidation: (request, reply) => codeMailPerIp(request, reply, clientAddress(request)),
      schema: {
        summary: 'Mails a new code for a registration in progress; the previous code stops working',
        tags: TAGS,
        body: resendRegistrationCodeBodySchema,
        response: {
          200: v.pipe(
            responseSchemas.registrationCodeSent,
            v.description('Also for an address without a registration in progress'),
          ),
          ...errorResponses({ 429: 'RATE_LIMITED: retryAfter is the countdown to show' }),
        },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await codeMailPerEmail(request, reply, emailKey(email));
      const outcome = await registration.resend(email);
      if (outcome.kind === 'too_soon') throw tooSoon(reply, outcome.retryAfterSeconds);
      // In the background: the answer takes as long whether or not a registration exists.
      if (outcome.kind === 'sent') {
        fastify.mail.sendInBackground(() => mailCode(outcome, outcome.locale, outcome.email));
      }
      return CODE_SENT;
    },
  );

  fastify.post(
    '/auth/verify-registration-code',
    {
      config: { rateLimit: routeLimit(rateLimits.verifyCodePerIp) },
      schema: {
        summary:
          'Checks the mailed code, creates the account (redeeming its promo code if still valid) and signs it in',
        tags: TAGS,
        body: verifyRegistrationCodeBodySchema,
        response: {
          200: SIGNED_IN,
          ...errorResponses({
            400: 'INVALID_CODE: wrong, expired, ended after 5 wrong codes, or the address is registered',
            429: 'RATE_LIMITED',
          }),
        },
      },
    },
    async (request, reply) => {
      const { email, code } = request.body;
      const outcome = await registration.verify(email, code, (tx, account, promoCode) =>
        promo.activateIn(
          tx,
          promoCode,
          { accountId: account.id, accountType: account.accountType },
          account.locale,
        ),
      );
      // An address registered meanwhile (or all along) fails like a wrong code: no enumeration.
      if (outcome.kind !== 'created') throw new ApiError(400, 'INVALID_CODE');
      return signIn(request, reply, outcome.account);
    },
  );

  fastify.post(
    '/auth/login',
    {
      config: { rateLimit: routeLimit(rateLimits.loginPerIp) },
      schema: {
        summary: 'Signs in with e-mail and password',
        tags: TAGS,
        body: loginBodySchema,
        response: {
          200: SIGNED_IN,
          ...errorResponses({
            401: 'LOGIN_FAILED: unknown e-mail or wrong password (the same answer for both)',
            429: 'RATE_LIMITED',
          }),
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
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
      config: { rateLimit: routeLimit(rateLimits.refreshPerIp) },
      schema: {
        summary: 'Exchanges the refresh cookie for new session cookies (each refresh token works once)',
        tags: TAGS,
        response: {
          200: v.pipe(responseSchemas.ok, v.description('New session cookies are set')),
          ...errorResponses({
            401: 'UNAUTHORIZED: no, expired, revoked or reused refresh token (a reuse ends the session)',
          }),
        },
      },
    },
    async (request, reply) => {
      const outcome = await fastify.sessions.rotate(request.cookies[fastify.cookieNames.refresh]);
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
      schema: {
        summary: 'Ends the current session on the server and removes its cookies',
        tags: TAGS,
        response: { 200: v.pipe(responseSchemas.ok, v.description('Signed in or not')) },
      },
    },
    async (request, reply) => {
      const sessionId =
        request.auth?.sessionId ??
        (await fastify.sessions.findByRefreshToken(request.cookies[fastify.cookieNames.refresh]));
      if (sessionId) await fastify.sessions.revoke(sessionId, 'logout');
      reply.endSession();
      return OK;
    },
  );

  fastify.get(
    '/auth/session',
    {
      schema: {
        summary:
          'Who is signed in: the profile, or null for a guest (not an error); canRefresh when a refresh cookie is there',
        tags: TAGS,
        response: { 200: responseSchemas.session },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const account = request.auth ? await accounts.findById(request.auth.accountId) : null;
      if (account) return { profile: toProfileResponse(account), canRefresh: false };
      // The refresh cookie is sent only below /api/auth, which is why this call lives here.
      return { profile: null, canRefresh: !!request.cookies[fastify.cookieNames.refresh] };
    },
  );

  fastify.post(
    '/auth/send-restore-link',
    {
      config: { rateLimit: routeLimit(rateLimits.restoreLinkPerIp) },
      schema: {
        summary: 'Mails a one-time link to choose a new password, if the address is registered',
        tags: TAGS,
        body: sendRestoreLinkBodySchema,
        response: {
          200: v.pipe(responseSchemas.ok, v.description('The same whether or not the address is registered')),
          ...errorResponses({ 429: 'RATE_LIMITED' }),
        },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
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
      config: { rateLimit: routeLimit(rateLimits.restorePasswordPerIp) },
      schema: {
        summary: 'Sets a new password with the token of a restore link; every session of the account ends',
        tags: TAGS,
        body: restorePasswordBodySchema,
        response: {
          200: responseSchemas.ok,
          ...errorResponses({ 400: 'LINK_INVALID: unknown, used or expired token', 429: 'RATE_LIMITED' }),
        },
      },
    },
    async (request, reply) => {
      const { newPassword, token } = request.body;
      const accountId = await restore.redeem(token, await hashPassword(newPassword));
      if (accountId === null) throw new ApiError(400, 'LINK_INVALID');
      await fastify.sessions.revokeAll(accountId, 'password_restored');
      if (request.auth?.accountId === accountId) reply.endSession();
      return OK;
    },
  );
});
