import type { RouteAccess } from '@esim/contracts';
import {
  orderAnalyticsCsvQuerySchema,
  orderAnalyticsQuerySchema,
  orderAnalyticsSchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../lib/csv';
import { exportOrderAnalytics, getOrderAnalytics } from './order-analytics.service';

const tags = ['staff'];
const access: RouteAccess = { staff: 'adminOnly' };

/** Orders analytics (issue 31, ADR 0049), mounted at /api/staff. Admin only. */
export const orderAnalyticsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/orders/analytics',
      {
        config: { access },
        schema: {
          tags,
          summary:
            'Revenue, orders and average order value over time and by kind, country, package and payment method, beside the previous period; refund rate',
          querystring: orderAnalyticsQuerySchema,
          response: { 200: orderAnalyticsSchema },
        },
      },
      async (request) => getOrderAnalytics(deps, request.query),
    );

    app.get(
      '/orders/analytics.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: 'One table of the analytics as CSV',
          querystring: orderAnalyticsCsvQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `orders-analytics-${request.query.table}-${request.query.from}-${request.query.to}.csv`,
          await exportOrderAnalytics(deps, request.query),
        ),
    );
  };
