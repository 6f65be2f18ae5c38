import {
  adminAdjustmentQuerySchema,
  adjustmentBodySchema,
  adminPageQuerySchema,
  adminPaymentOrderQuerySchema,
  idParamsSchema,
  paymentOrderParamsSchema,
  promoCodeCreateBodySchema,
} from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { defineRoutes, errorResponses } from '../../../lib/route-schema';
import { createAccountDirectory } from '../repository/accounts';
import { ACCOUNT_NOT_FOUND, ADMIN_ERRORS, adminOf, adminRoute } from '../common';
import { createMoneyDesk } from '../money';

const ORDER_NOT_FOUND = errorResponses({ 404: 'NOT_FOUND: no such order' });
const PROMO_NOT_FOUND = errorResponses({ 404: 'NOT_FOUND: no such promo code' });
const ADJUSTMENT_NOT_FOUND = errorResponses({ 404: 'NOT_FOUND: no such adjustment' });

export interface MoneyRoutesOptions {
  /** Adjustments of more than this many kopecks either way wait for a second administrator. */
  approvalKopecks: number;
}

/** Money: /api/admin-panel/payments/*, /accounts/{id}/adjustments and /promo-codes/*. */
export const moneyRoutes = defineRoutes<MoneyRoutesOptions>(async (fastify, options) => {
  const desk = createMoneyDesk(fastify.db);
  const directory = createAccountDirectory(fastify.db);
  const { preValidation, tags } = adminRoute(fastify);

  fastify.get(
    '/payments/orders',
    {
      preValidation,
      schema: {
        summary: 'Top-up orders of every account, newest first; by status and account',
        tags,
        querystring: adminPaymentOrderQuerySchema,
        response: { 200: responseSchemas.adminPaymentOrderList, ...ADMIN_ERRORS },
      },
    },
    async (request) => desk.orders(request.query),
  );

  fastify.get(
    '/payments/orders/:id',
    {
      preValidation,
      schema: {
        summary: 'A top-up order with every gateway webhook about it, as it arrived, oldest first',
        tags,
        params: paymentOrderParamsSchema,
        response: { 200: responseSchemas.adminPaymentOrderDetails, ...ADMIN_ERRORS, ...ORDER_NOT_FOUND },
      },
    },
    async (request) => desk.order(request.params.id),
  );

  fastify.post(
    '/accounts/:id/adjustments',
    {
      preValidation,
      schema: {
        summary:
          'Correct a balance by a new ledger transaction (kind adjustment, the reason kept with it); ' +
          'a debit larger than the balance changes nothing. One of more than ADJUSTMENT_APPROVAL_RUBLES ' +
          'either way moves nothing yet: it waits (202) for a second administrator to approve it',
        tags,
        params: idParamsSchema,
        body: adjustmentBodySchema,
        response: {
          201: responseSchemas.adminAccountDetails,
          202: responseSchemas.adminAdjustmentPending,
          ...ADMIN_ERRORS,
          ...ACCOUNT_NOT_FOUND,
          ...errorResponses({
            403: 'ADJUSTMENT_OWN_ACCOUNT: an administrator cannot adjust their own balance',
            409: 'INSUFFICIENT_BALANCE: the balance does not cover the debit',
          }),
        },
      },
    },
    async (request, reply) => {
      const { pending } = await desk.adjust(
        adminOf(request),
        request.params.id,
        request.body,
        options.approvalKopecks,
      );
      if (pending) return reply.code(202).send({ adjustment: pending });
      return reply.code(201).send(await directory.details(request.params.id));
    },
  );

  fastify.get(
    '/adjustments',
    {
      preValidation,
      schema: {
        summary: 'Balance adjustments waiting for a second administrator, oldest first; of one account',
        tags,
        querystring: adminAdjustmentQuerySchema,
        response: { 200: responseSchemas.adminBalanceAdjustmentList, ...ADMIN_ERRORS },
      },
    },
    async (request) => ({
      items: await desk.pendingAdjustments(adminOf(request), request.query.accountId),
    }),
  );

  fastify.post(
    '/adjustments/:id/approve',
    {
      preValidation,
      schema: {
        summary:
          'Approve a pending balance adjustment: it is posted to the ledger once (its row locked). ' +
          'Not by the administrator who requested it, nor by the account’s holder',
        tags,
        params: idParamsSchema,
        response: {
          200: responseSchemas.adminBalanceAdjustment,
          ...ADMIN_ERRORS,
          ...ADJUSTMENT_NOT_FOUND,
          ...errorResponses({
            403: 'ADJUSTMENT_NEEDS_SECOND_ADMIN: you requested it; ADJUSTMENT_OWN_ACCOUNT: it is your balance',
            409: 'ADJUSTMENT_DECIDED: already approved or declined; INSUFFICIENT_BALANCE: the balance no longer covers the debit',
          }),
        },
      },
    },
    async (request) => desk.approveAdjustment(adminOf(request), request.params.id),
  );

  fastify.post(
    '/adjustments/:id/decline',
    {
      preValidation,
      schema: {
        summary: 'Decline a pending balance adjustment: nothing moves (its requester may withdraw it)',
        tags,
        params: idParamsSchema,
        response: {
          200: responseSchemas.adminBalanceAdjustment,
          ...ADMIN_ERRORS,
          ...ADJUSTMENT_NOT_FOUND,
          ...errorResponses({ 409: 'ADJUSTMENT_DECIDED: already approved or declined' }),
        },
      },
    },
    async (request) => desk.declineAdjustment(adminOf(request), request.params.id),
  );

  fastify.get(
    '/promo-codes',
    {
      preValidation,
      schema: {
        summary: 'Promo codes, newest first, with how often each was activated',
        tags,
        querystring: adminPageQuerySchema,
        response: { 200: responseSchemas.adminPromoCodeList, ...ADMIN_ERRORS },
      },
    },
    async (request) => desk.promoCodes(request.query),
  );

  fastify.post(
    '/promo-codes',
    {
      preValidation,
      schema: {
        summary: 'Create a promo code (stored upper-case)',
        tags,
        body: promoCodeCreateBodySchema,
        response: {
          201: responseSchemas.adminPromoCode,
          ...ADMIN_ERRORS,
          ...errorResponses({ 409: 'PROMO_CODE_EXISTS: the code is taken' }),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await desk.createPromo(adminOf(request), request.body)),
  );

  fastify.post(
    '/promo-codes/:id/deactivate',
    {
      preValidation,
      schema: {
        summary: 'Switch a promo code off for good: it can no longer be activated (again: no change)',
        tags,
        params: idParamsSchema,
        response: { 200: responseSchemas.adminPromoCode, ...ADMIN_ERRORS, ...PROMO_NOT_FOUND },
      },
    },
    async (request) => desk.deactivatePromo(adminOf(request), request.params.id),
  );
});
