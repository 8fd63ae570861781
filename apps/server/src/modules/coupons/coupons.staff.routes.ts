import type { RouteAccess } from '@esim/contracts';
import {
  couponBodySchema,
  couponIdParamsSchema,
  couponResponseSchema,
  couponSchema,
  couponsQuerySchema,
  pagedCouponsSchema,
} from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { userIdOf } from '../auth/auth.guard';
import { createCoupon, getStaffCoupon, listStaffCoupons, updateCoupon } from './coupons.service';

const tags = ['staff'];
const access: RouteAccess = { staff: 'adminOnly' };

/** `/coupons/all`, `/coupons/create`, `/coupons/edit/{id}` (issue 32), mounted at /api/staff. Admin only. */
export const couponsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/coupons',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Coupons: code, discount, validity, limits, scope and uses',
          querystring: couponsQuerySchema,
          response: { 200: pagedCouponsSchema },
        },
      },
      async (request) => listStaffCoupons(deps, request.query),
    );

    app.get(
      '/coupons/:couponId',
      {
        config: { access },
        schema: {
          tags,
          summary: 'One coupon',
          params: couponIdParamsSchema,
          response: { 200: couponSchema },
        },
      },
      async (request) => getStaffCoupon(deps, request.params.couponId),
    );

    app.post(
      '/coupons',
      {
        config: { access },
        schema: {
          tags,
          summary:
            'Create a coupon (an existing code, a percent over 100 or an end before the start is refused)',
          body: couponBodySchema,
          response: { 201: couponResponseSchema },
        },
      },
      async (request, reply) => {
        const answer = await createCoupon(deps, {
          staffUserId: userIdOf(request),
          body: request.body,
          t: request.t,
        });
        return reply.status(201).send(answer);
      },
    );

    app.put(
      '/coupons/:couponId',
      {
        config: { access },
        schema: {
          tags,
          summary: "Change a coupon's terms (with the version read; a limit below its uses is refused)",
          params: couponIdParamsSchema,
          body: couponBodySchema,
          response: { 200: couponResponseSchema },
        },
      },
      async (request) =>
        updateCoupon(deps, {
          staffUserId: userIdOf(request),
          couponId: request.params.couponId,
          body: request.body,
          t: request.t,
        }),
    );
  };
