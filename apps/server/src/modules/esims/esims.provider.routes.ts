import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type EsimProvider, EsimProviderError, type EsimWebhookEvent } from '../../adapters/esim/port';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { handleProviderEvent } from './provider-events.service';
import type { UsageDeps } from './usage.service';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The eSIM provider's notifications (eSIM Access ORDER_STATUS and DATA_USAGE). Their webhooks are not signed,
 * so the URL carries a secret path segment; a wrong one is a 404. app.ts passes `onOrderReady` (the orders
 * module completes a paid order at once instead of at its next poll).
 */
export const esimProviderRoutes =
  (
    deps: UsageDeps & { esimProvider: EsimProvider; config: Pick<Config, 'esimWebhookSecret' | 'siteUrl'> },
    onOrderReady: (orderId: string, providerOrderRef: string) => Promise<void>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // The signature covers the exact bytes: this route reads its body raw (in place of the app's JSON parser).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    app.post(
      '/esim-provider/webhooks/:secret',
      {
        config: { access: 'public' },
        schema: {
          tags: ['esims'],
          summary: "The eSIM provider's notifications (order ready, data usage)",
          params: z.object({ secret: z.string().max(200) }),
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        if (!sameSecret(request.params.secret, deps.config.esimWebhookSecret))
          throw new AppError('NOT_FOUND');
        if (!Buffer.isBuffer(request.body)) throw new AppError('BAD_REQUEST');
        let event: EsimWebhookEvent;
        try {
          event = deps.esimProvider.parseWebhook(request.headers, request.body);
        } catch (error) {
          if (error instanceof EsimProviderError) throw new AppError('BAD_REQUEST');
          throw error;
        }
        await handleProviderEvent(deps, event, onOrderReady, request.log);
        return { received: true as const };
      },
    );
  };
