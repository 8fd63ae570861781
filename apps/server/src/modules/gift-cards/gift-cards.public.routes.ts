import { giftCardPreviewBodySchema, giftCardPreviewSchema } from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { previewGiftCard } from './gift-cards.service';

const tags = ['gift-cards'];

/** Gift cards on the site (issue 31): what a code covers on the order page (buying one is an order). */
export const giftCardsPublicRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/gift-cards/preview',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "What a gift-card code would cover of a package's price (nothing is held)",
          body: giftCardPreviewBodySchema,
          response: { 200: giftCardPreviewSchema },
        },
      },
      async (request, reply) => {
        // Limited per IP like the order form, so codes cannot be tried by the thousand.
        await deps.authRateLimits.consume(request, reply, 'gift-card-preview');
        return previewGiftCard(deps, request.body);
      },
    );
  };
