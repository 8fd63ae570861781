import { withStorableText } from '@esim/contracts';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { AppDeps } from './deps';
import { createAnswerReplay, type ReplayedRequest } from './lib/answer-replay';
import { requestContext, requestIdFrom, requestIdMixin } from './lib/request-context';
import { accountRoutes } from './modules/account/account.routes';
import { adminOrdersStaffRoutes } from './modules/admin-orders/admin-orders.staff.routes';
import { registerAccessGuard } from './modules/auth/auth.guard';
import { authRoutes } from './modules/auth/auth.routes';
import { businessesStaffRoutes } from './modules/businesses/businesses.staff.routes';
import { campaignsStaffRoutes } from './modules/campaigns/campaigns.staff.routes';
import { cataloguePortalRoutes } from './modules/catalogue/catalogue.portal.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { packagesStaffRoutes } from './modules/catalogue/packages.staff.routes';
import { clientsStaffRoutes } from './modules/clients/clients.staff.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { contentRoutes } from './modules/content/content.routes';
import { couponsPublicRoutes } from './modules/coupons/coupons.public.routes';
import { couponsStaffRoutes } from './modules/coupons/coupons.staff.routes';
import { creditsPortalRoutes } from './modules/credits/credits.portal.routes';
import { dashboardStaffRoutes } from './modules/dashboard/dashboard.staff.routes';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes';
import { esimsCustomerRoutes } from './modules/esims/esims.customer.routes';
import { esimProviderRoutes } from './modules/esims/esims.provider.routes';
import { facebookAdsStaffRoutes } from './modules/facebook-ads/facebook-ads.staff.routes';
import { financeStaffRoutes } from './modules/finance/finance.staff.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { giftCardsPublicRoutes } from './modules/gift-cards/gift-cards.public.routes';
import { giftCardsStaffRoutes } from './modules/gift-cards/gift-cards.staff.routes';
import { giftEsimsCustomerRoutes } from './modules/gift-esims/gift-esims.customer.routes';
import { giftEsimsStaffRoutes } from './modules/gift-esims/gift-esims.staff.routes';
import { healthRoutes } from './modules/health/health.routes';
import { humanCheckRoutes } from './modules/human-check/human-check.routes';
import { orderAnalyticsStaffRoutes } from './modules/order-analytics/order-analytics.staff.routes';
import { findCurrentOrder } from './modules/orders/customer-orders.service';
import { onProviderOrderReady } from './modules/orders/fulfilment.service';
import { giftCardOrdersPublicRoutes } from './modules/orders/gift-card-orders.public.routes';
import { giftEsimOrdersStaffRoutes } from './modules/orders/gift-esim-orders.staff.routes';
import { ordersCustomerRoutes } from './modules/orders/orders.customer.routes';
import { ordersPortalRoutes } from './modules/orders/orders.portal.routes';
import { ordersPublicRoutes } from './modules/orders/orders.public.routes';
import { ordersStaffRoutes } from './modules/orders/orders.staff.routes';
import { handlePaymentWebhook } from './modules/orders/payment-events.service';
import { subscriberEsimsPortalRoutes } from './modules/orders/subscriber-esims.portal.routes';
import { packageStatisticsStaffRoutes } from './modules/package-statistics/package-statistics.staff.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { portalAuthRoutes } from './modules/portal/portal-auth.routes';
import { portalShopRoutes } from './modules/portal/portal-shop.routes';
import { pushCustomerRoutes } from './modules/push/push.customer.routes';
import { pushStaffRoutes } from './modules/push/push.staff.routes';
import { refundsStaffRoutes } from './modules/refunds/refunds.staff.routes';
import { sandboxPayRoutes } from './modules/sandbox-pay/sandbox-pay.routes';
import { savedViewsStaffRoutes } from './modules/saved-views/saved-views.staff.routes';
import { blogPublicRoutes } from './modules/seo/blog.public.routes';
import { seoStaffRoutes } from './modules/seo/seo.staff.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { settingsStaffRoutes } from './modules/settings/settings.staff.routes';
import { shopsStaffRoutes } from './modules/shops/shops.staff.routes';
import { createSiteData } from './modules/site-data';
import { staffAuthRoutes } from './modules/staff/staff-auth.routes';
import { staffMembersRoutes } from './modules/staff/staff-members.routes';
import { statisticsStaffRoutes } from './modules/statistics/statistics.staff.routes';
import { trafficPublicRoutes } from './modules/statistics/traffic.public.routes';
import { subscribersPortalRoutes } from './modules/subscribers/subscribers.portal.routes';
import { testSupportRoutes } from './modules/test-support/test-support.routes';
import { inlineScriptHashes, readAdminIndex, registerAdmin } from './plugins/admin';
import { registerCanonicalHost } from './plugins/canonical-host';
import {
  createClientErrorHandler,
  createFrameworkErrors,
  registerBodyTypes,
  registerErrorHandler,
  sendApiNotFound,
} from './plugins/errors';
import { createTranslators, registerI18n } from './plugins/i18n';
import { observeRequest, registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerProxyWarning } from './plugins/proxy';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security';
import { registerSite } from './plugins/web';

/** Which front end this instance serves beside the API: the site (:3000), the staff SPA (:3001), or none. */
export type Surface = 'site' | 'staff' | 'api';

// Never log credentials or tokens (STYLE.md).
const redact = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.currentPassword',
  '*.access_token',
  '*.token',
];

/** Builds the app without listening: main.ts listens, tests call app.inject. */
export const buildApp = async (
  deps: AppDeps,
  surface: Surface = 'api',
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> => {
  const { config } = deps;
  const translate = createTranslators(deps.i18n);
  // Stored public answers are sent before Fastify's pipeline (ADR 0024); they still reach metrics and the log.
  let reportReplayed = (_request: ReplayedRequest) => {};
  const replay = createAnswerReplay({ onReplayed: (request) => reportReplayed(request) });
  const app = Fastify({
    serverFactory: replay.serverFactory,
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact,
            // Lines logged through the app's own logger while a request runs carry its id too.
            mixin: requestIdMixin,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: requestIdFrom,
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy,
    // Errors Fastify and Node answer themselves, before our hooks run: in our envelope too.
    frameworkErrors: createFrameworkErrors(translate),
    clientErrorHandler: createClientErrorHandler(translate, (): FastifyBaseLogger => app.log),
  }).withTypeProvider<ZodTypeProvider>();
  reportReplayed = ({ reqId, route, url, statusCode, ms }) => {
    observeRequest('GET', route, statusCode, ms / 1000);
    app.log.info(
      { reqId, req: { method: 'GET', url }, res: { statusCode }, responseTime: ms, replayed: true },
      'request completed',
    );
  };
  // Closing: every request goes through Fastify, which answers 503 and closes the connection.
  app.addHook('preClose', (done) => {
    replay.close();
    done();
  });
  // Everything a request causes (services, adapters, their own loggers) runs inside its context.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    requestContext.run({ reqId: request.id }, done);
  });
  registerMetrics(app, config, deps.database);
  // Every body, query and params contract, wrapped in the one rule for unstorable text (control characters,
  // unpaired surrogates): a 422 on the field instead of a database error.
  app.setValidatorCompiler(({ schema, ...rest }) =>
    validatorCompiler({ ...rest, schema: withStorableText(schema as ZodType) }),
  );
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);

  registerI18n(app, translate);
  registerErrorHandler(app);
  registerBodyTypes(app);
  registerProxyWarning(app, config.trustProxy);
  // Pages opened on another of the app's names (127.0.0.1, www.) move to its configured one first (ADR 0032).
  if (surface === 'site') registerCanonicalHost(app, config.siteUrl);
  else if (surface === 'staff') registerCanonicalHost(app, config.adminUrl);
  // Before any route: every /api route must declare who may call it, and one guard enforces it.
  registerAccessGuard(app, deps);
  const adminIndex = surface === 'staff' ? readAdminIndex(config.adminBuildDir) : null;
  await registerSecurityHeaders(app, {
    production: config.env === 'production',
    scriptHashes: adminIndex ? inlineScriptHashes(adminIndex) : [],
  });
  await registerRateLimit(app, { perMinute: config.rateLimitPerMinute, redis: deps.redis });
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1 } });
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
      await api.register(geoRoutes(deps));
      await api.register(humanCheckRoutes(deps));
      await api.register(settingsRoutes(deps));
      await api.register(catalogueRoutes(deps, replay), { prefix: '/catalogue' });
      await api.register(contactRoutes(deps));
      await api.register(contentRoutes(deps));
      await api.register(blogPublicRoutes(deps));
      // A module never imports one above it: where it needs an answer from one, it is passed in here.
      await api.register(authRoutes(deps, { currentOrderOf: (userId) => findCurrentOrder(deps, userId) }), {
        prefix: '/auth',
      });
      await api.register(accountRoutes(deps, 'customer'), { prefix: '/account' });
      await api.register(ordersCustomerRoutes(deps), { prefix: '/account' });
      await api.register(esimsCustomerRoutes(deps), { prefix: '/account' });
      await api.register(giftEsimsCustomerRoutes(deps), { prefix: '/account' });
      await api.register(pushCustomerRoutes(deps), { prefix: '/account' });
      await api.register(portalAuthRoutes(deps), { prefix: '/portal/auth' });
      await api.register(accountRoutes(deps, 'shop'), { prefix: '/portal' });
      await api.register(creditsPortalRoutes(deps), { prefix: '/portal' });
      await api.register(ordersPortalRoutes(deps), { prefix: '/portal' });
      await api.register(subscriberEsimsPortalRoutes(deps), { prefix: '/portal' });
      await api.register(cataloguePortalRoutes(deps), { prefix: '/portal' });
      await api.register(portalShopRoutes(deps), { prefix: '/portal' });
      await api.register(subscribersPortalRoutes(deps), { prefix: '/portal' });
      await api.register(staffAuthRoutes(deps), { prefix: '/staff/auth' });
      await api.register(accountRoutes(deps, 'staff'), { prefix: '/staff' });
      await api.register(ordersStaffRoutes(deps), { prefix: '/staff' });
      await api.register(orderAnalyticsStaffRoutes(deps), { prefix: '/staff' });
      await api.register(facebookAdsStaffRoutes(deps), { prefix: '/staff' });
      await api.register(packageStatisticsStaffRoutes(deps), { prefix: '/staff' });
      await api.register(statisticsStaffRoutes(deps), { prefix: '/staff' });
      await api.register(adminOrdersStaffRoutes(deps), { prefix: '/staff' });
      await api.register(giftEsimsStaffRoutes(deps), { prefix: '/staff' });
      await api.register(giftEsimOrdersStaffRoutes(deps), { prefix: '/staff' });
      await api.register(clientsStaffRoutes(deps), { prefix: '/staff' });
      await api.register(refundsStaffRoutes(deps), { prefix: '/staff' });
      await api.register(savedViewsStaffRoutes(deps), { prefix: '/staff' });
      await api.register(staffMembersRoutes(deps), { prefix: '/staff' });
      await api.register(shopsStaffRoutes(deps), { prefix: '/staff' });
      await api.register(dashboardStaffRoutes(deps), { prefix: '/staff' });
      await api.register(businessesStaffRoutes(deps), { prefix: '/staff' });
      await api.register(settingsStaffRoutes(deps), { prefix: '/staff' });
      await api.register(giftCardsStaffRoutes(deps), { prefix: '/staff' });
      await api.register(financeStaffRoutes(deps), { prefix: '/staff' });
      await api.register(seoStaffRoutes(deps), { prefix: '/staff' });
      await api.register(pushStaffRoutes(deps), { prefix: '/staff' });
      await api.register(couponsStaffRoutes(deps), { prefix: '/staff' });
      await api.register(campaignsStaffRoutes(deps), { prefix: '/staff' });
      await api.register(packagesStaffRoutes(deps), { prefix: '/staff' });
      await api.register(ordersPublicRoutes(deps));
      await api.register(giftCardOrdersPublicRoutes(deps));
      await api.register(giftCardsPublicRoutes(deps));
      await api.register(couponsPublicRoutes(deps));
      await api.register(trafficPublicRoutes(deps));
      await api.register(paymentsRoutes(deps, (event, log) => handlePaymentWebhook(deps, event, log)));
      await api.register(
        esimProviderRoutes(deps, async (orderId, providerOrderRef) => {
          await onProviderOrderReady(deps, orderId, providerOrderRef);
        }),
      );
      if (config.mail.devMailbox) await api.register(devMailboxRoutes(deps));
      // Users and orders made per journey (e2e/fixtures); never in development or production.
      if (config.env === 'test') await api.register(testSupportRoutes(deps));
    },
    { prefix: '/api' },
  );

  if (surface !== 'staff' && deps.sandboxPayments)
    await app.register(sandboxPayRoutes(deps, deps.sandboxPayments));

  if (surface === 'site')
    await registerSite(app, config.webBuildDir, config.siteUrl, createSiteData(deps), deps.geo);
  else if (surface === 'staff') await registerAdmin(app, config.adminBuildDir, adminIndex);
  else app.setNotFoundHandler(sendApiNotFound);

  return app;
};
