import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AccountKind, TokenResponse } from '@esim/contracts';
import {
  createDatabase,
  type Database,
  packages,
  payments,
  seedShopUser,
  seedStaffUser,
  seedUser,
} from '@esim/db';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import pg from 'pg';
import { inject } from 'vitest';
import type { EsimProvider } from '../adapters/esim/port';
import type { MailMessage, MailTransport } from '../adapters/mail/port';
import type { PaymentsProvider } from '../adapters/payments/port';
import type { PushMessage, PushTarget, PushTransport } from '../adapters/push/port';
import type { SmsMessage, SmsTransport } from '../adapters/sms/port';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { createDeps } from '../create-deps';
import type { AppDeps } from '../deps';
import { deriveKey as deriveTokenKey } from '../lib/keys';
import { accessTokenType } from '../modules/auth/tokens';

let snapshot: Blob | undefined;

/**
 * One database per test context: an in-memory PGlite by default; with TEST_DATABASE_URL (CI's PostgreSQL pass)
 * a fresh database created through that server and dropped on close. Both start from the database the global
 * setup migrated once (`test/global-setup.ts`): PGlite loads its dumped data directory, PostgreSQL copies the
 * template. Run without that setup, the database is migrated here. Tests make their own data.
 */
export const openTestDatabase = async (): Promise<Database> => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const snapshotPath = inject('pgliteSnapshotPath');
    if (snapshotPath) snapshot ??= new Blob([await readFile(snapshotPath)]);
    const database = await createDatabase({ driver: 'pglite', loadDataDir: snapshot });
    if (!snapshot) await database.migrate();
    return database;
  }
  const template = inject('postgresTemplate');
  const name = `esim_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await createDatabase({ driver: 'postgres', url: testUrl.toString(), poolSize: 5 });
  if (!template) await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
};

export const testEnv = {
  APP_ENV: 'test',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  HUMAN_CHECK_DIFFICULTY: '1',
  RATE_LIMIT_PER_MINUTE: '100000',
  AUTH_RATE_LIMIT_PER_IP: '1000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
  DATA_DIR: '/tmp/esim-test-data',
} as const;

export type TestContext = {
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  /** Every e-mail the app delivered, oldest first. */
  mails: MailMessage[];
  /** Every SMS the app delivered, oldest first. */
  texts: SmsMessage[];
  /** Every push the app delivered (unless a push transport was given), oldest first. */
  pushes: { target: PushTarget; message: PushMessage }[];
  close: () => Promise<void>;
};

/**
 * Sends an outbound request (the sandbox's webhooks to our own origin) into the app under test, as the real
 * HTTP call would arrive.
 */
const injectingFetch =
  (getApp: () => FastifyInstance | undefined): typeof fetch =>
  async (input, init) => {
    const app = getApp();
    if (!app) throw new Error('app not ready');
    const url = new URL(String(input instanceof Request ? input.url : input));
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: `${url.pathname}${url.search}`,
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string | undefined,
    });
    return new Response(response.body, { status: response.statusCode });
  };

export const createTestContext = async (
  env: Record<string, string> = {},
  overrides: {
    fetch?: typeof fetch;
    esimProvider?: EsimProvider;
    payments?: PaymentsProvider;
    pushTransport?: PushTransport;
  } = {},
): Promise<TestContext> => {
  const config = loadConfig({ ...testEnv, ...env });
  const mails: MailMessage[] = [];
  const mailTransport: MailTransport = {
    name: 'test',
    deliver: async (message) => {
      mails.push(message);
    },
  };
  const texts: SmsMessage[] = [];
  const smsTransport: SmsTransport = {
    name: 'test',
    deliver: async (message) => {
      texts.push(message);
    },
  };
  const pushes: TestContext['pushes'] = [];
  const pushTransport: PushTransport = overrides.pushTransport ?? {
    name: 'test',
    deliver: async (target, message) => {
      pushes.push({ target, message });
    },
  };
  const database = await openTestDatabase();
  let app: FastifyInstance | undefined;
  const deps = await createDeps(config, {
    database,
    mailTransport,
    smsTransport,
    pushTransport,
    esimProvider: overrides.esimProvider,
    payments: overrides.payments,
    fetch: overrides.fetch ?? injectingFetch(() => app),
  });
  app = await buildApp(deps, 'api');
  await app.ready();
  const ready = app;
  return {
    app: ready,
    deps,
    config,
    mails,
    texts,
    pushes,
    close: async () => {
      await deps.jobs.stop();
      await ready.close();
      await database.close();
    },
  };
};

/** Solves the human-verification challenge the way the browser does. */
export const solveHumanProof = async (app: FastifyInstance): Promise<string> => {
  const response = await app.inject({ method: 'GET', url: '/api/human-challenge' });
  const challenge = response.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${Date.now().toString(36)}-${counter++}@example.test`;
/** A valid, unique Albanian mobile number. */
export const uniquePhone = () =>
  `+35569${String(1_000_000 + ((Date.now() + counter++ * 7919) % 8_999_999)).slice(0, 7)}`;

export const loginPaths: Record<AccountKind, string> = {
  customer: '/api/auth/login',
  shop: '/api/portal/auth/login',
  staff: '/api/staff/auth/login',
};

export const loginAs = async (app: FastifyInstance, kind: AccountKind, email: string, password: string) => {
  const response = await app.inject({ method: 'POST', url: loginPaths[kind], payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json() as TokenResponse;
};

/** Seeds an account of the given kind (verified, active) and logs it in. */
export const createSignedInUser = async (ctx: TestContext, kind: AccountKind) => {
  const email = uniqueEmail(kind);
  const phone = uniquePhone();
  const user =
    kind === 'customer'
      ? await seedUser(ctx.deps.db, { email, phone })
      : kind === 'shop'
        ? (await seedShopUser(ctx.deps.db, { email, phone })).user
        : await seedStaffUser(ctx.deps.db, 'admin', { email, phone });
  const token = await loginAs(ctx.app, kind, email, user.password);
  return { user, token: token.access_token, auth: { authorization: `Bearer ${token.access_token}` } };
};

/** A correctly signed token whose lifetime is over (for the "expired but refreshable" state). */
export const signExpiredToken = async (ctx: TestContext, accessToken: string) => {
  const [, payload] = accessToken.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid, ver: claims.ver, kind: claims.kind })
    .setProtectedHeader({ alg: 'HS256', typ: accessTokenType })
    .setSubject(String(claims.sub))
    .setIssuedAt(now - 1000)
    .setExpirationTime(now - 10)
    .sign(deriveTokenKey(ctx.config.jwtSecret, 'access-token'));
};

/** An API call with the caller's headers, in a language; the payload only when there is one. */
export const callApi = (
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { payload?: unknown; headers?: Record<string, string>; lang?: string } = {},
) =>
  ctx.app.inject({
    method,
    url,
    headers: { 'accept-language': options.lang ?? 'en', ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });

/** The cheapest active package above 10 euros with no offer: a plain price, for sums with a discount. */
export const plainPackage = async (ctx: TestContext) => {
  const [row] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.active, true), gt(packages.priceCents, 1000), isNull(packages.offerPriceCents)))
    .orderBy(asc(packages.priceCents))
    .limit(1);
  if (!row) throw new Error('no package');
  return row;
};

/**
 * A second card page for an order, opened at the provider and recorded as the order's payment the way checkout
 * does, without expiring the first: two tabs whose pages both get paid (the expiry could not close one in time).
 * Returns the new page's session id.
 */
export const openSecondCardPage = async (ctx: TestContext, orderId: string, amountCents: number) => {
  const other = await ctx.deps.payments.createCheckout({
    orderId,
    orderNumber: 'tab-2',
    amountCents,
    currency: 'EUR',
    description: 'second tab',
    customerEmail: 'tab@example.test',
    locale: 'en',
    successUrl: 'http://localhost/s',
    cancelUrl: 'http://localhost/c',
  });
  await ctx.deps.db
    .insert(payments)
    .values({ orderId, provider: 'sandbox', sessionRef: other.sessionId, amountCents });
  return other.sessionId;
};
