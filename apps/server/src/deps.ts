import type { Database, Db } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { Redis } from 'ioredis';
import type { AdsProvider } from './adapters/ads/port';
import type { EsimProvider } from './adapters/esim/port';
import type { GeoLocator } from './adapters/geo/port';
import type { PaymentsProvider } from './adapters/payments/port';
import type { SandboxPayments } from './adapters/payments/sandbox';
import type { Config } from './config';
import type { AuthRateLimits } from './lib/auth-rate-limit';
import type { JobQueue } from './lib/job-queue';
import type { OrderEvents } from './lib/order-events';
import type { TokenSigner } from './modules/auth/tokens';
import type { SharedCatalogue } from './modules/catalogue/shared-catalogue';
import type { HumanCheck } from './modules/human-check/human-check.service';
import type { Mailer } from './modules/mail/mail.service';
import type { SmsSender } from './modules/notifications/sms.service';
import type { PushSender } from './modules/push/push.service';

/** Everything a route or job needs, built once in main.ts (or a test) and passed explicitly. */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  i18n: ServerI18n;
  mailer: Mailer;
  sms: SmsSender;
  /** Push to customers' phones and browsers (FCM, Web Push), through the outbox. */
  push: PushSender;
  geo: GeoLocator;
  tokens: TokenSigner;
  authRateLimits: AuthRateLimits;
  humanCheck: HumanCheck;
  esimProvider: EsimProvider;
  /** The ad platform whose insights the Facebook ads screens show (ADR 0069). */
  ads: AdsProvider;
  /** The in-memory catalogue; `invalidate()` reaches every process on the database. */
  catalogue: SharedCatalogue;
  payments: PaymentsProvider;
  /** Set when the sandbox provider is in use: its hosted card page is served from our origin. */
  sandboxPayments: SandboxPayments | null;
  /** "This order has finished", to requests waiting for it in any process (the success page's QR code). */
  orderEvents: OrderEvents;
  /** Durable background jobs (pg-boss); workers start in main.ts or in a test that wants them. */
  jobs: JobQueue;
  /** Shared state between processes (rate limits) when REDIS_URL is set. */
  redis: Redis | null;
};
