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
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes';
import { esimsCustomerRoutes } from './modules/esims/esims.customer.routes';
import { esimProviderRoutes } from './modules/esims/esims.provider.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { healthRoutes } from './modules/health/health.routes';
import { humanCheckRoutes } from './modules/human-check/human-check.routes';
import { findCurrentOrder } from './modules/orders/customer-orders.service';
import { onProviderOrderReady } from './modules/orders/fulfilment.service';
import { ordersCustomerRoutes } from './modules/orders/orders.customer.routes';
import { ordersPublicRoutes } from './modules/orders/orders.public.routes';
import { ordersStaffRoutes } from './modules/orders/orders.staff.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { portalAuthRoutes } from './modules/portal/portal-auth.routes';
import { sandboxPayRoutes } from './modules/sandbox-pay/sandbox-pay.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createSiteData } from './modules/site-data';
import { staffAuthRoutes } from './modules/staff/staff-auth.routes';
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
      // A module never imports one above it: where it needs an answer from one, it is passed in here.
      await api.register(authRoutes(deps, { currentOrderOf: (userId) => findCurrentOrder(deps, userId) }), {
        prefix: '/auth',
      });
      await api.register(accountRoutes(deps, 'customer'), { prefix: '/account' });
      await api.register(ordersCustomerRoutes(deps), { prefix: '/account' });
      await api.register(esimsCustomerRoutes(deps), { prefix: '/account' });
      await api.register(portalAuthRoutes(deps), { prefix: '/portal/auth' });
      await api.register(accountRoutes(deps, 'shop'), { prefix: '/portal' });
      await api.register(staffAuthRoutes(deps), { prefix: '/staff/auth' });
      await api.register(accountRoutes(deps, 'staff'), { prefix: '/staff' });
      await api.register(ordersStaffRoutes(deps), { prefix: '/staff' });
      await api.register(ordersPublicRoutes(deps));
      await api.register(paymentsRoutes(deps));
      await api.register(
        esimProviderRoutes(deps, async (orderId, providerOrderRef) => {
          await onProviderOrderReady(deps, orderId, providerOrderRef);
        }),
      );
      if (config.mail.devMailbox) await api.register(devMailboxRoutes(deps));
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
