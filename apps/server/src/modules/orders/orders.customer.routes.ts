import {
  changeEsimBodySchema,
  changeEsimQuoteSchema,
  createOrderResponseSchema,
  createTopUpBodySchema,
  customerOrdersQuerySchema,
  esimIdParamsSchema,
  orderIdParamsSchema,
  pagedCustomerOrdersSchema,
  type RouteAccess,
} from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendDownload } from '../../lib/download';
import { authOf, userIdOf } from '../auth/auth.guard';
import {
  createEsimChange,
  createTopUp,
  getCustomerInvoice,
  listCustomerOrders,
  quoteEsimChange,
} from './customer-orders.service';

const tags = ['customer'];

/**
 * The customer dashboard's orders (issue 5), mounted at /api/account: own orders and invoices, and the orders
 * placed from an own eSIM (buy package, change eSIM). Someone else's id answers 404; shop and staff tokens are
 * refused.
 */
export const ordersCustomerRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const access: RouteAccess = { kinds: ['customer'] };

    app.get(
      '/orders',
      {
        config: { access: access },
        schema: {
          tags,
          summary: 'Own orders, newest first',
          querystring: customerOrdersQuerySchema,
          response: { 200: pagedCustomerOrdersSchema },
        },
      },
      async (request) => listCustomerOrders(deps, userIdOf(request), request.query),
    );

    app.get(
      '/orders/:orderId/invoice',
      {
        config: { access: access },
        schema: {
          tags,
          summary: 'Invoice PDF of an own paid order',
          params: orderIdParamsSchema,
        },
      },
      async (request, reply) => {
        const { pdf, fileName } = await getCustomerInvoice(
          deps,
          userIdOf(request),
          request.params.orderId,
          request.locale,
        );
        return sendDownload(reply, { contentType: 'application/pdf', fileName }, pdf);
      },
    );

    const created = (order: { id: string; number: string; totalCents: number }, checkoutUrl: string) => ({
      orderId: order.id,
      number: order.number,
      totalCents: order.totalCents,
      currency: 'EUR' as const,
      checkoutUrl,
    });

    app.post(
      '/top-ups',
      {
        config: { access: access },
        schema: {
          tags,
          summary: 'Buy a package for an own eSIM: creates the order and opens a card checkout',
          body: createTopUpBodySchema,
          response: { 201: createOrderResponseSchema },
        },
      },
      async (request, reply) => {
        const { order, checkoutUrl } = await createTopUp(
          deps,
          { user: authOf(request).details.user, ...request.body, locale: request.locale },
          request.log,
        );
        return reply.status(201).send(created(order, checkoutUrl));
      },
    );

    app.get(
      '/esims/:esimId/change',
      {
        config: { access: access },
        schema: {
          tags,
          summary: 'What changing an own eSIM costs and how many packages move',
          params: esimIdParamsSchema,
          response: { 200: changeEsimQuoteSchema },
        },
      },
      async (request) => quoteEsimChange(deps, userIdOf(request), request.params.esimId),
    );

    app.post(
      '/esims/:esimId/change',
      {
        config: { access: access },
        schema: {
          tags,
          summary: 'Change an own eSIM: order a new one that takes over every active and queued package',
          params: esimIdParamsSchema,
          body: changeEsimBodySchema,
          response: { 201: createOrderResponseSchema },
        },
      },
      async (request, reply) => {
        const { order, checkoutUrl } = await createEsimChange(
          deps,
          {
            user: authOf(request).details.user,
            esimId: request.params.esimId,
            locale: request.locale,
            expectedTotalCents: request.body.expectedTotalCents,
          },
          request.log,
        );
        return reply.status(201).send(created(order, checkoutUrl));
      },
    );
  };
