import type { RouteAccess } from '@esim/contracts';
import {
  adminOrderPackagesQuerySchema,
  adminOrderPackagesSchema,
  adminOrdersCsvQuerySchema,
  adminOrdersQuerySchema,
  createAdminOrderBodySchema,
  createAdminOrderResponseSchema,
  pagedAdminOrdersSchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../lib/csv';
import { userIdOf } from '../auth/auth.guard';
import {
  createAdminOrder,
  exportAdminOrders,
  listAdminOrderPackages,
  listAdminOrders,
} from './admin-orders.service';

const tags = ['staff'];
const access: RouteAccess = { staff: 'adminOnly' };

/** Admin orders (issue 31), mounted at /api/staff: create one, list them, export them. Admin only. */
export const adminOrdersStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin-orders',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Orders staff created, with who made each and why, newest first',
          querystring: adminOrdersQuerySchema,
          response: { 200: pagedAdminOrdersSchema },
        },
      },
      async (request) => listAdminOrders(deps, request.query),
    );

    app.get(
      '/admin-orders.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The same admin orders as a CSV download',
          querystring: adminOrdersCsvQuerySchema,
        },
      },
      async (request, reply) => sendCsv(reply, 'admin-orders.csv', exportAdminOrders(deps, request.query)),
    );

    app.get(
      '/admin-orders/packages',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The packages an admin order may give, searched by name (up to 100)',
          querystring: adminOrderPackagesQuerySchema,
          response: { 200: adminOrderPackagesSchema },
        },
      },
      async (request) => listAdminOrderPackages(deps, request.query.q),
    );

    app.post(
      '/admin-orders',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Give a customer (or an e-mail) a package, free or at a price settled off the platform',
          description:
            'The order is paid on creation and fulfilled like a bought eSIM; the customer gets the usual e-mail. A blocked or deleted customer is refused (409 CUSTOMER_BLOCKED), an unknown package is a 404. The same `idempotencyKey` again answers the first order (200) and creates nothing.',
          body: createAdminOrderBodySchema,
          response: { 200: createAdminOrderResponseSchema, 201: createAdminOrderResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await createAdminOrder(deps, {
          staffUserId: userIdOf(request),
          body: request.body,
          t: request.t,
        });
        return reply.status(result.created ? 201 : 200).send(result);
      },
    );
  };
