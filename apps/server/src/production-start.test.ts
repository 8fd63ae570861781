import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { type FakeEsimAccess, startFakeEsimAccess } from './test/fakes/esim-access.fake';
import { startFakeTwilio } from './test/fakes/twilio.fake';
import {
  buildServer,
  createScratchDatabase,
  ensureFrontEndBuilds,
  type ServerProcess,
  serverEnv,
  startServer,
} from './test/processes';

/**
 * Issue 29: the product as `npm start` runs it (the compiled server, NODE_ENV=production, the site's server build
 * loaded beside the API) on an empty PostgreSQL database. Production with every setting it asks for and the
 * vendors' local fakes: no demo accounts on the first start or the next, the catalogue from the eSIM provider,
 * the first admin made with `staff:create-admin`; the API docs, pages and a few API calls on both origins.
 * Development still seeds the demo accounts and prints them. PostgreSQL only (CI's second pass).
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const portBase = Number(process.env.OPS_TEST_PORT ?? 3350) + 20;

type Answer = { status: number; type: string; text: string; json: () => Record<string, unknown> };

const call = async (
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; json?: unknown } = {},
): Promise<Answer> => {
  const headers: Record<string, string> = { connection: 'close', 'accept-language': 'en', ...init.headers };
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text,
    json: () => JSON.parse(text) as Record<string, unknown>,
  };
};

const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
const deepArray = `${'['.repeat(5000)}${']'.repeat(5000)}`;

/** Paths every origin's document must have: one or more per API tree (public, customer, portal, staff). */
const documentedPaths = [
  '/api/health',
  '/api/catalogue/packages',
  '/api/contact',
  '/api/orders',
  '/api/auth/login',
  '/api/auth/reset-password',
  '/api/account/profile',
  '/api/portal/auth/login',
  '/api/staff/auth/login',
  '/api/staff/staff-members',
];

/** The API docs on one origin: the document with every path, and the page with each asset it loads. */
const checkDocs = async (origin: string) => {
  const doc = await call(`${origin}/api/docs/json`);
  expect(doc.status, doc.text.slice(0, 300)).toBe(200);
  const paths = Object.keys((doc.json() as { paths: Record<string, unknown> }).paths);
  expect(paths).toEqual(expect.arrayContaining(documentedPaths));
  const page = await call(`${origin}/api/docs`);
  expect(page.status).toBe(200);
  expect(page.type).toContain('text/html');
  const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
  expect(assets.length).toBeGreaterThan(2);
  for (const asset of assets) {
    const answer = await call(new URL(asset, `${origin}/api/docs/`).toString());
    expect(answer.status, asset).toBe(200);
  }
  return paths;
};

/** Pages and refusals on one origin: pages render, other methods and deep JSON are 4xx in the envelope. */
const checkPagesAndRefusals = async (origin: string, pages: string[]) => {
  for (const path of pages) {
    const page = await call(`${origin}${path}`);
    expect(page.status, path).toBe(200);
    expect(page.type).toContain('text/html');
  }
  for (const [method, type, body] of [
    ['POST', 'application/json', '{}'],
    ['PUT', 'application/json', '{}'],
    ['DELETE', undefined, undefined],
    ['OPTIONS', undefined, undefined],
    ['POST', 'application/x-www-form-urlencoded', 'a=1'],
  ] as const) {
    const answer = await call(`${origin}${pages[0]}`, {
      method,
      headers: { 'accept-language': 'de', ...(type ? { 'content-type': type } : {}) },
      body,
    });
    expect(answer.status, `${method} ${type}`).toBe(405);
    expect(answer.json()).toEqual({
      code: 'METHOD_NOT_ALLOWED',
      message: 'Diese Anfragemethode ist hier nicht erlaubt.',
    });
  }
  for (const path of ['/api/contact', '/api/orders', '/api/auth/login']) {
    for (const body of [deepObject, deepArray]) {
      const answer = await call(`${origin}${path}`, {
        headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
        body,
      });
      expect(answer.status, path).toBe(400);
      expect(answer.json()).toEqual({ code: 'BAD_REQUEST', message: "La requête n'a pas pu être lue." });
    }
  }
};

const countDemoUsers = async (databaseUrl: string) => {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ demo: number; all: number }>(
      `select count(*) filter (where email like '%@demo.esim')::int as demo, count(*)::int as all from users`,
    );
    return rows[0];
  } finally {
    await db.end();
  }
};

describe.skipIf(!baseUrl)('production start on an empty PostgreSQL database (compiled server)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let entry: string;
  let esimAccess: FakeEsimAccess;
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  /** Every process started, stopped at the end even when a test failed before stopping its own. */
  const started: ServerProcess[] = [];
  const site = `http://127.0.0.1:${portBase}`;
  const staff = `http://127.0.0.1:${portBase + 1}`;

  beforeAll(async () => {
    ensureFrontEndBuilds();
    entry = buildServer('production-start');
    database = await createScratchDatabase(baseUrl as string);
    esimAccess = await startFakeEsimAccess();
    twilio = await startFakeTwilio('AC-production-test', 'twilio-token');
    // Everything production asks for, nothing from development, no staging opt-in.
    const vapid = webPush.generateVAPIDKeys();
    env = {
      APP_ENV: 'production',
      ADMIN_PORT: String(portBase + 1),
      SITE_URL: site,
      ADMIN_URL: staff,
      JWT_SECRET: randomBytes(32).toString('hex'),
      HUMAN_CHECK_SECRET: randomBytes(16).toString('hex'),
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_production_start',
      STRIPE_WEBHOOK_SECRET: 'whsec_production_start',
      ESIM_PROVIDER: 'esim-access',
      ESIM_ACCESS_URL: esimAccess.baseUrl,
      ESIM_ACCESS_CODE: esimAccess.accessCode,
      ESIM_ACCESS_SECRET: esimAccess.secretKey,
      ESIM_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC-production-test',
      TWILIO_AUTH_TOKEN: 'twilio-token',
      TWILIO_FROM: '+15550001111',
      TWILIO_API_URL: twilio.baseUrl,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      // Push sandboxes are refused in production too (ADR 0085); nothing is sent during these tests.
      PUSH_FCM_PROVIDER: 'fcm',
      FCM_PROJECT_ID: 'production-start',
      FCM_CLIENT_EMAIL: 'push@production-start.iam.gserviceaccount.com',
      FCM_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      PUSH_WEB_PROVIDER: 'web-push',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@production-start.test',
    };
  }, 600_000);

  afterAll(async () => {
    await Promise.all(started.map((process) => process.stop()));
    await esimAccess?.close();
    await twilio?.close();
    await database?.drop();
  }, 60_000);

  const start = async () => {
    // The previous test's server, if a failure left it running: this start must be a start of its own.
    await Promise.all(started.map((process) => process.stop()));
    const process = await startServer({ entry, databaseUrl: database.url, port: portBase, env });
    started.push(process);
    return process;
  };

  /** What must hold after every production start: no demo data, the provider's catalogue, a healthy server. */
  const checkProductionState = async () => {
    expect(await countDemoUsers(database.url)).toMatchObject({ demo: 0 });
    for (const origin of [site, staff]) {
      const login = await call(`${origin}/api/staff/auth/login`, {
        json: { email: 'admin@demo.esim', password: 'Demo1234!' },
      });
      expect(login.status).toBe(401);
      expect(login.json().code).toBe('INVALID_CREDENTIALS');
    }
    expect((await call(`${site}/api/health`)).status).toBe(200);
    const catalogue = await call(`${site}/api/catalogue/packages?type=local&pageSize=5`);
    expect(catalogue.status).toBe(200);
    const items = (catalogue.json() as { items: { slug: string }[] }).items;
    expect(items.length).toBeGreaterThan(0);
    const detail = await call(`${site}/api/catalogue/packages/${items[0]?.slug}`);
    expect(detail.status).toBe(200);
  };

  it('comes up on the first start without demo accounts, with the provider catalogue, docs and pages on both origins', async () => {
    server = await start();
    expect(await countDemoUsers(database.url)).toEqual({ demo: 0, all: 0 });
    await checkProductionState();
    // The package list came from eSIM Access (its fake), not from the sandbox's price list.
    expect(esimAccess.requests.some((r) => r.endpoint.includes('package/list'))).toBe(true);
    expect(server.logs.some((l) => String(l.msg).includes('npm run staff:create-admin'))).toBe(true);
    expect(server.logs.some((l) => String(l.msg).includes('Demo accounts'))).toBe(false);

    const sitePaths = await checkDocs(site);
    const staffPaths = await checkDocs(staff);
    expect(staffPaths.sort()).toEqual(sitePaths.sort());
    await checkPagesAndRefusals(site, ['/faq', '/', '/countries/de']);
    await checkPagesAndRefusals(staff, ['/login', '/']);

    await server.stop();
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 300_000);

  it('comes up again on the second start, still without demo accounts', async () => {
    server = await start();
    await checkProductionState();
    expect((await call(`${site}/api/docs/json`)).status).toBe(200);
  }, 300_000);

  it('creates the first admin with staff:create-admin: the printed link sets the password, then the admin logs in', async () => {
    const command = join(dirname(entry), 'create-admin.js');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [command, ...args], {
        encoding: 'utf8',
        env: serverEnv({ databaseUrl: database.url, port: portBase, env }),
      });
    expect(run().status).toBe(2);
    expect(run('not-an-email').status).toBe(2);

    const created = run('owner@shop.example', '--first-name', 'Olta', '--last-name', 'Owner');
    expect(created.status, created.stderr).toBe(0);
    const link = /(http\S+\/set-password\?token=\S+)/.exec(created.stdout)?.[1] ?? '';
    expect(link.startsWith(`${staff}/set-password?token=`)).toBe(true);
    // The token is only in what the command printed: the server's log never saw it.
    const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
    expect(JSON.stringify(server?.logs)).not.toContain(token);

    // The staff dashboard's set-password page (the invitation's), and the call it makes.
    const page = await call(link);
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    const password = 'Owner-pass-2026!';
    const set = await call(`${staff}/api/auth/reset-password`, {
      json: { token, password, confirmPassword: password },
    });
    expect(set.status, set.text).toBe(200);
    const login = await call(`${staff}/api/staff/auth/login`, {
      json: { email: 'owner@shop.example', password },
    });
    expect(login.status, login.text).toBe(200);
    expect((login.json() as { user: { role?: { name: string } } }).user.role?.name).toBe('admin');
    // The link worked once.
    const again = await call(`${staff}/api/auth/reset-password`, {
      json: { token, password, confirmPassword: password },
    });
    expect(again.status).toBe(400);

    // Once an admin can log in, the command refuses: further staff are invited from the dashboard.
    const second = run('someone@shop.example');
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('an admin can already log in');
    expect(await countDemoUsers(database.url)).toEqual({ demo: 0, all: 1 });
  }, 120_000);
});

describe.skipIf(!baseUrl)('development start (compiled server)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    ensureFrontEndBuilds();
    database = await createScratchDatabase(baseUrl as string);
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  }, 60_000);

  it('still seeds the demo accounts and prints them', async () => {
    const entry = buildServer('production-start');
    server = await startServer({
      entry,
      databaseUrl: database.url,
      port: portBase + 2,
      env: { APP_ENV: 'development', ADMIN_PORT: String(portBase + 3) },
    });
    const printed = server.logs.map((l) => String(l.msg)).join('\n');
    expect(printed).toContain('Demo accounts (password: Demo1234!)');
    expect(printed).toContain('admin@demo.esim');
    expect(await countDemoUsers(database.url)).toMatchObject({ demo: 5 });
    const login = await call(`http://127.0.0.1:${portBase + 3}/api/staff/auth/login`, {
      json: { email: 'admin@demo.esim', password: 'Demo1234!' },
    });
    expect(login.status, login.text).toBe(200);
  }, 300_000);
});
