import { orderIdParamsSchema, type RouteAccess, staffActionBodySchema } from '@esim/contracts';
import { resendGiftEsimResponseSchema } from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { userIdOf } from '../auth/auth.guard';
import { resendGiftEsim } from './gift-esim-orders.service';

const tags = ['staff'];
const access: RouteAccess = { staff: 'adminOnly' };

/** The staff's "resend to recipient" of a gift eSIM (issue 31), mounted at /api/staff beside its list. */
export const giftEsimOrdersStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
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
