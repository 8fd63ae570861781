import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type Surface } from '../app';
import { createTestContext, type TestContext } from '../test/harness';

// ADR 0032: a page opened on another of the app's names moves to the configured one before anything starts there
// (browser storage is per origin, and payment returns and e-mails lead to the configured URL); machines keep
// calling the API, webhooks, health and metrics on any host.

let ctx: TestContext;
let site: FastifyInstance;
let wwwSite: FastifyInstance;
let staff: FastifyInstance;
const buildDirs: string[] = [];

/** An empty build folder (the site) or a one-file SPA (the staff dashboard): the redirect needs no front end. */
const buildDir = (indexHtml?: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'canonical-host-'));
  if (indexHtml) writeFileSync(join(dir, 'index.html'), indexHtml);
  buildDirs.push(dir);
  return dir;
};

const appFor = async (surface: Surface, urls: { siteUrl?: string; adminUrl?: string }) => {
  const app = await buildApp(
    {
      ...ctx.deps,
      config: {
        ...ctx.config,
        ...urls,
        webBuildDir: buildDir(),
        adminBuildDir: buildDir('<!doctype html><html><head></head><body>staff</body></html>'),
      },
    },
    surface,
  );
  await app.ready();
  return app;
};

beforeAll(async () => {
  ctx = await createTestContext();
  site = await appFor('site', { siteUrl: 'http://localhost:3000' });
  wwwSite = await appFor('site', { siteUrl: 'https://esim.example' });
  staff = await appFor('staff', { adminUrl: 'http://localhost:3001' });
});
afterAll(async () => {
  await Promise.all([site?.close(), wwwSite?.close(), staff?.close()]);
  await ctx.close();
  for (const dir of buildDirs) rmSync(dir, { recursive: true, force: true });
});

describe('page requests on an alias of SITE_URL move to its host', () => {
  it('redirects GET and HEAD permanently, keeping the path and the query', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await site.inject({
        method,
        url: '/payment/failed?order=abc&package=de-5gb-30d&session_id=s1',
        headers: { host: '127.0.0.1:3000' },
      });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(
        'http://localhost:3000/payment/failed?order=abc&package=de-5gb-30d&session_id=s1',
      );
      expect(response.headers['cache-control']).toBe('max-age=3600');
    }
    const home = await site.inject({ method: 'GET', url: '/', headers: { host: '[::1]:3000' } });
    expect(home.statusCode).toBe(301);
    expect(home.headers.location).toBe('http://localhost:3000/');
  });

  it('sends www. to the bare domain of SITE_URL, with its scheme', async () => {
    const response = await wwwSite.inject({
      method: 'GET',
      url: '/countries/de?lang=de',
      headers: { host: 'WWW.esim.example' },
    });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('https://esim.example/countries/de?lang=de');
  });

  it('takes the host a trusted proxy reports', async () => {
    const app = await buildApp(
      {
        ...ctx.deps,
        config: { ...ctx.config, siteUrl: 'https://esim.example', trustProxy: true, webBuildDir: buildDir() },
      },
      'site',
    );
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/faq',
        headers: { host: '10.0.0.7:3000', 'x-forwarded-host': 'www.esim.example' },
      });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe('https://esim.example/faq');
    } finally {
      await app.close();
    }
  });

  it('leaves the canonical host, foreign hosts and bare addresses alone (no loop, no open redirect)', async () => {
    for (const host of ['localhost:3000', '10.0.0.5:3000', 'evil.example', '127.0.0.1:4000']) {
      const response = await site.inject({ method: 'GET', url: '/faq', headers: { host } });
      expect(response.statusCode, host).not.toBe(301);
    }
  });

  it('never redirects the API, health checks, metrics or a provider webhook on an alias', async () => {
    const host = '127.0.0.1:3000';
    const health = await site.inject({ method: 'GET', url: '/api/health', headers: { host } });
    expect(health.statusCode).toBe(200);
    const catalogue = await site.inject({
      method: 'GET',
      url: '/api/catalogue/countries',
      headers: { host },
    });
    expect(catalogue.statusCode).not.toBe(301);
    const metrics = await site.inject({ method: 'GET', url: '/metrics', headers: { host } });
    expect(metrics.statusCode).not.toBe(301);
    const webhook = await site.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { host, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(webhook.statusCode).not.toBe(301);
    expect(webhook.headers.location).toBeUndefined();
  });

  it('does not redirect a form post (a redirect would turn it into a GET)', async () => {
    const response = await site.inject({
      method: 'POST',
      url: '/cookie-consent',
      headers: { host: '127.0.0.1:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=declined',
    });
    expect(response.statusCode).not.toBe(301);
  });
});

describe('the staff dashboard does the same for ADMIN_URL', () => {
  it('sends its pages to ADMIN_URL’s host and keeps its API on any host', async () => {
    const page = await staff.inject({
      method: 'GET',
      url: '/clients/all-users?page=2',
      headers: { host: '127.0.0.1:3001' },
    });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('http://localhost:3001/clients/all-users?page=2');
    const onCanonical = await staff.inject({ method: 'GET', url: '/', headers: { host: 'localhost:3001' } });
    expect(onCanonical.statusCode).toBe(200);
    const health = await staff.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: '127.0.0.1:3001' },
    });
    expect(health.statusCode).toBe(200);
  });
});
