import { type Paged, tokenKinds } from '@esim/contracts';
import type { Shop, ShopDetail } from '@esim/contracts/staff';
import { creditLedger, seedShopUser } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/callers';
import { createTestContext, loginAs, type TestContext, uniqueEmail, uniquePhone } from '../../test/harness';

// Issue 12: shops for staff: list, a shop's page, approve / suspend / reactivate, sellShopPrice, credit adjustments.
let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'admin');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = admin) =>
  ctx.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...headers },
    ...(payload ? { payload } : {}),
  });
const detail = async (shopId: string, query = '') => {
  const response = await call('GET', `/api/staff/shops/${shopId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ShopDetail;
};
const newShop = (status: 'pending_verification' | 'active' = 'active') =>
  seedShopUser(
    ctx.deps.db,
    { email: uniqueEmail('shop-owner'), phone: uniquePhone() },
    { name: `Kiosk ${uniqueEmail('n').slice(0, 18)}`, status },
  );
let keys = 0;
const adjust = (shopId: string, body: Record<string, unknown>) =>
  call('POST', `/api/staff/shops/${shopId}/adjustments`, {
    bucket: 'credit',
    reason: 'Goodwill for a failed delivery',
    idempotencyKey: `key-${Date.now()}-${keys++}`,
    ...body,
  });

describe('shops for staff', () => {
  it('approves a pending shop: its user can then log in to the portal; the history says who did it', async () => {
    const { shop, user } = await newShop('pending_verification');
    await expect(loginAs(ctx.app, 'shop', user.email, user.password)).rejects.toThrow(/403/);

    const before = await detail(shop.id);
    expect(before.shop.status).toBe('pending_verification');
    const approved = await call('POST', `/api/staff/shops/${shop.id}/approve`, {
      version: before.shop.version,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(`${shop.name} is approved: its users can now buy.`);
    const token = (await loginAs(ctx.app, 'shop', user.email, user.password)).access_token;
    const portal = { authorization: `Bearer ${token}` };
    expect((await call('GET', '/api/portal/credits', undefined, portal)).statusCode).toBe(200);

    const again = await call('POST', `/api/staff/shops/${shop.id}/approve`, {
      version: approved.json().shop.version,
    });
    expect(again.json().code).toBe('ACTION_NOT_ALLOWED');
    const { history } = await detail(shop.id);
    expect(history.map((h) => [h.action, h.before, h.after])).toEqual([
      ['shop.approve', { status: 'pending_verification' }, { status: 'active' }],
    ]);
  });

  it('suspends and reactivates; a stale version is refused', async () => {
    const { shop, user } = await newShop();
    const token = (await loginAs(ctx.app, 'shop', user.email, user.password)).access_token;
    const portal = { authorization: `Bearer ${token}` };
    expect((await call('GET', '/api/portal/profile', undefined, portal)).statusCode).toBe(200);
    const v1 = (await detail(shop.id)).shop.version;
    const suspended = await call('POST', `/api/staff/shops/${shop.id}/suspend`, { version: v1 });
    expect(suspended.json().shop.status).toBe('suspended');
    // Suspended (ADR 0092): no new login; the open session stays read-only, its money routes refused.
    expect((await call('GET', '/api/portal/profile', undefined, portal)).statusCode).toBe(200);
    expect((await call('GET', '/api/portal/credits', undefined, portal)).json().code).toBe('SHOP_NOT_ACTIVE');
    const relogin = await call(
      'POST',
      '/api/portal/auth/login',
      { email: user.email, password: user.password },
      {},
    );
    expect(relogin.json().code).toBe('ACCOUNT_BLOCKED');
    const stale = await call('POST', `/api/staff/shops/${shop.id}/reactivate`, { version: v1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('RECORD_CHANGED');
    const back = await call('POST', `/api/staff/shops/${shop.id}/reactivate`, {
      version: suspended.json().shop.version,
    });
    expect(back.json().shop.status).toBe('active');
  });

  it('edits sellShopPrice and refuses out-of-range values', async () => {
    const { shop } = await newShop();
    const { version } = (await detail(shop.id)).shop;
    const bad = await call('PATCH', `/api/staff/shops/${shop.id}`, { version, sellShopPrice: -5 });
    expect(bad.statusCode).toBe(422);
    const saved = await call('PATCH', `/api/staff/shops/${shop.id}`, { version, sellShopPrice: 35 });
    expect(saved.json().shop.sellShopPrice).toBe(35);
  });

  it("sets the shop's own bonus tiers, which its top-up quotes then use; null goes back to the settings'", async () => {
    const { shop, user } = await newShop();
    const portal = {
      authorization: `Bearer ${(await loginAs(ctx.app, 'shop', user.email, user.password)).access_token}`,
    };
    const quote = async () =>
      (await call('GET', '/api/portal/topups/quote?amountCents=50000', undefined, portal)).json().bonusCents;
    const standard = await quote();

    const { version } = (await detail(shop.id)).shop;
    const duplicate = await call('PATCH', `/api/staff/shops/${shop.id}`, {
      version,
      sellShopPrice: 20,
      bonusTiers: [
        { fromCents: 20_000, percent: 5 },
        { fromCents: 20_000, percent: 6 },
      ],
    });
    expect(duplicate.statusCode).toBe(422);
    const own = await call('PATCH', `/api/staff/shops/${shop.id}`, {
      version,
      sellShopPrice: 20,
      bonusTiers: [
        { fromCents: 40_000, percent: 12 },
        { fromCents: 20_000, percent: 6 },
      ],
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().shop.bonusTiers).toEqual([
      { fromCents: 20_000, percent: 6 },
      { fromCents: 40_000, percent: 12 },
    ]);
    expect(await quote()).toBe(6_000);

    const reset = await call('PATCH', `/api/staff/shops/${shop.id}`, {
      version: own.json().shop.version,
      sellShopPrice: 20,
      bonusTiers: null,
    });
    expect(reset.json().shop.bonusTiers).toBeNull();
    expect(await quote()).toBe(standard);
  });

  it('adjusts credit with a reason: ledger row and audit row, running balance on the page; a double click counts once', async () => {
    const { shop } = await newShop();
    const idempotencyKey = `double-${Date.now()}`;
    const [first, second] = await Promise.all([
      adjust(shop.id, { direction: 'add', amountCents: 25_000, idempotencyKey }),
      adjust(shop.id, { direction: 'add', amountCents: 25_000, idempotencyKey }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().shop.creditCents).toBe(25_000);
    await adjust(shop.id, {
      direction: 'remove',
      amountCents: 5_000,
      reason: 'Correction of a wrong top-up',
    });
    await adjust(shop.id, { direction: 'add', amountCents: 1_000, bucket: 'bonus' });

    const page = await detail(shop.id);
    expect(page.shop).toMatchObject({ creditCents: 20_000, bonusCents: 1_000, totalCents: 21_000 });
    const entries = page.statement.entries.items;
    expect(
      entries.map((e) => [e.kind, e.bucket, e.amountCents, e.creditAfterCents, e.bonusAfterCents]),
    ).toEqual([
      ['adjustment', 'credit', 25_000, 25_000, 0],
      ['adjustment', 'credit', -5_000, 20_000, 0],
      ['adjustment', 'bonus', 1_000, 20_000, 1_000],
    ]);
    expect(page.statement.closing).toMatchObject({ creditCents: 20_000, bonusCents: 1_000 });
    const rows = await ctx.deps.db.select().from(creditLedger).where(eq(creditLedger.shopId, shop.id));
    expect(rows.map((r) => r.note)).toContain('Correction of a wrong top-up');
    expect(page.history.filter((h) => h.action === 'shop.adjust-credit')).toHaveLength(3);
  });

  it('never adjusts below zero: says the most that can be removed, and changes nothing', async () => {
    const { shop } = await newShop();
    await adjust(shop.id, { direction: 'add', amountCents: 1_000 });
    const over = await adjust(shop.id, { direction: 'remove', amountCents: 1_500 });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(
      "This would take the shop's credit below zero: at most 10.00 can be removed.",
    );
    expect(over.json().errors.amountCents).toBeTruthy();
    expect((await detail(shop.id)).shop.creditCents).toBe(1_000);
    for (const body of [
      { direction: 'add', amountCents: 0 },
      { direction: 'up', amountCents: 5 },
      { direction: 'add', amountCents: 5, reason: '' },
    ]) {
      expect((await adjust(shop.id, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('lists shops by name or user e-mail and status; admin only; unknown shop 404', async () => {
    const { shop, user } = await newShop('pending_verification');
    const byEmail = (
      await call('GET', `/api/staff/shops?q=${encodeURIComponent(user.email)}`)
    ).json() as Paged<Shop>;
    expect(byEmail.items.map((s) => s.id)).toEqual([shop.id]);
    expect(byEmail.items[0]).toMatchObject({
      ownerEmail: user.email,
      usersCount: 1,
      status: 'pending_verification',
    });
    const pending = (
      await call('GET', '/api/staff/shops?status=pending_verification&pageSize=200')
    ).json() as Paged<Shop>;
    expect(pending.items.every((s) => s.status === 'pending_verification')).toBe(true);
    expect((await call('GET', '/api/staff/shops/7d0f9a53-3c51-4a8e-9d38-2a3f4c5b6d7e')).statusCode).toBe(404);
    for (const kind of tokenKinds) {
      const response = await call('GET', '/api/staff/shops', undefined, await signInAs(ctx, kind));
      expect(response.statusCode, kind).toBe(kind === 'admin' ? 200 : kind === 'none' ? 401 : 403);
    }
  });
});
