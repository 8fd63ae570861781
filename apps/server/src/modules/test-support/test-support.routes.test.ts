import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { createTestContext, loginAs, loginPaths, type TestContext, testEnv } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ensureCatalogue(ctx.deps, ctx.app.log);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const createUser = (payload: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/test/users', payload });

describe('test-support routes (APP_ENV=test)', () => {
  it('creates a customer, a shop user and each staff role that can sign in, and deletes them', async () => {
    for (const [payload, kind] of [
      [{ kind: 'customer' }, 'customer'],
      [{ kind: 'shop' }, 'shop'],
      [{ kind: 'staff', role: 'admin' }, 'staff'],
      [{ kind: 'staff', role: 'editor' }, 'staff'],
      [{ kind: 'staff', role: 'analytics' }, 'staff'],
    ] as const) {
      const created = await createUser(payload);
      expect(created.statusCode).toBe(201);
      const user = created.json() as { id: string; email: string; password: string };
      const login = await loginAs(ctx.app, kind, user.email, user.password);
      expect(login.user.email).toBe(user.email);
      if ('role' in payload) expect(login.user.role?.name).toBe(payload.role);

      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/test/users/${user.id}` })).statusCode).toBe(
        204,
      );
      const again = await ctx.app.inject({
        method: 'POST',
        url: loginPaths[kind],
        payload: { email: user.email, password: user.password },
      });
      expect(again.statusCode).toBe(401);
    }
  });

  it('refuses an unknown kind or role', async () => {
    expect((await createUser({ kind: 'root' })).statusCode).toBe(422);
    expect((await createUser({ kind: 'staff', role: 'owner' })).statusCode).toBe(422);
  });

  it('creates a failed order the staff list shows, and deletes it', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/failed-orders',
      payload: { buyerEmail: 'failed-buyer@example.test' },
    });
    expect(created.statusCode).toBe(201);
    const order = created.json() as { id: string; number: string };
    const admin = (await createUser({ kind: 'staff', role: 'admin' })).json() as {
      email: string;
      password: string;
    };
    const { access_token } = await loginAs(ctx.app, 'staff', admin.email, admin.password);
    const list = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/staff/orders/failed',
          headers: { authorization: `Bearer ${access_token}` },
        })
      ).json() as { items: { id: string; buyerEmail: string; number: string }[] };
    expect((await list()).items).toContainEqual(
      expect.objectContaining({
        id: order.id,
        number: order.number,
        buyerEmail: 'failed-buyer@example.test',
      }),
    );
    await ctx.app.inject({ method: 'DELETE', url: `/api/test/failed-orders/${order.id}` });
    expect((await list()).items.map((item) => item.id)).not.toContain(order.id);
  });
});

describe('eSIM lifecycle fixtures (ADR 0091)', () => {
  it("creates a customer's paid, unused eSIM bought days ago, which the job run now lists", async () => {
    const user = (await createUser({ kind: 'customer' })).json();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/paid-esim-orders',
      payload: { userId: user.id, daysAgo: 40 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id: expect.any(String), esimId: expect.any(String) });
    const run = await ctx.app.inject({ method: 'POST', url: '/api/test/esim-release-job' });
    expect(run.statusCode).toBe(200);
    expect(run.json().listed).toBeGreaterThanOrEqual(1);
  });
});

describe('test-support routes outside APP_ENV=test', () => {
  for (const env of [
    { APP_ENV: 'development' },
    {
      APP_ENV: 'production',
      ALLOW_UNSAFE_STAGING: 'true',
      JWT_SECRET: 'a-production-secret-that-is-long-enough-0123',
      HUMAN_CHECK_SECRET: 'a-human-check-secret',
    },
  ])
    it(`are not registered in ${env.APP_ENV}`, async () => {
      const app = await buildApp({ ...ctx.deps, config: loadConfig({ ...testEnv, ...env }) }, 'api');
      try {
        for (const [method, url] of [
          ['POST', '/api/test/users'],
          ['DELETE', '/api/test/users/00000000-0000-4000-8000-000000000000'],
          ['POST', '/api/test/failed-orders'],
          ['POST', '/api/test/paid-esim-orders'],
          ['POST', '/api/test/esim-release-job'],
        ] as const) {
          const response = await app.inject({ method, url, payload: { kind: 'customer' } });
          expect(response.statusCode).toBe(404);
        }
      } finally {
        await app.close();
      }
    });
});
