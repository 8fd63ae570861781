import { PassThrough } from 'node:stream';
import type { Database } from '@esim/db';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDeps } from './create-deps';
import { requestContext, requestIdMixin } from './lib/request-context';
import { createSharedCatalogue } from './modules/catalogue/shared-catalogue';
import { allowList } from './plugins/metrics';
import { openTestDatabase, testEnv } from './test/harness';

const metricsToken = 'metrics-token-for-tests-0123456789';
let lines: Record<string, unknown>[] = [];
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let serviceLog: pino.Logger;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({
    ...testEnv,
    LOG_LEVEL: 'info',
    APP_ENV: 'production',
    // A production-shaped config on the sandboxes (ADR 0013's staging opt-in): metrics access is what is tested.
    ALLOW_UNSAFE_STAGING: 'true',
    JWT_SECRET: 'x'.repeat(40),
    HUMAN_CHECK_SECRET: 'y'.repeat(20),
    METRICS_TOKEN: metricsToken,
    METRICS_ALLOW_CIDRS: '10.20.0.0/16',
  });
  const deps = await createDeps(config, { database });
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
  });
  // A service's own logger (not request.log), as createDeps builds them.
  serviceLog = pino({ mixin: requestIdMixin }, stream);
  app = await buildApp(deps, 'api', { logStream: stream });
  app.get('/api/test/log-from-service', { config: { access: 'public' } }, async (request) => {
    serviceLog.info('service line');
    app.log.info('app line');
    request.log.info('request line');
    return { ok: true };
  });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('request ids', () => {
  it('every line logged while serving a request carries its id, once, whichever logger wrote it', async () => {
    lines = [];
    const response = await app.inject({ method: 'GET', url: '/api/test/log-from-service' });
    const id = response.headers['x-request-id'];
    expect(typeof id).toBe('string');
    const written = lines.filter((l) => typeof l.msg === 'string' && String(l.msg).endsWith('line'));
    expect(written.map((l) => l.msg).sort()).toEqual(['app line', 'request line', 'service line']);
    for (const line of written) expect(line.reqId).toBe(id);
    // The request's own lines (incoming, completed) too.
    expect(lines.filter((l) => l.msg === 'request completed').map((l) => l.reqId)).toEqual([id]);
  });

  it("keeps a proxy's plain X-Request-Id and replaces one that is not a plain token", async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-42.a' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-42.a');
    const replaced = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('outside a request a service logs without an id', () => {
    lines = [];
    serviceLog.info('idle line');
    expect(lines[0]?.reqId).toBeUndefined();
    requestContext.run({ reqId: 'r-1' }, () => serviceLog.child({ reqId: 'r-1' }).info('bound'));
    expect(lines[1]?.reqId).toBe('r-1');
  });
});

describe('GET /metrics', () => {
  it('is not found for the public', async () => {
    const response = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(response.statusCode).toBe(404);
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${metricsToken}x` },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('answers the token in Prometheus text format: route latency, queue, outbox and order figures', async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health",status_code="200"\}/,
    );
    for (const name of [
      'esim_job_queue_depth',
      'esim_job_queue_oldest_age_seconds',
      'esim_outbox_backlog',
      'esim_outbox_oldest_age_seconds',
      'esim_order_payment_to_completed_seconds',
      'esim_orders_paid_waiting',
    ])
      expect(response.body).toContain(`# TYPE ${name} gauge`);
    expect(response.body).toMatch(/^esim_orders_paid_waiting \d+$/m);
  });

  it('answers the staff network without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.20.3.4' });
    expect(response.statusCode).toBe(200);
  });

  it('matches addresses against the configured networks, IPv4-mapped IPv6 included', () => {
    const allowed = allowList(['10.0.0.0/8', '::1/128']);
    expect(allowed('10.1.2.3')).toBe(true);
    expect(allowed('::ffff:10.1.2.3')).toBe(true);
    expect(allowed('::1')).toBe(true);
    expect(allowed('11.0.0.1')).toBe(false);
    expect(allowed('not an ip')).toBe(false);
  });
});

describe('runtime configuration', () => {
  it('refuses several processes on the embedded database, with the reason', () => {
    expect(() => loadConfig({ ...testEnv, WEB_CONCURRENCY: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...testEnv, WEB_CONCURRENCY: '2' })).toThrow(/DATABASE_URL/);
    const config = loadConfig({
      ...testEnv,
      WEB_CONCURRENCY: '2',
      DATABASE_URL: 'postgres://db/esim',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config.runtime.processes).toBe(2);
    expect(config.runtime.redis).toEqual({ url: 'redis://127.0.0.1:6379', keyPrefix: 'esim:' });
  });

  it('rejects a metrics network that is not one', () => {
    expect(() => loadConfig({ ...testEnv, METRICS_ALLOW_CIDRS: '10.0.0.0/33' })).toThrow(
      /METRICS_ALLOW_CIDRS/,
    );
    expect(loadConfig({ ...testEnv }).runtime.metrics.allowCidrs).toEqual(['127.0.0.0/8', '::1/128']);
    expect(
      loadConfig({
        ...testEnv,
        APP_ENV: 'production',
        ALLOW_UNSAFE_STAGING: 'true',
        JWT_SECRET: 'x'.repeat(40),
        HUMAN_CHECK_SECRET: 'y'.repeat(20),
      }).runtime.metrics.allowCidrs,
    ).toEqual([]);
  });
});

describe('shared catalogue', () => {
  it("a change made through one process drops the other's snapshot, not the sender's twice", async () => {
    const log = pino({ level: 'silent' });
    const raw = () => ({ get: vi.fn(), invalidate: vi.fn() });
    const a = raw();
    const b = raw();
    const sharedA = createSharedCatalogue(a as never, database, log);
    const sharedB = createSharedCatalogue(b as never, database, log);
    const stopA = await sharedA.listen();
    const stopB = await sharedB.listen();
    sharedA.invalidate();
    await vi.waitFor(() => expect(b.invalidate).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(a.invalidate).toHaveBeenCalledTimes(1);
    await stopA();
    await stopB();
  });
});
