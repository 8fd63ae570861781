import { couponPreviewSchema, previewCouponBodySchema } from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { previewCoupon } from './coupon-redemption.service';

/** A coupon on the order page (issue 32): what a code takes off a package's price (using it is the order). */
export const couponsPublicRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/coupons/preview',
      {
        config: { access: 'public' },
        schema: {
          tags: ['coupons'],
          summary: "What a coupon code would take off a package's price (nothing is held)",
          body: previewCouponBodySchema,
          response: { 200: couponPreviewSchema },
        },
      },
      async (request, reply) => {
        // Limited per IP like the gift-card preview, so codes cannot be tried by the thousand.
        await deps.authRateLimits.consume(request, reply, 'coupon-preview');
        return previewCoupon(deps, request.body);
      },
    );
  };
