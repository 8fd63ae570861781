import {
  confirmPaymentBodySchema,
  esimIdParamsSchema,
  orderIdParamsSchema,
  type RouteAccess,
} from '@esim/contracts';
import {
  createPortalPurchaseBodySchema,
  createPortalPurchaseResponseSchema,
  createPortalRefillBodySchema,
  createTopUpOrderBodySchema,
  createTopUpOrderResponseSchema,
  pagedPortalOrdersSchema,
  portalOrderSchema,
  portalOrdersCsvQuerySchema,
  portalOrdersQuerySchema,
  topUpQuoteQuerySchema,
  topUpQuoteSchema,
} from '@esim/contracts/portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../lib/csv';
import { sendDownload } from '../../lib/download';
import { authOf, requireActiveShop, shopIdOf } from '../auth/auth.guard';
import {
  confirmTopUpReturn,
  createPortalPurchase,
  createPortalRefill,
  createTopUpOrder,
  exportPortalOrders,
  listPortalOrders,
  quoteTopUp,
  renderTopUpReceipt,
} from './portal-orders.service';

const tags = ['portal'];

/**
 * The reseller portal's orders (issue 11), mounted at /api/portal: credit top-ups by card, purchases for
 * subscribers paid by credits, the shop's order list. Only an active shop's users; another shop's ids are 404.
 */
export const ordersPortalRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const access: RouteAccess = { kinds: ['shop'] };
    app.addHook('preValidation', requireActiveShop);

    app.get(
      '/topups/quote',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The bonus a credit top-up of this amount earns (the same bonus is credited when paid)',
          querystring: topUpQuoteQuerySchema,
          response: { 200: topUpQuoteSchema },
        },
      },
      async (request) => quoteTopUp(deps, shopIdOf(request), request.query.amountCents),
    );

    app.post(
      '/topups',
      {
        config: { access },
        schema: {
          tags,
          summary:
            'Top up credits by card: at least 200 EUR; answers the card page to open (one order per idempotency key)',
          body: createTopUpOrderBodySchema,
          response: { 201: createTopUpOrderResponseSchema },
        },
      },
      async (request, reply) => {
        const { user } = authOf(request).details;
        const created = await createTopUpOrder(
          deps,
          {
            shopId: shopIdOf(request),
            user,
            amountCents: request.body.amountCents,
            idempotencyKey: request.body.idempotencyKey,
            locale: request.locale,
          },
          request.log,
        );
        return reply.code(201).send(created);
      },
    );

    app.post(
      '/topups/:orderId/confirm',
      {
        config: { access },
        schema: {
          tags,
          summary: "The card page's return: confirms the payment unless the webhook did, answers the order",
          params: orderIdParamsSchema,
          body: confirmPaymentBodySchema,
          response: { 200: portalOrderSchema },
        },
      },
      async (request) =>
        confirmTopUpReturn(
          deps,
          { shopId: shopIdOf(request), orderId: request.params.orderId, sessionId: request.body.sessionId },
          request.log,
        ),
    );

    app.get(
      '/topups/:orderId/receipt',
      {
        config: { access },
        schema: { tags, summary: "A paid top-up's numbered receipt (PDF)", params: orderIdParamsSchema },
      },
      async (request, reply) => {
        const { pdf, fileName } = await renderTopUpReceipt(deps, {
          shopId: shopIdOf(request),
          orderId: request.params.orderId,
          locale: request.locale,
        });
        return sendDownload(reply, { contentType: 'application/pdf', fileName }, pdf);
      },
    );

    app.post(
      '/orders',
      {
        config: { access },
        schema: {
          tags,
          summary:
            'Buy a package for a new or existing subscriber, paid by credits (one order per idempotency key)',
          body: createPortalPurchaseBodySchema,
          response: { 201: createPortalPurchaseResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await createPortalPurchase(deps, {
          shopId: shopIdOf(request),
          userId: authOf(request).details.user.id,
          body: request.body,
          locale: request.locale,
        });
        return reply.code(201).send(result);
      },
    );

    app.post(
      '/esims/:esimId/refills',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "Refill a subscriber's eSIM with a package, paid by credits (one order per idempotency key)",
          params: esimIdParamsSchema,
          body: createPortalRefillBodySchema,
          response: { 201: createPortalPurchaseResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await createPortalRefill(deps, {
          shopId: shopIdOf(request),
          userId: authOf(request).details.user.id,
          esimId: request.params.esimId,
          body: request.body,
          locale: request.locale,
        });
        return reply.code(201).send(result);
      },
    );

    app.get(
      '/orders',
      {
        config: { access },
        schema: {
          tags,
          summary: "The shop's orders: purchases and credit top-ups, paged and filtered",
          querystring: portalOrdersQuerySchema,
          response: { 200: pagedPortalOrdersSchema },
        },
      },
      async (request) => listPortalOrders(deps, shopIdOf(request), request.query),
    );

    app.get(
      '/orders.csv',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "The shop's orders with the same filters as the list, every one of them, as a CSV download",
          querystring: portalOrdersCsvQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv(reply, 'orders.csv', exportPortalOrders(deps, shopIdOf(request), request.query)),
    );
  };
