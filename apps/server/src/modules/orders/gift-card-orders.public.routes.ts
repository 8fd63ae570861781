import { buyGiftCardBodySchema, buyGiftCardResponseSchema } from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { buyGiftCard } from './gift-card-orders.service';

const tags = ['gift-cards'];

/** Buying a gift card on the site (issue 31): the purchase is an order of kind `gift_card`. */
export const giftCardOrdersPublicRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/gift-cards',
      {
        config: { access: { kinds: ['customer'], optional: true } },
        schema: {
          tags,
          summary:
            'Buy a gift card: a pending order and a card checkout (amount, recipient, message, send date)',
          description:
            'Signed out, the purchase is rate-limited per address and e-mail and needs `humanProof`, as an order does. The card gets its code when paid and is e-mailed to the recipient on `sendOn` (UTC).',
          body: buyGiftCardBodySchema,
          response: { 201: buyGiftCardResponseSchema },
        },
      },
      async (request, reply) => {
        const details = request.auth?.details ?? null;
        if (!details) {
          await deps.authRateLimits.consume(request, reply, 'order', request.body.email);
          await deps.humanCheck.verify(request.body.humanProof);
        }
        const { order, checkoutUrl } = await buyGiftCard(
          deps,
          {
            body: request.body,
            user: details?.user ?? null,
            locale: request.locale,
            country: deps.geo.countryOf({ ip: request.ip, headers: request.headers }),
            now: new Date(),
          },
          request.log,
        );
        return reply
          .status(201)
          .send({ orderId: order.id, number: order.number, totalCents: order.totalCents, checkoutUrl });
      },
    );
  };
