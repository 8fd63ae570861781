import { isLocale, type Locale } from '@esim/contracts';
import formbody from '@fastify/formbody';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GeoLocator } from '../../adapters/geo/port';
import type { SandboxPayments } from '../../adapters/payments/sandbox';
import type { AppDeps } from '../../deps';
import { pageLocale } from '../../plugins/web';
import { renderCheckoutPage } from './sandbox-pay.page';

const params = z.object({ sessionId: z.string().min(1).max(100) });
const cardBody = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(10).default(''),
});

/** The order's language (the page the buyer paid from); without a session, the page language of the request. */
const checkoutLocale = (
  request: FastifyRequest,
  geo: GeoLocator,
  row: { locale: string } | undefined,
): Locale => (row && isLocale(row.locale) ? row.locale : pageLocale(request, geo).locale);

/** The sandbox provider's hosted card page, on our own origin (only when the sandbox provider is in use). */
export const sandboxPayRoutes =
  (deps: AppDeps, payments: SandboxPayments): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(formbody, { bodyLimit: 4096 });

    app.get('/sandbox/checkout/:sessionId', { schema: { hide: true, params } }, async (request, reply) => {
      const row = await payments.getCheckout(request.params.sessionId);
      const locale = checkoutLocale(request, deps.geo, row);
      const t = deps.i18n.fixedT(locale, 'sandbox');
      const open = row && row.status === 'open' && row.expiresAt.getTime() > Date.now();
      return reply
        .status(open ? 200 : 410)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          renderCheckoutPage(
            t,
            locale,
            open ? { ...row, sessionId: row.id } : null,
            [],
            {},
            row?.status === 'expired' ? 'replaced' : 'closed',
          ),
        );
    });

    app.post(
      '/sandbox/checkout/:sessionId',
      { schema: { hide: true, params, body: cardBody } },
      async (request, reply) => {
        const result = await payments.submitCard(request.params.sessionId, request.body);
        if (result.kind === 'redirect') return reply.redirect(result.url, 303);
        const row =
          result.kind === 'problems' ? await payments.getCheckout(request.params.sessionId) : undefined;
        const locale = checkoutLocale(request, deps.geo, row);
        const t = deps.i18n.fixedT(locale, 'sandbox');
        const view = row ? { ...row, sessionId: row.id } : null;
        return reply
          .status(result.kind === 'problems' ? 422 : 410)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(
            renderCheckoutPage(
              t,
              locale,
              view,
              result.kind === 'problems' ? result.problems : [],
              request.body,
              result.kind === 'replaced' ? 'replaced' : 'closed',
            ),
          );
      },
    );
  };
