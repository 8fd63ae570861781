import { seedUser } from '@esim/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, uniqueEmail, uniquePhone } from '../test/harness';
import { isProviderNotice, isUnmeteredRead } from './rate-limit';

describe('isUnmeteredRead', () => {
  it('leaves built files and catalogue reads out of the per-address budget, nothing else', () => {
    for (const url of [
      '/assets/entry-abc.js',
      '/favicon.ico',
      '/fonts/x.woff2',
      '/api/catalogue/packages?page=2',
    ])
      expect(isUnmeteredRead({ method: 'GET', url }), url).toBe(true);
    for (const [method, url] of [
      ['POST', '/api/catalogue/packages'],
      ['GET', '/api/auth/user-profile'],
      ['GET', '/api/human-challenge'],
      ['GET', '/'],
      ['GET', '/countries/al'],
      ['POST', '/assets/x.js'],
    ] as const)
      expect(isUnmeteredRead({ method, url }), `${method} ${url}`).toBe(false);
  });
});

describe('isProviderNotice', () => {
  it("leaves the providers' notifications out of the per-address budget, nothing else", () => {
    expect(isProviderNotice({ method: 'POST', url: '/api/payments/webhooks/stripe' })).toBe(true);
    expect(isProviderNotice({ method: 'POST', url: '/api/esim-provider/webhooks/s3cret' })).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/payments/webhooks/stripe'],
      ['POST', '/api/payments/webhooks/stripe/extra'],
      ['POST', '/api/payments/webhooks/'],
      ['POST', '/api/orders'],
      ['POST', '/api/payments/checkout'],
    ] as const)
      expect(isProviderNotice({ method, url }), `${method} ${url}`).toBe(false);
  });
});

// The production defaults (ADR 0006), not the test harness's generous ones.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    RATE_LIMIT_PER_MINUTE: '600',
    AUTH_RATE_LIMIT_PER_IP: '30',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '10',
  });
}, 500_000);
afterAll(async () => {
  await ctx?.close();
});

const login = (email: string, password: string, remoteAddress = '203.0.113.7') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'accept-language': 'en' },
    payload: { email, password },
  });

describe('limits that cannot lock people out', () => {
  it('serves 2,000 asset and catalogue requests from one address while its 30 failed logins are refused', async () => {
    const address = '198.51.100.20';
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i += 1) {
      for (const url of [`/assets/chunk-${i}.js`, '/api/catalogue/destinations?kind=country']) {
        const response = await ctx.app.inject({ method: 'GET', url, remoteAddress: address });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
    }
    expect(statuses.get(429)).toBeUndefined();
    for (let i = 0; i < 30; i += 1)
      expect((await login(uniqueEmail('nobody'), 'wrong-password', address)).statusCode).toBe(401);
    const refused = await login(uniqueEmail('nobody'), 'wrong-password', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  }, 600_000);

  it("takes a provider's notices from one address past the per-address budget", async () => {
    const address = '198.51.100.30';
    const statuses = new Map<number, number>();
    for (let i = 0; i < 650; i += 1) {
      // Unsigned: each is refused on its own merits (400), none for the address's budget (429).
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/payments/webhooks/${ctx.deps.payments.name}`,
        remoteAddress: address,
        headers: { 'content-type': 'application/json' },
        payload: { id: `evt_${i}` },
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    expect(statuses.get(429)).toBeUndefined();
    // The same address is still metered elsewhere.
    for (let i = 0; i < 600; i += 1)
      await ctx.app.inject({ method: 'GET', url: '/api/settings/public', remoteAddress: address });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/settings/public', remoteAddress: address }))
        .statusCode,
    ).toBe(429);
  }, 120_000);

  it('never locks an account for correct logins, however many', async () => {
    const user = await seedUser(ctx.deps.db, { email: uniqueEmail('often'), phone: uniquePhone() });
    for (let i = 0; i < 15; i += 1)
      expect((await login(user.email, user.password, `192.0.2.${i + 1}`)).statusCode, `login ${i + 1}`).toBe(
        200,
      );
  }, 120_000);

  it('counts failed logins per account across addresses, and a successful login clears the count', async () => {
    const user = await seedUser(ctx.deps.db, { email: uniqueEmail('target'), phone: uniquePhone() });
    for (let i = 0; i < 9; i += 1)
      expect((await login(user.email, 'wrong', `192.0.2.${100 + i}`)).statusCode).toBe(401);
    expect((await login(user.email, user.password, '192.0.2.200')).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1)
      expect((await login(user.email, 'wrong', `192.0.2.${150 + i}`)).statusCode).toBe(401);
    // Ten failures in a row: the account waits, even for its correct password, from any address.
    expect((await login(user.email, user.password, '192.0.2.201')).statusCode).toBe(429);
  }, 120_000);

  it('limits signed-out orders per e-mail like forgot-password', async () => {
    const email = uniqueEmail('probe');
    const order = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        remoteAddress: `192.0.2.${20 + i}`,
        payload: {
          packageSlug: 'no-such-package',
          fullName: 'Probe Person',
          email,
          phoneNumber: uniquePhone(),
        },
      });
    // Without a solved human check each try is refused (422), and still counts: a list cannot be tested.
    for (let i = 0; i < 10; i += 1) expect((await order(i)).json().code).toBe('HUMAN_VERIFICATION_FAILED');
    expect((await order(10)).statusCode).toBe(429);
  }, 120_000);
});
