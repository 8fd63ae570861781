import type { RouteAccess } from '@esim/contracts';
import {
  createShopBodySchema,
  creditAdjustmentBodySchema,
  pagedShopsSchema,
  shopActionBodySchema,
  shopActionParamsSchema,
  shopDetailQuerySchema,
  shopDetailSchema,
  shopIdParamsSchema,
  shopResponseSchema,
  shopsQuerySchema,
  staffUpdateShopBodySchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { userIdOf } from '../auth/auth.guard';
import {
  actOnShop,
  adjustShopCredit,
  createShop,
  getShopDetail,
  listShops,
  updateShopSettings,
} from './shops.service';

const tags = ['staff'];
const access: RouteAccess = { staff: 'adminOnly' };

/** The staff dashboard's shops (issue 12), mounted at /api/staff. Admin only. */
export const shopsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/shops',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Shops with balances and counts: search by name or user e-mail, filter by status',
          querystring: shopsQuerySchema,
          response: { 200: pagedShopsSchema },
        },
      },
      async (request) => listShops(deps, request.query),
    );

    app.post(
      '/shops',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Create an active shop and its first user, who is invited by e-mail to choose a password',
          body: createShopBodySchema,
          response: { 201: shopResponseSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(
          await createShop(deps, {
            staffUserId: userIdOf(request),
            body: request.body,
            locale: request.locale,
            t: request.t,
          }),
        ),
    );

    app.get(
      '/shops/:shopId',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "A shop's page: users, latest orders, credit ledger of a period with running balance, history",
          params: shopIdParamsSchema,
          querystring: shopDetailQuerySchema,
          response: { 200: shopDetailSchema },
        },
      },
      async (request) => getShopDetail(deps, request.params.shopId, request.query),
    );

    app.patch(
      '/shops/:shopId',
      {
        config: { access },
        schema: {
          tags,
          summary: "Change a shop's sellShopPrice (retail markup)",
          params: shopIdParamsSchema,
          body: staffUpdateShopBodySchema,
          response: { 200: shopResponseSchema },
        },
      },
      async (request) =>
        updateShopSettings(deps, {
          staffUserId: userIdOf(request),
          shopId: request.params.shopId,
          body: request.body,
          t: request.t,
        }),
    );

    app.post(
      '/shops/:shopId/adjustments',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Add or remove credit or bonus by hand, with a reason (ledger row `adjustment`, audited)',
          params: shopIdParamsSchema,
          body: creditAdjustmentBodySchema,
          response: { 200: shopResponseSchema },
        },
      },
      async (request) =>
        adjustShopCredit(deps, {
          staffUserId: userIdOf(request),
          shopId: request.params.shopId,
          body: request.body,
          t: request.t,
        }),
    );

    app.post(
      '/shops/:shopId/:action',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Approve a pending shop, suspend an active one, or reactivate a suspended one',
          params: shopActionParamsSchema,
          body: shopActionBodySchema,
          response: { 200: shopResponseSchema },
        },
      },
      async (request) =>
        actOnShop(deps, {
          staffUserId: userIdOf(request),
          shopId: request.params.shopId,
          action: request.params.action,
          version: request.body.version,
          t: request.t,
        }),
    );
  };
