import { failedOrdersResponseSchema, orderIdParamsSchema, type RouteAccess } from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { retryFulfilment } from '../orders/fulfilment.service';
import { packageNameOf } from '../orders/order-mails';
import { listFailedOrders } from '../orders/orders.repository';

const tags = ['staff'];

/** Orders whose fulfilment failed, and the retry action (the screen comes with the staff issues). Admin only. */
export const staffOrdersRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const access: RouteAccess = { staff: 'adminOnly' };

    app.get(
      '/orders/failed',
      {
        config: { access: access },
        schema: {
          tags,
          summary: 'Paid orders whose fulfilment failed, newest first',
          response: { 200: failedOrdersResponseSchema },
        },
      },
      async () => {
        const rows = await listFailedOrders(deps.db, 200);
        return {
          items: rows.map((row) => ({
            id: row.id,
            number: row.number,
            status: row.status,
            buyerEmail: row.buyerEmail,
            packageName: packageNameOf(row),
            totalCents: row.totalCents,
            failureReason: row.failureReason,
            fulfilmentAttempts: row.fulfilmentAttempts,
            paidAt: row.paidAt?.toISOString() ?? null,
            failedAt: row.failedAt?.toISOString() ?? null,
          })),
        };
      },
    );

    app.post(
      '/orders/:orderId/retry-fulfilment',
      {
        config: { access: access },
        schema: {
          tags,
          summary: 'Queue a failed order for fulfilment again',
          params: orderIdParamsSchema,
          response: { 202: z.object({ queued: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        await retryFulfilment(deps, request.params.orderId);
        return reply.status(202).send({ queued: true as const });
      },
    );
  };
