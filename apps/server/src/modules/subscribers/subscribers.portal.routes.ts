import { pagedSubscribersSchema, subscribersQuerySchema } from '@esim/contracts/portal';
import { subscriberDetailSchema, subscriberIdParamsSchema } from '@esim/contracts/portal-subscribers';
import type { Db } from '@esim/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActiveShop, shopIdOf } from '../auth/auth.guard';
import { getSubscriberDetail, listShopSubscribers } from './subscribers.service';

const tags = ['portal'];

/** A shop's subscribers (mounted under /api/portal): search and paging; only the token's shop. */
export const subscribersPortalRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireActiveShop);
    app.get(
      '/subscribers',
      {
        config: { access: { kinds: ['shop'] } },
        schema: {
          tags,
          summary: "The shop's subscribers, newest first, searched by name, e-mail or ICCID",
          querystring: subscribersQuerySchema,
          response: { 200: pagedSubscribersSchema },
        },
      },
      async (request) => listShopSubscribers(deps, shopIdOf(request), request.query),
    );
    app.get(
      '/subscribers/:subscriberId',
      {
        config: { access: { kinds: ['shop'] } },
        schema: {
          tags,
          summary: 'One subscriber: their eSIMs with current package and data left, and every delivery',
          params: subscriberIdParamsSchema,
          response: { 200: subscriberDetailSchema },
        },
      },
      async (request) => getSubscriberDetail(deps, shopIdOf(request), request.params.subscriberId),
    );
  };
