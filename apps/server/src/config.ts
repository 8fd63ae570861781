import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const repoRoot = resolve(import.meta.dirname, '../../..');

const envSchema = z.object({
  APP_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  ADMIN_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  SITE_URL: z.url().optional(),
  ADMIN_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  DATA_DIR: z.string().default(resolve(repoRoot, 'data')),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).default(900),
  REFRESH_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(14 * 24 * 3600),
  TOKEN_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('eSIM Marketplace <no-reply@esim.example>'),
  DEV_MAILBOX: bool,
  UPLOAD_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool,
  ALLOW_UNSAFE_STAGING: bool,
  DEMO_DATA: bool,
  HUMAN_CHECK_SECRET: z.string().min(16).optional(),
  PAYMENTS_WEBHOOK_SECRET: z.string().min(16).optional(),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_/, 'must be a Stripe secret key (sk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook secret (whsec_...)')
    .optional(),
  ESIM_PROVIDER: z.enum(['sandbox', 'esim-access']).default('sandbox'),
  ESIM_ACCESS_URL: z.url().optional(),
  ESIM_ACCESS_CODE: z.string().min(1).optional(),
  ESIM_ACCESS_SECRET: z.string().min(1).optional(),
  HUMAN_CHECK_DIFFICULTY: z.coerce.number().int().min(1).max(6).default(3),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  ESIM_WEBHOOK_SECRET: z.string().min(16).optional(),
  SMS_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_API_URL: z.url().optional(),
  PUSH_FCM_PROVIDER: z.enum(['sandbox', 'fcm', 'off']).default('sandbox'),
  FCM_PROJECT_ID: z.string().min(1).optional(),
  FCM_CLIENT_EMAIL: z.string().min(1).optional(),
  /** The service account's PEM key; `\n` written as two characters (one-line env files) is read as a newline. */
  FCM_PRIVATE_KEY: z.string().min(1).optional(),
  FCM_API_URL: z.url().optional(),
  FCM_TOKEN_URL: z.url().optional(),
  PUSH_WEB_PROVIDER: z.enum(['sandbox', 'web-push', 'off']).default('sandbox'),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url VAPID public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url VAPID private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .optional(),
  WEB_PUSH_ALLOWED_HOSTS: z.string().optional(),
  USAGE_SYNC_CRON: z.string().default('*/5 * * * *'),
  ADS_PROVIDER: z.enum(['sandbox', 'meta']).default('sandbox'),
  META_AD_ACCOUNT_ID: z.string().regex(/^\d+$/, 'the ad account id without act_').optional(),
  META_ACCESS_TOKEN: z.string().min(1).optional(),
  META_APP_SECRET: z.string().min(1).optional(),
  META_API_URL: z.url().optional(),
  ADS_SYNC_CRON: z.string().default('20 4 * * *'),
  FULFILMENT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
  FULFILMENT_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  FULFILMENT_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(15),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_KEY_PREFIX: z.string().max(64).default('esim:'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_ALLOW_CIDRS: z.string().optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(25),
  WEB_BUILD_DIR: z.string().default(resolve(repoRoot, 'apps/web/build')),
  ADMIN_BUILD_DIR: z.string().default(resolve(repoRoot, 'apps/admin/build/client')),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  adminPort: number;
  siteUrl: string;
  adminUrl: string;
  database: { driver: 'postgres'; url: string } | { driver: 'pglite'; dataDir?: string };
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshWindowSeconds: number;
  tokenGraceSeconds: number;
  mail: { smtpUrl?: string; from: string; devMailbox: boolean };
  uploadDir: string;
  logLevel: string;
  trustProxy: boolean;
  humanCheck: { secret: string; difficulty: number };
  payments:
    | { provider: 'sandbox'; webhookSecret: string }
    | { provider: 'stripe'; secretKey: string; webhookSecret: string };
  esim:
    | { provider: 'sandbox' }
    | { provider: 'esim-access'; url: string; accessCode: string; secretKey: string };
  rateLimitPerMinute: number;
  authRateLimit: { perIp: number; perAccount: number; windowSeconds: number };
  /** Path secret of the eSIM provider's webhook URL (eSIM Access does not sign its webhooks). */
  esimWebhookSecret: string;
  sms:
    | { provider: 'sandbox' }
    | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiUrl?: string };
  /**
   * Push to phones (ADR 0060): FCM for native apps, Web Push for the installable site; sandboxes by default.
   * `off` (ADR 0087): that channel takes no devices and no push is queued to it.
   */
  push: {
    fcm:
      | { provider: 'sandbox' | 'off' }
      | {
          provider: 'fcm';
          projectId: string;
          clientEmail: string;
          privateKey: string;
          apiUrl?: string;
          tokenUrl?: string;
        };
    /** `publicKey` null: the site does not offer notifications (sandbox in production, or off). */
    web:
      | { provider: 'sandbox'; publicKey: string | null }
      | { provider: 'off'; publicKey: null }
      | { provider: 'web-push'; publicKey: string; privateKey: string; subject: string };
    /** Push services a Web Push subscription's endpoint may point at (host names; `*.` matches subdomains). */
    allowedEndpointHosts: string[];
  };
  /** When the usage sync runs (cron, UTC); every instance may schedule it, pg-boss runs it once per tick. */
  usageSyncCron: string;
  /** The ad platform (ADR 0069) and when its daily sync runs (cron, UTC). */
  ads:
    | { provider: 'sandbox'; syncCron: string }
    | {
        provider: 'meta';
        syncCron: string;
        adAccountId: string;
        accessToken: string;
        appSecret?: string;
        apiUrl?: string;
      };
  /** Paid orders: provider attempts before the order is failed; first retry delay, doubled each time. */
  fulfilment: { attempts: number; retryDelaySeconds: number; concurrency: number };
  /** How often an idle job worker looks for work (new work also wakes it at once in this process). */
  jobPollSeconds: number;
  webBuildDir: string;
  adminBuildDir: string;
  /** How the server runs: processes, shared state, metrics access, shutdown (README "Running in production"). */
  runtime: {
    /** Server processes `npm start` runs (node:cluster); more than one needs PostgreSQL. */
    processes: number;
    /** Shared rate-limit counters (and anything else several processes must agree on) when set. */
    redis: { url: string; keyPrefix: string } | null;
    /** `/metrics` answers a bearer token equal to this, or a client address in one of these networks. */
    metrics: { token: string | null; allowCidrs: string[] };
    /** How long a stopping process may take to finish requests and jobs before it exits anyway. */
    shutdownTimeoutMs: number;
  };
  /**
   * The demo personas (published password) and their eSIMs on first start (ADR 0033): on in development and
   * test, off in production, where DEMO_DATA=true is one of the things only a staging opt-in allows.
   */
  demoData: boolean;
  /**
   * APP_ENV=production with ALLOW_UNSAFE_STAGING: what would have refused the start (development secrets,
   * sandboxes, the dev mailbox). main.ts logs each loudly; empty everywhere else.
   */
  unsafeStaging: string[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

// Development-only secrets; production must set its own (checked below).
const devJwtSecret = 'dev-only-jwt-secret-change-me-in-production-0000';
const devHumanSecret = 'dev-only-human-check-secret';
const devPaymentsSecret = 'dev-only-payments-webhook-secret';
const devEsimWebhookSecret = 'dev-only-esim-webhook-secret';
/** Development's VAPID public key: browsers subscribe with it, the push sandbox sends nothing. */
const devVapidPublicKey =
  'BDTIFEjdYTauUEnosEoLl5K68rCtN8S_IMRZBx2LAgBg9OoMQscFoDBXpQlaLmvDPE-wtR-ALpS3Q8fvSKhTUxg';
/** The browsers' push services (Chrome, Firefox, Edge, Safari): a subscription elsewhere is refused (no SSRF). */
const defaultPushHosts = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  '*.push.apple.com',
];
/** Every secret with a development default, by variable: production may neither omit nor copy it. */
const devDefaults: Record<string, string> = {
  JWT_SECRET: devJwtSecret,
  HUMAN_CHECK_SECRET: devHumanSecret,
  PAYMENTS_WEBHOOK_SECRET: devPaymentsSecret,
  ESIM_WEBHOOK_SECRET: devEsimWebhookSecret,
};

/**
 * What makes a production start unsafe (ADR 0013): a secret that is the development
 * default written above (set to it, or left unset so the default applies), a sandbox standing in for the
 * payments, eSIM, SMS or push provider (ADR 0085), no SMTP server (mail would only go to the outbox), the dev mailbox, and the
 * demo accounts (ADR 0033).
 */
const unsafeInProduction = (env: NodeJS.ProcessEnv): string[] => {
  const problems: string[] = [];
  for (const [name, devValue] of Object.entries(devDefaults)) {
    // Stripe signs its own webhooks; the sandbox's secret only matters while the sandbox takes payments.
    if (name === 'PAYMENTS_WEBHOOK_SECRET' && env.PAYMENTS_PROVIDER === 'stripe') continue;
    // JWT_SECRET and HUMAN_CHECK_SECRET are required outright (below); only a copied default is listed here.
    if (env[name] === devValue) problems.push(`${name}: is the development default written in the source`);
    else if (!env[name] && name !== 'JWT_SECRET' && name !== 'HUMAN_CHECK_SECRET')
      problems.push(`${name}: not set, so the development default written in the source would be used`);
  }
  if ((env.PAYMENTS_PROVIDER ?? 'sandbox') === 'sandbox')
    problems.push('PAYMENTS_PROVIDER: the sandbox takes no real payments');
  if ((env.ESIM_PROVIDER ?? 'sandbox') === 'sandbox')
    problems.push('ESIM_PROVIDER: the sandbox issues no real eSIMs');
  if ((env.SMS_PROVIDER ?? 'sandbox') === 'sandbox') problems.push('SMS_PROVIDER: the sandbox sends no SMS');
  if ((env.PUSH_FCM_PROVIDER ?? 'sandbox') === 'sandbox')
    problems.push(
      'PUSH_FCM_PROVIDER: the sandbox sends no push to the phone apps (ADR 0085; `off` if there is no app)',
    );
  if ((env.PUSH_WEB_PROVIDER ?? 'sandbox') === 'sandbox')
    problems.push(
      'PUSH_WEB_PROVIDER: the sandbox sends no push to the installable site (ADR 0085; or `off`)',
    );
  if (!env.SMTP_URL) problems.push('SMTP_URL: not set, so no e-mail would leave the outbox');
  if (env.DEV_MAILBOX === 'true' || env.DEV_MAILBOX === '1')
    problems.push('DEV_MAILBOX: the dev mailbox shows every sent e-mail to anyone');
  if (env.DEMO_DATA === 'true' || env.DEMO_DATA === '1')
    problems.push('DEMO_DATA: demo accounts (staff admin included) with a password published in the source');
  return problems;
};

/** Parses the environment; throws ConfigError listing every bad setting at once. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  // Production secrets are checked on the raw values too, so one start lists every problem.
  if (env.APP_ENV === 'production' && !env.JWT_SECRET) problems.push('JWT_SECRET: required in production');
  if (env.APP_ENV === 'production' && !env.HUMAN_CHECK_SECRET)
    problems.push('HUMAN_CHECK_SECRET: required in production');
  const staging = env.ALLOW_UNSAFE_STAGING === 'true' || env.ALLOW_UNSAFE_STAGING === '1';
  const unsafe = env.APP_ENV === 'production' ? unsafeInProduction(env) : [];
  if (!staging)
    problems.push(
      ...unsafe.map((p) => `${p} (refused in production; ALLOW_UNSAFE_STAGING=true for a staging)`),
    );
  if (staging && env.APP_ENV !== 'production')
    problems.push('ALLOW_UNSAFE_STAGING: only means something with APP_ENV=production');
  // A real provider needs its credentials; the sandbox needs none.
  if (env.PAYMENTS_PROVIDER === 'stripe') {
    if (!env.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: required when PAYMENTS_PROVIDER=stripe');
    if (!env.STRIPE_WEBHOOK_SECRET)
      problems.push('STRIPE_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER=stripe');
  }
  if (env.SMS_PROVIDER === 'twilio')
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'])
      if (!env[name]) problems.push(`${name}: required when SMS_PROVIDER=twilio`);
  if (env.ADS_PROVIDER === 'meta')
    for (const name of ['META_AD_ACCOUNT_ID', 'META_ACCESS_TOKEN'])
      if (!env[name]) problems.push(`${name}: required when ADS_PROVIDER=meta`);
  if (env.PUSH_FCM_PROVIDER === 'fcm')
    for (const name of ['FCM_PROJECT_ID', 'FCM_CLIENT_EMAIL', 'FCM_PRIVATE_KEY'])
      if (!env[name]) problems.push(`${name}: required when PUSH_FCM_PROVIDER=fcm`);
  if (env.PUSH_WEB_PROVIDER === 'web-push')
    for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'])
      if (!env[name]) problems.push(`${name}: required when PUSH_WEB_PROVIDER=web-push`);
  if (env.ESIM_PROVIDER === 'esim-access')
    for (const name of ['ESIM_ACCESS_URL', 'ESIM_ACCESS_CODE', 'ESIM_ACCESS_SECRET', 'ESIM_WEBHOOK_SECRET'])
      if (!env[name]) problems.push(`${name}: required when ESIM_PROVIDER=esim-access`);
  if (Number(env.WEB_CONCURRENCY ?? 1) > 1 && !env.DATABASE_URL)
    problems.push(
      'WEB_CONCURRENCY: more than one process needs PostgreSQL (set DATABASE_URL); the embedded PGlite database opens in one process only',
    );
  const cidrs = (env.METRICS_ALLOW_CIDRS ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  for (const cidr of cidrs)
    if (!isCidr(cidr)) problems.push(`METRICS_ALLOW_CIDRS: ${cidr} is not a network (a.b.c.d/n)`);
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;

  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.APP_ENV,
    host: e.HOST,
    port: e.PORT,
    adminPort: e.ADMIN_PORT,
    siteUrl,
    adminUrl: (e.ADMIN_URL ?? `http://localhost:${e.ADMIN_PORT}`).replace(/\/$/, ''),
    database: e.DATABASE_URL
      ? { driver: 'postgres', url: e.DATABASE_URL }
      : { driver: 'pglite', dataDir: resolve(e.DATA_DIR, 'pglite') },
    jwtSecret: e.JWT_SECRET ?? devJwtSecret,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshWindowSeconds: e.REFRESH_WINDOW_SECONDS,
    tokenGraceSeconds: e.TOKEN_GRACE_SECONDS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, devMailbox: e.DEV_MAILBOX ?? e.APP_ENV !== 'production' },
    uploadDir: e.UPLOAD_DIR ?? resolve(e.DATA_DIR, 'uploads'),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    humanCheck: { secret: e.HUMAN_CHECK_SECRET ?? devHumanSecret, difficulty: e.HUMAN_CHECK_DIFFICULTY },
    payments:
      e.PAYMENTS_PROVIDER === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { provider: 'stripe', secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : { provider: 'sandbox', webhookSecret: e.PAYMENTS_WEBHOOK_SECRET ?? devPaymentsSecret },
    esim:
      e.ESIM_PROVIDER === 'esim-access' && e.ESIM_ACCESS_URL && e.ESIM_ACCESS_CODE && e.ESIM_ACCESS_SECRET
        ? {
            provider: 'esim-access',
            url: e.ESIM_ACCESS_URL,
            accessCode: e.ESIM_ACCESS_CODE,
            secretKey: e.ESIM_ACCESS_SECRET,
          }
        : { provider: 'sandbox' },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    esimWebhookSecret: e.ESIM_WEBHOOK_SECRET ?? devEsimWebhookSecret,
    sms:
      e.SMS_PROVIDER === 'twilio' && e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            provider: 'twilio',
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiUrl: e.TWILIO_API_URL,
          }
        : { provider: 'sandbox' },
    push: {
      fcm:
        e.PUSH_FCM_PROVIDER === 'fcm' && e.FCM_PROJECT_ID && e.FCM_CLIENT_EMAIL && e.FCM_PRIVATE_KEY
          ? {
              provider: 'fcm',
              projectId: e.FCM_PROJECT_ID,
              clientEmail: e.FCM_CLIENT_EMAIL,
              privateKey: e.FCM_PRIVATE_KEY.replaceAll('\\n', '\n'),
              apiUrl: e.FCM_API_URL,
              tokenUrl: e.FCM_TOKEN_URL,
            }
          : { provider: e.PUSH_FCM_PROVIDER === 'off' ? 'off' : 'sandbox' },
      web:
        e.PUSH_WEB_PROVIDER === 'web-push' && e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT
          ? {
              provider: 'web-push',
              publicKey: e.VAPID_PUBLIC_KEY,
              privateKey: e.VAPID_PRIVATE_KEY,
              subject: e.VAPID_SUBJECT,
            }
          : e.PUSH_WEB_PROVIDER === 'off'
            ? { provider: 'off', publicKey: null }
            : // A staging's sandbox would take subscriptions it never serves: the site does not offer them there.
              { provider: 'sandbox', publicKey: e.APP_ENV === 'production' ? null : devVapidPublicKey },
      allowedEndpointHosts: e.WEB_PUSH_ALLOWED_HOSTS
        ? e.WEB_PUSH_ALLOWED_HOSTS.split(',')
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean)
        : defaultPushHosts,
    },
    usageSyncCron: e.USAGE_SYNC_CRON,
    ads:
      e.ADS_PROVIDER === 'meta' && e.META_AD_ACCOUNT_ID && e.META_ACCESS_TOKEN
        ? {
            provider: 'meta',
            syncCron: e.ADS_SYNC_CRON,
            adAccountId: e.META_AD_ACCOUNT_ID,
            accessToken: e.META_ACCESS_TOKEN,
            appSecret: e.META_APP_SECRET,
            apiUrl: e.META_API_URL,
          }
        : { provider: 'sandbox', syncCron: e.ADS_SYNC_CRON },
    fulfilment: {
      attempts: e.FULFILMENT_ATTEMPTS,
      retryDelaySeconds: e.FULFILMENT_RETRY_DELAY_SECONDS,
      concurrency: e.FULFILMENT_CONCURRENCY,
    },
    jobPollSeconds: e.JOB_POLL_SECONDS,
    webBuildDir: e.WEB_BUILD_DIR,
    adminBuildDir: e.ADMIN_BUILD_DIR,
    runtime: {
      processes: e.WEB_CONCURRENCY,
      redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
      metrics: {
        token: e.METRICS_TOKEN ?? null,
        // Outside production a scraper on this machine may read metrics without a token.
        allowCidrs:
          env.METRICS_ALLOW_CIDRS !== undefined || e.APP_ENV === 'production'
            ? cidrs
            : ['127.0.0.0/8', '::1/128'],
      },
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    },
    demoData: e.DEMO_DATA ?? e.APP_ENV !== 'production',
    unsafeStaging: staging ? unsafe : [],
  };
};

/** `a.b.c.d/n` or `ipv6/n`. */
export const isCidr = (text: string) => {
  const [address, bits, extra] = text.split('/');
  if (!address || bits === undefined || extra !== undefined || !/^\d{1,3}$/.test(bits)) return false;
  const version = isIP(address);
  return version !== 0 && Number(bits) <= (version === 4 ? 32 : 128);
};
