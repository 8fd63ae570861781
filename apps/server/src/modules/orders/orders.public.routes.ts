import {
  confirmPaymentBodySchema,
  createOrderBodySchema,
  createOrderResponseSchema,
  orderIdParamsSchema,
  orderQuoteSchema,
  orderReceiptQuerySchema,
  orderReceiptSchema,
  orderViewHeader,
  paymentOutcomeSchema,
  quoteOrderBodySchema,
  retryPaymentResponseSchema,
} from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { bearerToken } from '../auth/tokens';
import { createOrder, quoteOrder, retryPayment } from './checkout.service';
import { waitForReceipt } from './order-receipts.service';
import { signViewToken, verifyOrderProof } from './order-view-tokens';
import { confirmReturn } from './payment-reconciliation.service';

const tags = ['orders'];

/** Buying an eSIM (issue 4): signed-out visitors and signed-in customers alike. */
export const ordersPublicRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/orders/quote',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "The order page's price for a package with a coupon and a gift card (nothing is held)",
          description:
            'What the order would cost now and what the card page would charge, priced as `POST /api/orders` prices (ADR 0093). The page shows it and sends `totalCents` and `cardCents` back as `expectedTotalCents` and `expectedCardCents`. A code counts against the same per-address limits as the coupon and gift-card previews.',
          body: quoteOrderBodySchema,
          response: { 200: orderQuoteSchema },
        },
      },
      async (request, reply) => {
        // Codes cannot be tried here by the thousand either: the previews' own limits per address.
        if (request.body.couponCode) await deps.authRateLimits.consume(request, reply, 'coupon-preview');
        if (request.body.giftCardCode) await deps.authRateLimits.consume(request, reply, 'gift-card-preview');
        return quoteOrder(deps, request.body);
      },
    );

    app.post(
      '/orders',
      {
        config: { access: { kinds: ['customer'], optional: true } },
        schema: {
          tags,
          summary: 'Create an order for a package and open a card checkout (the server prices it)',
          description:
            'A bearer token is optional: with a customer token the order belongs to that account. Signed out, an e-mail or phone of an existing account answers 409 so the buyer can log in; signed-out orders are rate-limited per address and e-mail and need `humanProof` (GET /api/human-challenge, solved).',
          body: createOrderBodySchema,
          response: { 201: createOrderResponseSchema },
        },
      },
      async (request, reply) => {
        // Optional sign-in: the guard checked a token that is present (a stale one gets its 401 and is refreshed).
        const details = request.auth?.details ?? null;
        // Signed out, the answer tells whether an e-mail or phone has an account (SPEC's messages): limited
        // like forgot-password, per IP and per e-mail, and behind the same human check, so it cannot test a
        // list of addresses.
        if (!details) {
          await deps.authRateLimits.consume(request, reply, 'order', request.body.email);
          await deps.humanCheck.verify(request.body.humanProof);
        }
        const { order, checkoutUrl } = await createOrder(
          deps,
          {
            body: request.body,
            user: details?.user ?? null,
            locale: request.locale,
            country: deps.geo.countryOf({ ip: request.ip, headers: request.headers }),
          },
          request.log,
        );
        return reply.status(201).send({
          orderId: order.id,
          number: order.number,
          totalCents: order.totalCents,
          currency: 'EUR' as const,
          checkoutUrl,
          viewToken: await signViewToken(deps, order.id),
        });
      },
    );

    app.post(
      '/orders/:orderId/confirm',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The payment return: confirm with the provider, then show the receipt once',
          params: orderIdParamsSchema,
          body: confirmPaymentBodySchema,
          response: { 200: paymentOutcomeSchema },
        },
      },
      async (request) =>
        confirmReturn(
          deps,
          request.params.orderId,
          request.body.sessionId,
          request.t,
          request.log,
          request.locale,
        ),
    );

    app.get(
      '/orders/:orderId/receipt',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The receipt the success page asks for until the eSIM is ready',
          description: `Needs the \`${orderViewHeader}\` header with the view token from the confirmation. With \`wait\`, a paid order's receipt is held until the order finishes (at most that many seconds).`,
          params: orderIdParamsSchema,
          querystring: orderReceiptQuerySchema,
          response: { 200: orderReceiptSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const header = request.headers[orderViewHeader];
        // A buyer who leaves stops the wait.
        const gone = new AbortController();
        reply.raw.once('close', () => gone.abort());
        return waitForReceipt(
          deps,
          request.params.orderId,
          typeof header === 'string' ? header : undefined,
          request.query.wait * 1000,
          gone.signal,
        );
      },
    );

    app.post(
      '/orders/:orderId/retry-payment',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Open a new checkout for an unpaid order (the failure page: try again)',
          description: `The same proof as the receipt: the \`${orderViewHeader}\` header with the order's view token (from its creation), or the bearer token of the customer the order belongs to; without either the order is not found (404).`,
          params: orderIdParamsSchema,
          response: { 200: retryPaymentResponseSchema },
        },
      },
      async (request) => {
        const header = request.headers[orderViewHeader];
        await verifyOrderProof(deps, request.params.orderId, {
          viewToken: typeof header === 'string' ? header : undefined,
          bearer: bearerToken(request.headers.authorization),
        });
        return { checkoutUrl: await retryPayment(deps, request.params.orderId, request.log) };
      },
    );
  };
