import { orderIdParamsSchema, type RouteAccess, staffActionBodySchema } from '@esim/contracts';
import {
  giftEsimsCsvQuerySchema,
  giftEsimsQuerySchema,
  pagedGiftEsimsSchema,
  resendGiftEsimResponseSchema,
  staffGiftEsimSchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendCsv } from '../../lib/csv';
import { userIdOf } from '../auth/auth.guard';
import { exportGiftEsims, getStaffGiftEsim, listGiftEsims, resendGiftEsim } from './gift-esims.service';

const tags = ['staff'];
const access: RouteAccess = { staff: 'adminOnly' };

/** The staff's gift eSIMs (issue 31), mounted at /api/staff: the list, its CSV and "resend to recipient". */
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

    app.post(
      '/gift-esims/:orderId/resend',
      {
        config: { access },
        schema: {
          tags,
          summary: "Send the gift's eSIM e-mail to its recipient again, with a new claim link",
          description:
            'Only a sent gift not yet claimed (409 ACTION_NOT_ALLOWED otherwise). A second click within a minute sends nothing (`resent: false`).',
          params: orderIdParamsSchema,
          body: staffActionBodySchema,
          response: { 200: resendGiftEsimResponseSchema },
        },
      },
      async (request) =>
        resendGiftEsim(deps, {
          orderId: request.params.orderId,
          staffUserId: userIdOf(request),
          reason: request.body?.reason ?? null,
          t: request.t,
        }),
    );
  };
