import { coverageRegions, createDatabase, type Database } from '@esim/db';
import { createServerI18n } from '@esim/i18n';
import pino from 'pino';
import { createMetaAdsProvider } from './adapters/ads/meta';
import type { AdsProvider } from './adapters/ads/port';
import { createSandboxAdsProvider } from './adapters/ads/sandbox';
import { createEsimAccessProvider } from './adapters/esim/esim-access';
import type { EsimProvider } from './adapters/esim/port';
import { createSandboxEsimProvider } from './adapters/esim/sandbox';
import { createMmdbGeoLocator } from './adapters/geo/mmdb';
import type { MailTransport } from './adapters/mail/port';
import { createSandboxMailTransport } from './adapters/mail/sandbox';
import { createSmtpMailTransport } from './adapters/mail/smtp';
import type { PaymentsProvider } from './adapters/payments/port';
import { createSandboxPayments } from './adapters/payments/sandbox';
import { createStripePayments } from './adapters/payments/stripe';
import { createFcmPushTransport } from './adapters/push/fcm';
import type { PushTransport } from './adapters/push/port';
import { createSandboxPushTransport } from './adapters/push/sandbox';
import { combinePushTransports, createWebPushTransport } from './adapters/push/web-push';
import type { SmsTransport } from './adapters/sms/port';
import { createSandboxSmsTransport } from './adapters/sms/sandbox';
import { createTwilioSmsTransport } from './adapters/sms/twilio';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { createAuthRateLimits, redisLimiter } from './lib/auth-rate-limit';
import { createJobQueue } from './lib/job-queue';
import { createOrderEvents } from './lib/order-events';
import { createRedis } from './lib/redis';
import { requestIdMixin } from './lib/request-context';
import { createTokenSigner } from './modules/auth/tokens';
import { createCatalogue } from './modules/catalogue/catalogue.service';
import { createSharedCatalogue } from './modules/catalogue/shared-catalogue';
import { createHumanCheck } from './modules/human-check/human-check.service';
import { createMailer } from './modules/mail/mail.service';
import { createSmsSender } from './modules/notifications/sms.service';
import { createPushSender, pushKindsOn } from './modules/push/push.service';

/** Our region whose member countries are exactly a wholesale package's locations, if any. */
const regionForLocations = (locationCodes: string[]) => {
  const wanted = [...new Set(locationCodes.map((c) => c.toUpperCase()))].sort().join(',');
  return coverageRegions.find((r) => [...r.countries].sort().join(',') === wanted)?.code ?? null;
};

/** FCM for native apps and Web Push for the site, each its sandbox unless configured (ADR 0060) or off (0087). */
const createPushTransport = (config: Config): PushTransport => {
  const { fcm, web } = config.push;
  return combinePushTransports(
    fcm.provider === 'off'
      ? null
      : fcm.provider === 'fcm'
        ? createFcmPushTransport({
            projectId: fcm.projectId,
            clientEmail: fcm.clientEmail,
            privateKey: fcm.privateKey,
            apiUrl: fcm.apiUrl,
            tokenUrl: fcm.tokenUrl,
          })
        : createSandboxPushTransport(),
    web.provider === 'off'
      ? null
      : web.provider === 'web-push'
        ? createWebPushTransport({
            publicKey: web.publicKey,
            privateKey: web.privateKey,
            subject: web.subject,
          })
        : createSandboxPushTransport(),
  );
};

/** Wires adapters from config: sandbox by default, real vendors when their settings are present. */
/** The ad platform the settings name (ADR 0069): Meta's Marketing API, or the offline sandbox. */
export const createAdsProvider = (ads: Config['ads']): AdsProvider =>
  ads.provider === 'meta'
    ? createMetaAdsProvider({
        adAccountId: ads.adAccountId,
        accessToken: ads.accessToken,
        appSecret: ads.appSecret,
        baseUrl: ads.apiUrl,
      })
    : createSandboxAdsProvider();

export const createDeps = async (
  config: Config,
  overrides: {
    database?: Database;
    mailTransport?: MailTransport;
    smsTransport?: SmsTransport;
    pushTransport?: PushTransport;
    esimProvider?: EsimProvider;
    ads?: AdsProvider;
    /** Tests: a real vendor adapter pointed at its local fake. */
    payments?: PaymentsProvider;
    fetch?: typeof fetch;
  } = {},
): Promise<AppDeps> => {
  const log = pino({ level: config.logLevel, name: 'deps', mixin: requestIdMixin });
  const database =
    overrides.database ??
    (await createDatabase(
      config.database.driver === 'postgres'
        ? {
            ...config.database,
            onConnectionError: (err) => log.warn({ err }, 'database: connection dropped'),
          }
        : config.database,
    ));
  const transport =
    overrides.mailTransport ??
    (config.mail.smtpUrl
      ? createSmtpMailTransport(config.mail.smtpUrl, config.mail.from)
      : createSandboxMailTransport());
  const i18n = await createServerI18n();
  const redis = config.runtime.redis ? createRedis(config.runtime.redis, log) : null;
  const sandboxPayments =
    config.payments.provider === 'sandbox'
      ? createSandboxPayments({
          db: database.db,
          siteUrl: config.siteUrl,
          webhookUrl: `${config.siteUrl}/api/payments/webhooks/sandbox`,
          webhookSecret: config.payments.webhookSecret,
          fetch: overrides.fetch,
          onWebhookError: (err) => log.warn({ err }, 'sandbox payments: webhook delivery failed'),
        })
      : null;
  const payments =
    overrides.payments ??
    (config.payments.provider === 'stripe'
      ? createStripePayments({
          secretKey: config.payments.secretKey,
          webhookSecret: config.payments.webhookSecret,
        })
      : sandboxPayments);
  if (!payments) throw new Error('no payments provider configured');
  const esimProvider =
    overrides.esimProvider ??
    (config.esim.provider === 'esim-access'
      ? createEsimAccessProvider({
          baseUrl: config.esim.url,
          accessCode: config.esim.accessCode,
          secretKey: config.esim.secretKey,
          regionFor: regionForLocations,
        })
      : createSandboxEsimProvider({
          webhookUrl: `${config.siteUrl}/api/esim-provider/webhooks/${config.esimWebhookSecret}`,
          fetch: overrides.fetch,
          onWebhookError: (err) => log.warn({ err }, 'sandbox eSIM provider: webhook delivery failed'),
        }));
  return {
    config,
    database,
    db: database.db,
    i18n,
    mailer: createMailer(database.db, transport, log),
    sms: createSmsSender(
      database.db,
      overrides.smsTransport ??
        (config.sms.provider === 'twilio'
          ? createTwilioSmsTransport({
              accountSid: config.sms.accountSid,
              authToken: config.sms.authToken,
              from: config.sms.from,
              baseUrl: config.sms.apiUrl,
            })
          : createSandboxSmsTransport()),
      log,
    ),
    push: createPushSender(
      database.db,
      overrides.pushTransport ?? createPushTransport(config),
      log,
      pushKindsOn(config.push),
    ),
    geo: createMmdbGeoLocator({ trustProxyHeaders: config.trustProxy }),
    tokens: createTokenSigner(config.jwtSecret, config.accessTokenTtlSeconds),
    authRateLimits: createAuthRateLimits(config.authRateLimit, redis ? redisLimiter(redis) : undefined),
    humanCheck: createHumanCheck(database.db, config.humanCheck),
    esimProvider,
    ads: overrides.ads ?? createAdsProvider(config.ads),
    payments,
    sandboxPayments,
    jobs: createJobQueue(database, log, {
      // pg-boss keeps retrying until the handler records the order as failed after the configured attempts.
      retryLimit: config.fulfilment.attempts + 2,
      retryDelaySeconds: config.fulfilment.retryDelaySeconds,
      pollSeconds: config.jobPollSeconds,
    }),
    orderEvents: createOrderEvents(database, log),
    catalogue: createSharedCatalogue(
      createCatalogue(database.db, (locale) => i18n.fixedT(locale)('catalogue.global')),
      database,
      log,
    ),
    redis,
  };
};
