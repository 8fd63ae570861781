import { timingSafeEqual } from 'node:crypto';
import { esims, orders } from '@esim/db';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EsimProviderError } from '../../adapters/esim/port';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { applyUsage } from '../usage/usage.service';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The eSIM provider's notifications (eSIM Access ORDER_STATUS and DATA_USAGE). Their webhooks are not signed,
 * so the URL carries a secret path segment; a wrong one is a 404. Usage goes through the same rules as the
 * scheduled sync (notices once, depletion starts the queued package); a ready order wakes its fulfilment.
 */
export const esimWebhooksRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
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
        let event: ReturnType<AppDeps['esimProvider']['parseWebhook']>;
        try {
          event = deps.esimProvider.parseWebhook(request.headers, request.body);
        } catch (error) {
          if (error instanceof EsimProviderError) throw new AppError('BAD_REQUEST');
          throw error;
        }
        if (event.type === 'data_usage') {
          const [esim] = await deps.db
            .select({ id: esims.id })
            .from(esims)
            .where(
              or(
                eq(esims.providerRef, event.providerRef),
                event.iccid ? eq(esims.iccid, event.iccid) : undefined,
              ),
            )
            .limit(1);
          if (esim) await applyUsage(deps, esim.id, event.usedMb);
          else
            request.log.warn({ providerRef: event.providerRef }, 'eSIM webhook: usage for an unknown eSIM');
        }
        // Our transaction ids are order ids; anything else is not ours to act on.
        const orderId =
          event.type === 'order_status' && event.ready ? z.uuid().safeParse(event.transactionId) : null;
        if (orderId?.success) {
          const [paid] = await deps.db
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.id, orderId.data), eq(orders.status, 'paid')))
            .limit(1);
          if (paid) await deps.jobs.enqueueFulfilment(paid.id);
        }
        return { received: true as const };
      },
    );
  };
