import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentSignatureError } from '../../adapters/payments/port';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';

type PaymentEvent = ReturnType<AppDeps['payments']['parseWebhook']>;

/**
 * Provider webhooks (DESIGN section 4). The signature covers the exact bytes sent, so this plugin reads JSON
 * bodies as raw buffers; the adapter verifies and normalises. A bad signature is a 400 and changes nothing.
 * What a verified event does to its order is the orders module's (`app.ts` passes it in: orders stand above).
 */
export const paymentsRoutes =
  (
    deps: AppDeps,
    applyEvent: (event: PaymentEvent, log: FastifyBaseLogger) => Promise<{ duplicate: boolean }>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // The signature covers the exact bytes: this route reads its body raw (in place of the app's JSON parser).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    app.post(
      '/payments/webhooks/:provider',
      {
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: "The payment provider's signed event notifications",
          params: z.object({ provider: z.string().max(40) }),
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
        },
      },
      async (request) => {
        if (request.params.provider !== deps.payments.name) throw new AppError('NOT_FOUND');
        if (!Buffer.isBuffer(request.body)) throw new AppError('BAD_REQUEST');
        let event: PaymentEvent;
        try {
          event = deps.payments.parseWebhook(request.body, request.headers);
        } catch (error) {
          // A bad signature or a signed body we cannot read: either way the provider gets a 400.
          const reason = error instanceof PaymentSignatureError ? 'signature rejected' : 'unreadable event';
          request.log.warn({ err: error }, `payment webhook: ${reason}`);
          throw new AppError('BAD_REQUEST');
        }
        const { duplicate } = await applyEvent(event, request.log);
        return { received: true as const, duplicate };
      },
    );
  };
