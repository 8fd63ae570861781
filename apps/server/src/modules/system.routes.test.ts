import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { defaultGeneralOptions, settings } from '@esim/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMmdbGeoLocator } from '../adapters/geo/mmdb';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { AppDeps } from '../deps';
import { createTestContext, type TestContext, testEnv, uniqueEmail } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** A second app on the same database with other settings: cheaper than a second test database. */
const withApp = async (
  deps: Partial<AppDeps>,
  run: (app: FastifyInstance) => Promise<void>,
  options: { logStream?: NodeJS.WritableStream } = {},
) => {
  const app = await buildApp({ ...ctx.deps, ...deps }, 'api', options);
  try {
    await run(app);
  } finally {
    await app.close();
  }
};

describe('GET /api/health', () => {
  it('answers 200 with the database driver', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: ctx.deps.database.driver });
  });

  it('answers 503 when the database is unreachable', async () => {
    const database = {
      ...ctx.deps.database,
      ping: async () => {
        throw new Error('connection refused');
      },
    };
    await withApp({ database }, async (app) => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
    });
  });
});

describe('GET /api/geo', () => {
  const geo = (remoteAddress: string, headers: Record<string, string> = {}, app = ctx.app) =>
    app.inject({ method: 'GET', url: '/api/geo', remoteAddress, headers });

  it('finds the country of an IP in the embedded database, never from a shared or unchecked cache', async () => {
    const response = await geo('8.8.8.8');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ country_code: 'US' });
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect((await geo('2001:4860:4860::8888')).json()).toEqual({ country_code: 'US' });
  });

  it('answers null for loopback and reserved addresses', async () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '100.64.0.1', 'fe80::1']) {
      expect((await geo(ip)).json(), ip).toEqual({ country_code: null });
    }
  });

  // Private ranges: behind a proxy on a private network without TRUST_PROXY, visitors must not all become "AU".
  it('answers null for the 192.168/16 and 172.16/12 private ranges', async () => {
    for (const ip of ['192.168.0.10', '172.17.0.2']) {
      expect((await geo(ip)).json(), ip).toEqual({ country_code: null });
    }
  });

  it('behind a declared proxy lets a CDN country header win over the IP, upper-cased; ignores a malformed one', async () => {
    const config = loadConfig({ ...testEnv, TRUST_PROXY: 'true' });
    const geoLocator = createMmdbGeoLocator({ trustProxyHeaders: true });
    await withApp({ config, geo: geoLocator }, async (app) => {
      expect((await geo('8.8.8.8', { 'x-country-code': 'al' }, app)).json()).toEqual({ country_code: 'AL' });
      expect((await geo('127.0.0.1', { 'cf-ipcountry': 'XK' }, app)).json()).toEqual({ country_code: 'XK' });
      expect((await geo('8.8.8.8', { 'x-country-code': '<script>' }, app)).json()).toEqual({
        country_code: 'US',
      });
      expect((await geo('8.8.8.8', { 'x-country-code': "' OR 1=1--" }, app)).json()).toEqual({
        country_code: 'US',
      });
    });
  });

  it('ignores CDN country headers from any client while TRUST_PROXY is off', async () => {
    expect((await geo('8.8.8.8', { 'x-country-code': 'AL' })).json()).toEqual({ country_code: 'US' });
    expect((await geo('127.0.0.1', { 'cf-ipcountry': 'XK' })).json()).toEqual({ country_code: null });
    expect((await geo('8.8.8.8', { 'cloudfront-viewer-country': 'DE' })).json()).toEqual({
      country_code: 'US',
    });
  });

  it('warns once, not per request, when X-Forwarded-For arrives while TRUST_PROXY is off', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({ ...testEnv, LOG_LEVEL: 'warn' });
    await withApp(
      { config },
      async (app) => {
        for (let i = 0; i < 5; i += 1) await geo('127.0.0.1', { 'x-forwarded-for': '8.8.8.8' }, app);
      },
      { logStream: stream },
    );
    const warnings = lines.filter((line) => line.includes('TRUST_PROXY is off'));
    expect(warnings).toHaveLength(1);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is on', async () => {
    expect((await geo('127.0.0.1', { 'x-forwarded-for': '8.8.8.8' })).json()).toEqual({ country_code: null });
    const config = loadConfig({ ...testEnv, TRUST_PROXY: 'true' });
    await withApp({ config }, async (app) => {
      expect((await geo('127.0.0.1', { 'x-forwarded-for': '8.8.8.8' }, app)).json()).toEqual({
        country_code: 'US',
      });
    });
  });
});

describe('GET /api/settings/public', () => {
  it('answers the support e-mail and WhatsApp number (defaults when none are stored)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      supportEmail: expect.stringContaining('@'),
      whatsappNumber: expect.stringMatching(/^\+\d+$/),
    });
    // Short: a contact changed in settings reaches every client within seconds.
    expect(response.headers['cache-control']).toBe('public, max-age=10');
  });

  it('answers the stored options, and only the public ones', async () => {
    const [before] = await ctx.deps.db.select().from(settings).where(eq(settings.key, 'general'));
    const value = { ...defaultGeneralOptions, supportEmail: 'help@shop.example' };
    await ctx.deps.db
      .insert(settings)
      .values({ key: 'general', value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
      expect(response.json()).toEqual({
        supportEmail: 'help@shop.example',
        whatsappNumber: defaultGeneralOptions.whatsappNumber,
      });
    } finally {
      if (before)
        await ctx.deps.db.update(settings).set({ value: before.value }).where(eq(settings.key, 'general'));
      else await ctx.deps.db.delete(settings).where(eq(settings.key, 'general'));
    }
  });
});

describe('GET /api/human-challenge', () => {
  it('answers a signed ALTCHA challenge that expires in about ten minutes; each one is new', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/human-challenge' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const challenge = first.json();
    expect(challenge).toEqual({
      parameters: expect.objectContaining({
        algorithm: 'SHA-256',
        nonce: expect.any(String),
        salt: expect.any(String),
        cost: expect.any(Number),
        keyLength: expect.any(Number),
        keyPrefix: '0',
        expiresAt: expect.any(Number),
      }),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const minutesLeft = (challenge.parameters.expiresAt * 1000 - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(9);
    expect(minutesLeft).toBeLessThanOrEqual(10);
    const second = (await ctx.app.inject({ method: 'GET', url: '/api/human-challenge' })).json();
    expect(second.parameters.nonce).not.toBe(challenge.parameters.nonce);
    expect(second.signature).not.toBe(challenge.signature);
  });
});

describe('GET /api/dev/outbox', () => {
  it('lists sent mails newest first', async () => {
    const older = uniqueEmail('older');
    const newer = uniqueEmail('newer');
    await ctx.deps.mailer.send({ to: older, subject: 'First', text: 'one' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ctx.deps.mailer.send({ to: newer, subject: 'Second', text: 'two', html: '<p>two</p>' });
    await ctx.deps.mailer.deliverPending();
    await ctx.deps.mailer.deliverPending();

    const response = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const items = response.json().items as { to: string; created_at: string }[];
    const newerIndex = items.findIndex((item) => item.to === newer);
    const olderIndex = items.findIndex((item) => item.to === older);
    expect(newerIndex).toBeGreaterThanOrEqual(0);
    expect(olderIndex).toBeGreaterThan(newerIndex);
    expect(items[newerIndex]).toEqual({
      id: expect.any(String),
      channel: 'email',
      to: newer,
      subject: 'Second',
      text: 'two',
      html: '<p>two</p>',
      attachments: [],
      status: 'sent',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const times = items.map((item) => Date.parse(item.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('lists attachments and serves each one with its type', async () => {
    const to = uniqueEmail('attached');
    await ctx.deps.mailer.send({
      to,
      subject: 'With files',
      text: 'see attached',
      attachments: [
        {
          filename: 'qr.png',
          contentType: 'image/png',
          contentBase64: Buffer.from('png').toString('base64'),
          cid: 'qr',
        },
        {
          filename: 'invoice.pdf',
          contentType: 'application/pdf',
          contentBase64: Buffer.from('%PDF-').toString('base64'),
        },
      ],
    });
    const items = (await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().items as {
      to: string;
      attachments: { filename: string; contentType: string; inline: boolean; url: string }[];
    }[];
    const message = items.find((item) => item.to === to);
    expect(message?.attachments.map(({ filename, inline }) => ({ filename, inline }))).toEqual([
      { filename: 'qr.png', inline: true },
      { filename: 'invoice.pdf', inline: false },
    ]);
    const pdf = await ctx.app.inject({ method: 'GET', url: message?.attachments[1]?.url ?? '' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body).toBe('%PDF-');
    const missing = await ctx.app.inject({
      method: 'GET',
      url: `${message?.attachments[1]?.url.slice(0, -1)}7`,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is absent (404) when DEV_MAILBOX=false', async () => {
    await withApp({ config: loadConfig({ ...testEnv, DEV_MAILBOX: 'false' }) }, async (app) => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'The page or item you are looking for does not exist.',
      });
    });
  });
});

describe('GET /api/docs/json', () => {
  it('is an OpenAPI 3 document with every foundation path and the shared schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/geo',
        '/api/settings/public',
        '/api/human-challenge',
        '/api/auth/login',
        '/api/auth/register',
        '/api/auth/refresh',
        '/api/auth/logout',
        '/api/auth/user-profile',
        '/api/auth/forgot-password',
        '/api/auth/reset-password',
        '/api/account/profile',
        '/api/account/password',
        '/api/portal/auth/login',
        '/api/portal/auth/register',
        '/api/portal/auth/verify-email',
        '/api/portal/profile',
        '/api/portal/password',
        '/api/staff/auth/login',
        '/api/staff/profile',
        '/api/staff/password',
        '/api/staff/orders',
        '/api/staff/orders/{orderId}',
        '/api/staff/orders/analytics',
        '/api/staff/orders/analytics.csv',
        '/api/staff/refunds',
        '/api/staff/orders/{orderId}/refunds',
        '/api/staff/orders/{orderId}/refunds/{refundId}/retry',
        '/api/staff/clients/{clientId}/refunds',
      ]),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema).toBeTruthy();
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'User',
        'TokenResponse',
        'StaffOrderPage',
        'PagedStaffOrders',
        'OrderTimelineEvent',
        'OrderAnalytics',
        'StaffRefund',
        'PagedStaffRefunds',
        'CreateRefundBody',
        'OrderRefundQuote',
      ]),
    );
  });

  it('answers while another copy of the contracts in the process names the same schemas', async () => {
    // The running server also loads the site's server build, whose bundled contracts are a second copy: when
    // both named their schemas in zod's process-wide registry, the document failed with "Duplicate schema id".
    const copies = ['OrderRefund', 'PackageSummary', 'Error'].map((id) =>
      z.object({ copy: z.string() }).meta({ id }),
    );
    const app = await buildApp(ctx.deps, 'api');
    try {
      const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(Object.keys(response.json().components.schemas)).toEqual(
        expect.arrayContaining(['OrderRefund', 'PackageSummary', 'Error']),
      );
    } finally {
      for (const copy of copies) z.globalRegistry.remove(copy);
      await app.close();
    }
  });

  it('serves the documentation page from our own origin', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBeLessThan(400);
  });
});

describe('unknown paths and bad input', () => {
  it('answers an unknown /api path with a translated 404 NOT_FOUND envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await ctx.app.inject({
        method,
        url: '/api/does-not-exist',
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'The page or item you are looking for does not exist.',
      });
    }
    const german = await ctx.app.inject({
      method: 'GET',
      url: '/api/does-not-exist',
      headers: { 'accept-language': 'de' },
    });
    expect(german.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Die gesuchte Seite bzw. der gesuchte Eintrag existiert nicht.',
    });
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a 1 MB JSON body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
  });

  it('answers 400 BAD_REQUEST for malformed or empty JSON', async () => {
    for (const payload of ['{"email": "a@b.test",', '', '{"__proto__": {"admin": true}}']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'The request could not be read.' });
    }
  });

  it('translates error messages with Accept-Language (de, de-AT, default sq, unknown → en)', async () => {
    const login = (language?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: language === undefined ? {} : { 'accept-language': language },
        payload: {},
      });
    expect((await login('de')).json().errors.email).toEqual(['E-Mail ist erforderlich']);
    expect((await login('de-AT,de;q=0.9')).json().errors.email[0]).toContain('erforderlich');
    expect((await login('ja')).json().errors.email).toEqual(['E-mail is required']);
    const sq = (await login()).json();
    expect(sq.errors.email[0]).not.toBe('E-mail is required');
    expect(sq.message).not.toBe('Please check the highlighted fields.');
  });

  it('never answers 500 for odd requests', async () => {
    const requests: InjectOptions[] = [
      { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hi' },
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '[]',
      },
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: 'null',
      },
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      },
      { method: 'POST', url: '/api/auth/login', payload: { email: ['a@b.test'], password: { $ne: '' } } },
      { method: 'GET', url: '/api/auth/user-profile', headers: { authorization: 'Bearer' } },
      {
        method: 'GET',
        url: '/api/auth/user-profile',
        headers: { authorization: `Bearer ${'a'.repeat(5000)}` },
      },
      { method: 'GET', url: '/api/auth/user-profile', headers: { authorization: 'Basic dXNlcjpwYXNz' } },
      { method: 'GET', url: '/api/auth/user-profile', headers: { authorization: 'Bearer a.b.c' } },
      { method: 'POST', url: '/api/auth/refresh', headers: { authorization: 'Bearer e30.e30.' } },
      { method: 'GET', url: '/api/%E0%A4%A', headers: {} },
    ];
    for (const request of requests) {
      const response = await ctx.app.inject({
        ...request,
        headers: { 'accept-language': 'en', ...request.headers },
      });
      expect(response.statusCode, `${request.method} ${request.url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${request.method} ${request.url}`).toBeLessThan(500);
      expect(response.json()).toEqual(
        expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      );
    }
  });
});

describe('security headers', () => {
  const scriptSrc = (csp: string) =>
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith('script-src')) ?? '';

  it('locks JSON answers down completely: no scripts, no framing', async () => {
    for (const url of ['/api/health', '/api/does-not-exist']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("gives documents a CSP with a fresh nonce and the hashes of the SPA's own inline scripts, never unsafe-inline", async () => {
    const inline = 'window.__boot = 1;';
    const dir = mkdtempSync(join(tmpdir(), 'admin-build-'));
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><html><head><script>${inline}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
    );
    const config = { ...ctx.config, adminBuildDir: dir };
    const app = await buildApp({ ...ctx.deps, config }, 'staff');
    try {
      const first = await app.inject({ method: 'GET', url: '/clients/all-users' });
      const second = await app.inject({ method: 'GET', url: '/' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toContain('text/html');
      const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
      for (const response of [first, second]) {
        const csp = String(response.headers['content-security-policy']);
        expect(scriptSrc(csp)).toMatch(
          new RegExp(`^script-src 'self' 'nonce-[A-Za-z0-9+/=]+' ${hash.replace(/[+/=]/g, '\\$&')}$`),
        );
        expect(scriptSrc(csp)).not.toContain('unsafe');
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).not.toContain('upgrade-insecure-requests');
      }
      expect(scriptSrc(String(first.headers['content-security-policy']))).not.toBe(
        scriptSrc(String(second.headers['content-security-policy'])),
      );
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives built scripts, stylesheets and fonts only nosniff and CORP; SVG keeps the document headers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-build-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    writeFileSync(join(dir, 'assets/app-1.js'), 'export const a = 1;');
    writeFileSync(join(dir, 'assets/app-1.css'), 'body{margin:0}');
    writeFileSync(join(dir, 'assets/logo-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const app = await buildApp({ ...ctx.deps, config: { ...ctx.config, adminBuildDir: dir } }, 'staff');
    try {
      for (const url of ['/assets/app-1.js', '/assets/app-1.css']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
        for (const documentOnly of [
          'content-security-policy',
          'x-frame-options',
          'cross-origin-opener-policy',
        ])
          expect(response.headers[documentOnly]).toBeUndefined();
      }
      const svg = await app.inject({ method: 'GET', url: '/assets/logo-1.svg' });
      expect(svg.statusCode).toBe(200);
      expect(String(svg.headers['content-security-policy'])).toContain("object-src 'none'");
      expect(svg.headers['x-frame-options']).toBe('SAMEORIGIN');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends HSTS in production (a staging with sandboxes, by opt-in) and hides the dev mailbox', async () => {
    const config = loadConfig({
      ...testEnv,
      APP_ENV: 'production',
      ALLOW_UNSAFE_STAGING: 'true',
      JWT_SECRET: 'a-production-secret-that-is-long-enough-0123',
      HUMAN_CHECK_SECRET: 'a-human-check-secret',
    });
    await withApp({ config }, async (app) => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    });
  });
});
