import { orderIdParamsSchema, type RouteAccess } from '@esim/contracts';
import {
  giftEsimsCsvQuerySchema,
  giftEsimsQuerySchema,
  pagedGiftEsimsSchema,
  staffGiftEsimSchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../lib/csv';
import { exportGiftEsims, getStaffGiftEsim, listGiftEsims } from './gift-esims.service';

const tags = ['staff'];
const access: RouteAccess = { staff: 'adminOnly' };

/**
 * The staff's gift eSIMs (issue 31), mounted at /api/staff: the list, its CSV and one gift. "Resend to recipient"
 * sends the order's e-mail again, so it lives in orders/gift-esim-orders.staff.routes.ts.
 */
export const giftEsimsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/gift-esims',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Gift eSIMs: buyer, recipient, package, delivery state and who claimed each',
          querystring: giftEsimsQuerySchema,
          response: { 200: pagedGiftEsimsSchema },
        },
      },
      async (request) => listGiftEsims(deps, request.query),
    );

    app.get(
      '/gift-esims.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The same gift eSIMs as a CSV download',
          querystring: giftEsimsCsvQuerySchema,
        },
      },
      async (request, reply) => sendCsv(reply, 'gift-esims.csv', exportGiftEsims(deps, request.query)),
    );

    app.get(
      '/gift-esims/:orderId',
      {
        config: { access },
        schema: {
          tags,
          summary: 'One gift eSIM as the list shows it',
          params: orderIdParamsSchema,
          response: { 200: staffGiftEsimSchema },
        },
      },
      async (request) => getStaffGiftEsim(deps.db, request.params.orderId),
    );
  };
