import {
  changeEsimBodySchema,
  changeEsimQuoteSchema,
  createOrderResponseSchema,
  createTopUpBodySchema,
  customerEsimInstallSchema,
  customerEsimSchema,
  customerEsimsResponseSchema,
  customerOrdersQuerySchema,
  esimIdParamsSchema,
  orderIdParamsSchema,
  pagedCustomerOrdersSchema,
  type RouteAccess,
  topUpPackagesResponseSchema,
} from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../auth/auth.guard';
import {
  getCustomerEsimInstall,
  getCustomerInvoice,
  listCustomerEsims,
  listCustomerOrders,
  refreshCustomerEsimUsage,
} from './customer.service';
import { createEsimChange, createTopUp, listTopUpPackages, quoteEsimChange } from './customer-orders.service';

const tags = ['customer'];

/**
 * The customer dashboard (issue 5), mounted at /api/account. Every answer is about the caller's own orders and
 * eSIMs: someone else's id answers 404, and shop or staff tokens are refused.
 */
export const customerRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const access: RouteAccess = { kinds: ['customer'] };
    const me = (request: Parameters<typeof authOf>[0]) => authOf(request).details.user.id;

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
      async (request) => listCustomerOrders(deps, me(request), request.query.page, request.query.pageSize),
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
          me(request),
          request.params.orderId,
          request.locale,
        );
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
          .header('Cache-Control', 'private, no-store')
          .send(pdf);
      },
    );

    app.get(
      '/esims',
      {
        config: { access: access },
        schema: {
          tags,
          summary: 'Own eSIMs with their packages and data usage',
          response: { 200: customerEsimsResponseSchema },
        },
      },
      async (request) => ({ items: await listCustomerEsims(deps, me(request)) }),
    );

    app.get(
      '/esims/:esimId/install',
      {
        config: { access: access },
        schema: {
          tags,
          summary: 'QR code, manual details and one-tap link of an own eSIM',
          params: esimIdParamsSchema,
          response: { 200: customerEsimInstallSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return getCustomerEsimInstall(deps, me(request), request.params.esimId);
      },
    );

    app.post(
      '/esims/:esimId/usage',
      {
        config: { access: access },
        schema: {
          tags,
          summary: "Refresh an own eSIM's data usage from the provider now",
          params: esimIdParamsSchema,
          response: { 200: customerEsimSchema },
        },
      },
      async (request) => refreshCustomerEsimUsage(deps, me(request), request.params.esimId),
    );

    const created = (order: { id: string; number: string; totalCents: number }, checkoutUrl: string) => ({
      orderId: order.id,
      number: order.number,
      totalCents: order.totalCents,
      currency: 'EUR' as const,
      checkoutUrl,
    });

    app.get(
      '/esims/:esimId/top-up-packages',
      {
        config: { access: access },
        schema: {
          tags,
          summary: 'Packages that can be added to an own eSIM (same provider and destination)',
          params: esimIdParamsSchema,
          response: { 200: topUpPackagesResponseSchema },
        },
      },
      async (request) => ({
        items: await listTopUpPackages(deps, me(request), request.params.esimId, request.locale),
      }),
    );

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
      async (request) => quoteEsimChange(deps, me(request), request.params.esimId),
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
          { user: authOf(request).details.user, esimId: request.params.esimId, locale: request.locale },
          request.log,
        );
        return reply.status(201).send(created(order, checkoutUrl));
      },
    );
  };
