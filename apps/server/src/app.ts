import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { accountRoutes } from './modules/account/account.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { contentRoutes } from './modules/content/content.routes';
import { customerRoutes } from './modules/customer/customer.routes';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes';
import { esimWebhooksRoutes } from './modules/esims/esim-webhooks.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { healthRoutes } from './modules/health/health.routes';
import { humanCheckRoutes } from './modules/human-check/human-check.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { portalAuthRoutes } from './modules/portal/portal-auth.routes';
import { sandboxPayRoutes } from './modules/sandbox-pay/sandbox-pay.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createSiteData } from './modules/site-data';
import { staffAuthRoutes } from './modules/staff/staff-auth.routes';
import { staffOrdersRoutes } from './modules/staff/staff-orders.routes';
import { testSupportRoutes } from './modules/test-support/test-support.routes';
import { inlineScriptHashes, readAdminIndex, registerAdmin } from './plugins/admin';
import { registerErrorHandler, sendApiNotFound } from './plugins/errors';
import { registerI18n } from './plugins/i18n';
import { registerOpenApi } from './plugins/openapi';
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
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);

  registerI18n(app, deps.i18n);
  registerErrorHandler(app);
  const adminIndex = surface === 'staff' ? readAdminIndex(config.adminBuildDir) : null;
  await registerSecurityHeaders(app, {
    production: config.env === 'production',
    scriptHashes: adminIndex ? inlineScriptHashes(adminIndex) : [],
  });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    global: true,
    // Limit headers only once a client is limited: they are noise on every normal answer.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  });
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1 } });
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
      await api.register(geoRoutes(deps));
      await api.register(humanCheckRoutes(deps));
      await api.register(settingsRoutes(deps));
      await api.register(catalogueRoutes(deps), { prefix: '/catalogue' });
      await api.register(contactRoutes(deps));
      await api.register(contentRoutes(deps));
      await api.register(authRoutes(deps), { prefix: '/auth' });
      await api.register(accountRoutes(deps, 'customer'), { prefix: '/account' });
      await api.register(customerRoutes(deps), { prefix: '/account' });
      await api.register(portalAuthRoutes(deps), { prefix: '/portal/auth' });
      await api.register(accountRoutes(deps, 'shop'), { prefix: '/portal' });
      await api.register(staffAuthRoutes(deps), { prefix: '/staff/auth' });
      await api.register(accountRoutes(deps, 'staff'), { prefix: '/staff' });
      await api.register(staffOrdersRoutes(deps), { prefix: '/staff' });
      await api.register(ordersRoutes(deps));
      await api.register(paymentsRoutes(deps));
      await api.register(esimWebhooksRoutes(deps));
      if (config.mail.devMailbox) await api.register(devMailboxRoutes(deps));
      // Users and orders made per journey (e2e/fixtures); never in development or production.
      if (config.env === 'test') await api.register(testSupportRoutes(deps));
    },
    { prefix: '/api' },
  );

  if (surface !== 'staff' && deps.sandboxPayments)
    await app.register(sandboxPayRoutes(deps, deps.sandboxPayments));

  if (surface === 'site') await registerSite(app, config.webBuildDir, config.siteUrl, createSiteData(deps));
  else if (surface === 'staff') await registerAdmin(app, config.adminBuildDir, adminIndex);
  else app.setNotFoundHandler(sendApiNotFound);

  return app;
};
