import {
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

/** Money: /api/admin-panel/payments/*, /accounts/{id}/adjustments and /promo-codes/*. */
export const moneyRoutes = defineRoutes(async (fastify) => {
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
          'a debit larger than the balance changes nothing',
        tags,
        params: idParamsSchema,
        body: adjustmentBodySchema,
        response: {
          201: responseSchemas.adminAccountDetails,
          ...ADMIN_ERRORS,
          ...ACCOUNT_NOT_FOUND,
          ...errorResponses({ 409: 'INSUFFICIENT_BALANCE: the balance does not cover the debit' }),
        },
      },
    },
    async (request, reply) => {
      await desk.adjust(adminOf(request), request.params.id, request.body);
      return reply.code(201).send(await directory.details(request.params.id));
    },
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
