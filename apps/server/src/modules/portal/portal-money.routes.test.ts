import { creditLedger, esimPackages, esims, orders, packages, shops } from '@esim/db';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { createSignedInUser, createTestContext, type TestContext } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { lowBalanceStep, postEntries } from '../credits/credits.service';

// Issue 11, the portal's money screens: home summary, idempotent top-ups, orders with date filters and CSV,
// the statement PDF, the shop's profile and the low-balance e-mail. Fulfilment is not started: purchases stay
// paid, which is all these endpoints need.
let ctx: TestContext;
let slug: string;
let priceCents: number;

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    { esimProvider: createSandboxEsimProvider({ allocationDelayMs: 0, usageMbPerMinute: 0 }) },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  const [pkg] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.type, 'local'), eq(packages.active, true), isNotNull(packages.resellerPriceCents)))
    .limit(1);
  slug = pkg?.slug ?? '';
  priceCents = pkg?.resellerPriceCents ?? 0;
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const en = { 'accept-language': 'en' };
let keyCounter = 0;
const newKey = () => `key-${Date.now().toString(36)}-${keyCounter++}`;

const newShop = async () => {
  const signed = await createSignedInUser(ctx, 'shop');
  const shopId = signed.user.shopId ?? '';
  return { ...signed, shopId, headers: { ...signed.auth, ...en } };
};
type Shop = Awaited<ReturnType<typeof newShop>>;

const fund = (shopId: string, creditCents: number, bonusCents = 0) =>
  ctx.deps.db.transaction((tx) =>
    postEntries(tx, {
      shopId,
      orderId: null,
      movements: [
        { kind: 'adjustment', bucket: 'credit', amountCents: creditCents, idempotencyKey: `f:${newKey()}:c` },
        { kind: 'adjustment', bucket: 'bonus', amountCents: bonusCents, idempotencyKey: `f:${newKey()}:b` },
      ],
    }),
  );

const subscriber = { name: 'Besa', lastname: 'Hoxha', email: 'besa@example.test', country: 'AL' };
const purchase = (shop: Shop) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/portal/orders',
    headers: shop.headers,
    payload: { packageSlug: slug, subscriber, idempotencyKey: newKey() },
  });
const get = (shop: Pick<Shop, 'headers'>, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: shop.headers });
const topUp = (shop: Shop, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/portal/topups', headers: shop.headers, payload });

const waitFor = async (check: () => Promise<boolean>, ms = 15_000) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
};

/** Pays a top-up on the sandbox card page with 4242 and waits for its credit. */
const payTopUp = async (orderId: string, checkoutUrl: string) => {
  const sandbox = ctx.deps.sandboxPayments;
  if (!sandbox) throw new Error('sandbox payments expected');
  const sessionId = checkoutUrl.split('/').pop() ?? '';
  await sandbox.submitCard(sessionId, { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' });
  await waitFor(
    async () =>
      (await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status === 'completed',
  );
};

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('portal home summary', () => {
  it('counts orders, active users and packages, shows the balances and the recent activity', async () => {
    const shop = await newShop();
    const empty = (await get(shop, '/api/portal/summary')).json();
    expect(empty).toMatchObject({
      balances: { creditCents: 0, bonusCents: 0, totalCents: 0 },
      ordersCount: 0,
      activeUsers: 0,
      recentEntries: [],
      recentOrders: [],
    });
    expect(empty.packagesCount).toBeGreaterThan(10);
    await fund(shop.shopId, priceCents * 2, 300);
    for (let i = 0; i < 2; i++) expect((await purchase(shop)).statusCode).toBe(201);
    // One subscriber's eSIM with an active package counts as an active user.
    const [order] = await ctx.deps.db.select().from(orders).where(eq(orders.shopId, shop.shopId)).limit(1);
    const [esim] = await ctx.deps.db
      .insert(esims)
      .values({
        iccid: `8900${Date.now()}`,
        subscriberId: order?.subscriberId,
        shopId: shop.shopId,
        orderId: order?.id,
        provider: 'sandbox',
        providerRef: newKey(),
        activationCode: 'LPA:1$x$y',
        smdpAddress: 'x',
        matchingId: 'y',
      })
      .returning();
    await ctx.deps.db.insert(esimPackages).values({
      esimId: esim?.id ?? '',
      packageId: order?.packageId ?? '',
      orderId: order?.id ?? '',
      snapshot: {},
      status: 'active',
      validityDays: 7,
    });
    const summary = (await get(shop, '/api/portal/summary')).json();
    expect(summary.balances).toMatchObject({ creditCents: 0, bonusCents: 300, totalCents: 300 });
    expect(summary.ordersCount).toBe(2);
    expect(summary.activeUsers).toBe(1);
    expect(summary.recentOrders).toHaveLength(2);
    expect(summary.recentEntries[0]).toMatchObject({ kind: 'purchase', balanceAfterCents: 300 });
    expect(summary.recentEntries).toHaveLength(4);
    // Another shop sees none of it.
    const other = await newShop();
    expect((await get(other, '/api/portal/summary')).json()).toMatchObject({
      ordersCount: 0,
      recentEntries: [],
    });
  });
});

describe('top-up idempotency', () => {
  it('a double click on "place order" is one order; paid, the key answers "completed earlier"', async () => {
    const shop = await newShop();
    const key = newKey();
    const [first, second] = await Promise.all([
      topUp(shop, { amountCents: 25_000, idempotencyKey: key }),
      topUp(shop, { amountCents: 25_000, idempotencyKey: key }),
    ]);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().orderId).toBe(first.json().orderId);
    expect(second.json()).toMatchObject({ amountCents: 25_000, bonusCents: 750, creditedCents: 25_750 });
    const later = await topUp(shop, { amountCents: 25_000, idempotencyKey: key });
    expect(later.json().orderId).toBe(first.json().orderId);
    const count = async () =>
      (
        await ctx.deps.db
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(eq(orders.shopId, shop.shopId))
      )[0]?.n;
    expect(await count()).toBe(1);
    // The page the return goes to exists in the portal: /portal/top-up/return.
    await payTopUp(first.json().orderId, later.json().checkoutUrl);
    const after = await topUp(shop, { amountCents: 25_000, idempotencyKey: key });
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('PAYMENT_COMPLETED_EARLIER');
    expect(await count()).toBe(1);
    const [row] = await ctx.deps.db.select().from(shops).where(eq(shops.id, shop.shopId));
    expect(row).toMatchObject({ creditCents: 25_000, bonusCents: 750 });
    // Without a key every request is its own order; a malformed key is refused.
    expect((await topUp(shop, { amountCents: 20_000 })).statusCode).toBe(201);
    expect(await count()).toBe(2);
    const bad = await topUp(shop, { amountCents: 20_000, idempotencyKey: 'a b' });
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { idempotencyKey: expect.any(Array) },
    });
    // The same key in another shop is another order.
    const other = await newShop();
    const theirs = await topUp(other, { amountCents: 20_000, idempotencyKey: key });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().orderId).not.toBe(first.json().orderId);
  });
});

describe('portal orders: date filters and CSV', () => {
  it('filters by kind, status and day; exports the whole filtered result; other shops see nothing', async () => {
    const shop = await newShop();
    await fund(shop.shopId, priceCents * 3);
    for (let i = 0; i < 3; i++) expect((await purchase(shop)).statusCode).toBe(201);
    const created = await topUp(shop, { amountCents: 30_000, idempotencyKey: newKey() });
    expect(created.statusCode).toBe(201);
    // One purchase moves to three days ago.
    const [old] = await ctx.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.shopId, shop.shopId), eq(orders.kind, 'esim')))
      .limit(1);
    await ctx.deps.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(orders.id, old?.id ?? ''));

    const list = async (query: string) => (await get(shop, `/api/portal/orders?${query}`)).json();
    expect((await list('')).total).toBe(4);
    expect((await list('kind=credits')).items).toMatchObject([
      { kind: 'credits', status: 'pending', bonusCents: 900 },
    ]);
    expect((await list('status=paid')).total).toBe(3);
    expect((await list(`createdFrom=${today()}&createdTo=${today()}`)).total).toBe(3);
    expect((await list(`createdFrom=${daysAgo(4)}&createdTo=${daysAgo(2)}`)).items).toMatchObject([
      { id: old?.id },
    ]);
    expect((await list(`createdTo=${daysAgo(1)}`)).total).toBe(1);
    expect(await list(`createdFrom=${today()}&createdTo=${daysAgo(1)}`)).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { createdTo: [expect.any(String)] },
    });
    expect((await get(shop, '/api/portal/orders?createdFrom=2026-02-31')).statusCode).toBe(422);
    expect((await get(shop, '/api/portal/orders?kind=nope')).statusCode).toBe(422);

    const csv = await get(shop, `/api/portal/orders.csv?kind=esim&createdFrom=${today()}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'number,createdAt,kind,status,packageName,subscriber,paymentMethod,totalCents,bonusCents,retailPriceCents',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',esim,paid,');
    expect(lines[1]).toContain('Besa Hoxha,credits,');
    const everything = await get(shop, '/api/portal/orders.csv');
    expect(everything.body.trimEnd().split('\r\n')).toHaveLength(5);
    expect((await get(shop, '/api/portal/orders.csv?status=nope')).statusCode).toBe(422);
    expect(
      (await get(shop, `/api/portal/orders.csv?createdFrom=${today()}&createdTo=${daysAgo(1)}`)).json().code,
    ).toBe('VALIDATION_FAILED');
    const other = await newShop();
    expect((await get(other, '/api/portal/orders.csv')).body.trimEnd().split('\r\n')).toHaveLength(1);
  });
});

describe('statement PDF', () => {
  it('prints the shop, period, opening balance, entries, totals and closing balance; opening + entries = closing', async () => {
    const shop = await newShop();
    await ctx.deps.db.update(shops).set({ name: 'Tirana Mobile Sh.p.k.' }).where(eq(shops.id, shop.shopId));
    await fund(shop.shopId, 10_000, 1_000);
    await ctx.deps.db.execute(
      sql`update credit_ledger set created_at = created_at - interval '2 day' where shop_id = ${shop.shopId}`,
    );
    for (let i = 0; i < 2; i++) expect((await purchase(shop)).statusCode).toBe(201);
    const period = `from=${daysAgo(1)}&to=${today()}`;
    const statement = (await get(shop, `/api/portal/credits/statement?${period}`)).json();
    const sum = Object.values(statement.totals as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(statement.opening.totalCents).toBe(11_000);
    expect(statement.opening.totalCents + sum).toBe(statement.closing.totalCents);
    expect(statement.closing.totalCents).toBe(11_000 - 2 * priceCents);

    const response = await get(shop, `/api/portal/credits/statement.pdf?${period}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statement-${daysAgo(1)}-${today()}.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    const euro = (cents: number) =>
      new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(cents / 100);
    expect(text).toContain('Credit statement');
    expect(text).toContain('Tirana Mobile Sh.p.k.');
    expect(text).toContain('Opening balance');
    expect(text).toContain(euro(11_000));
    expect(text).toContain('Closing balance');
    expect(text).toContain(euro(statement.closing.totalCents));
    expect(text).toContain(euro(-priceCents));
    for (const entry of statement.entries.items) expect(text).toContain(entry.orderNumber);
    expect(text).toContain('Purchase');
    // Arabic: the labels are translated and it still renders.
    const ar = await ctx.app.inject({
      method: 'GET',
      url: `/api/portal/credits/statement.pdf?${period}`,
      headers: { ...shop.auth, 'accept-language': 'sa' },
    });
    expect(ar.statusCode).toBe(200);
    expect(await pdfText(ar.rawPayload)).not.toContain('Opening balance');

    expect(
      (await get(shop, `/api/portal/credits/statement.pdf?from=${today()}&to=${daysAgo(1)}`)).json(),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { to: ['To is not valid'] },
    });
    expect((await get(shop, '/api/portal/credits/statement.pdf?from=2026-01-01')).statusCode).toBe(422);
    // Another shop's statement holds only its own entries.
    const other = await newShop();
    const theirs = await pdfText(
      (await get(other, `/api/portal/credits/statement.pdf?${period}`)).rawPayload,
    );
    expect(theirs).not.toContain('Tirana Mobile');
    for (const entry of statement.entries.items) expect(theirs).not.toContain(entry.orderNumber);
    expect(theirs).toContain('No entries in this period');
  });
});

describe('shop profile', () => {
  it('reads and changes name, sellShopPrice and low-balance threshold; replaces and serves the logo', async () => {
    const shop = await newShop();
    const before = (await get(shop, '/api/portal/shop')).json();
    expect(before).toMatchObject({ id: shop.shopId, hasLogo: false, lowBalanceThresholdCents: null });
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/portal/shop', headers: shop.headers, payload });
    const changed = await put({
      shopName: 'Durrës Travel',
      sellShopPrice: 25,
      lowBalanceThresholdCents: 5_000,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Durrës Travel',
      sellShopPrice: 25,
      lowBalanceThresholdCents: 5_000,
    });
    expect((await get(shop, '/api/portal/credits')).json().lowBalanceThresholdCents).toBe(5_000);
    const packages = (await get(shop, '/api/portal/packages?pageSize=1')).json();
    expect(packages.items[0].retailPriceCents).toBe(
      Math.round((packages.items[0].resellerPriceCents * 125) / 100),
    );
    expect(
      (await put({ shopName: 'X', sellShopPrice: 25, lowBalanceThresholdCents: null })).json(),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { shopName: ['Company name must be at least 2 characters'] },
    });
    for (const payload of [
      { shopName: 'Durrës', sellShopPrice: 'x', lowBalanceThresholdCents: null },
      { shopName: 'Durrës', sellShopPrice: 10.5, lowBalanceThresholdCents: null },
      { shopName: 'Durrës', sellShopPrice: 10, lowBalanceThresholdCents: -1 },
      { shopName: 'Durrës', sellShopPrice: 10, lowBalanceThresholdCents: 10.5 },
      { shopName: 'Durrës', sellShopPrice: 10 },
      { shopName: 'Durrës', sellShopPrice: 10, lowBalanceThresholdCents: null, status: 'active' },
    ])
      expect((await put(payload)).statusCode).toBe(422);

    expect((await get(shop, '/api/portal/shop/logo')).statusCode).toBe(404);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = (file: Buffer, type: string) => {
      const boundary = '----portalLogo';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return ctx.app.inject({
        method: 'PUT',
        url: '/api/portal/shop/logo',
        headers: { ...shop.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const uploaded = await upload(png, 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().hasLogo).toBe(true);
    const logo = await get(shop, '/api/portal/shop/logo');
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(png)).toBe(true);
    expect((await upload(Buffer.from('<script>'), 'image/png')).json().code).toBe('FILE_INVALID');
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/portal/shop/logo',
          headers: shop.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(415);
    // The statement carries the logo (an image in the PDF).
    const pdf = await get(shop, `/api/portal/credits/statement.pdf?from=${today()}&to=${today()}`);
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    // Another shop has its own profile.
    const other = await newShop();
    expect((await get(other, '/api/portal/shop')).json().name).not.toBe('Durrës Travel');
    expect((await get(other, '/api/portal/shop/logo')).statusCode).toBe(404);
  });
});

describe('low-balance e-mail', () => {
  it('the rule: once per crossing, armed again at or above the threshold, at most once a day', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const armed = { lowBalanceThresholdCents: 1_000, lowBalanceAlertArmed: true, lowBalanceAlertedAt: null };
    expect(lowBalanceStep(armed, 999, true, now)).toEqual({ armed: false, alert: true });
    expect(lowBalanceStep(armed, 1_000, true, now)).toBeNull();
    expect(lowBalanceStep(armed, 999, false, now)).toBeNull();
    expect(lowBalanceStep({ ...armed, lowBalanceAlertArmed: false }, 500, true, now)).toBeNull();
    expect(lowBalanceStep({ ...armed, lowBalanceAlertArmed: false }, 1_000, false, now)).toEqual({
      armed: true,
      alert: false,
    });
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    expect(lowBalanceStep({ ...armed, lowBalanceAlertedAt: hoursAgo(23) }, 10, true, now)).toBeNull();
    expect(lowBalanceStep({ ...armed, lowBalanceAlertedAt: hoursAgo(25) }, 10, true, now)).toEqual({
      armed: false,
      alert: true,
    });
    expect(lowBalanceStep({ ...armed, lowBalanceThresholdCents: null }, 0, true, now)).toBeNull();
  });

  it("a purchase that takes credit + bonus under the threshold sends one e-mail in the shop user's language", async () => {
    const shop = await newShop();
    await ctx.deps.db.execute(sql`update users set locale = 'de' where id = ${shop.user.id}`);
    await fund(shop.shopId, priceCents * 4);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/portal/shop',
      headers: shop.headers,
      payload: { shopName: 'Berlin Reisen', sellShopPrice: 10, lowBalanceThresholdCents: priceCents * 2 + 1 },
    });
    expect(put.statusCode).toBe(200);
    const mailsTo = async () => {
      await ctx.deps.mailer.deliverPending();
      return ctx.mails.filter((m) => m.to === shop.user.email);
    };
    expect((await purchase(shop)).statusCode).toBe(201); // 3 x price left: above
    expect(await mailsTo()).toHaveLength(0);
    expect((await purchase(shop)).statusCode).toBe(201); // 2 x price: under, first crossing
    const [mail] = await mailsTo();
    expect(await mailsTo()).toHaveLength(1);
    expect(mail?.subject).toBe('Ihr Guthaben ist niedrig');
    expect(mail?.text).toContain('/portal/top-up');
    expect((await purchase(shop)).statusCode).toBe(201); // still under: no second e-mail
    expect(await mailsTo()).toHaveLength(1);
    // Back above (a top-up), then under again the same day: at most one a day.
    await fund(shop.shopId, priceCents * 3);
    const [armed] = await ctx.deps.db.select().from(shops).where(eq(shops.id, shop.shopId));
    expect(armed?.lowBalanceAlertArmed).toBe(true);
    expect((await purchase(shop)).statusCode).toBe(201);
    expect((await purchase(shop)).statusCode).toBe(201);
    expect(await mailsTo()).toHaveLength(1);
    // A day later the next purchase under the threshold (still armed) sends it.
    await ctx.deps.db
      .update(shops)
      .set({ lowBalanceAlertedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(shops.id, shop.shopId));
    await fund(shop.shopId, priceCents);
    expect((await purchase(shop)).statusCode).toBe(201);
    expect(await mailsTo()).toHaveLength(2);
    const ledger = await ctx.deps.db.select().from(creditLedger).where(eq(creditLedger.shopId, shop.shopId));
    expect(ledger.length).toBeGreaterThan(0);
  });
});

describe('portal money access', () => {
  const routes = [
    { method: 'GET' as const, url: '/api/portal/summary' },
    { method: 'GET' as const, url: '/api/portal/orders.csv' },
    { method: 'GET' as const, url: '/api/portal/credits/statement.pdf?from=2026-01-01&to=2026-01-31' },
    { method: 'GET' as const, url: '/api/portal/shop' },
    { method: 'GET' as const, url: '/api/portal/shop/logo' },
    {
      method: 'PUT' as const,
      url: '/api/portal/shop',
      payload: { shopName: 'Shop', sellShopPrice: 0, lowBalanceThresholdCents: null },
    },
    { method: 'PUT' as const, url: '/api/portal/shop/logo' },
  ];

  it('none 401, customer and staff 403, a suspended shop 403', async () => {
    const customer = await createSignedInUser(ctx, 'customer');
    const staff = await createSignedInUser(ctx, 'staff');
    const suspended = await newShop();
    await ctx.deps.db.update(shops).set({ status: 'suspended' }).where(eq(shops.id, suspended.shopId));
    for (const route of routes) {
      const call = (headers: Record<string, string>) =>
        ctx.app.inject({ ...route, headers: { ...en, ...headers } });
      expect((await call({})).statusCode, route.url).toBe(401);
      expect((await call(customer.auth)).statusCode, route.url).toBe(403);
      expect((await call(staff.auth)).statusCode, route.url).toBe(403);
      expect((await call(suspended.auth)).json().code, route.url).toBe('SHOP_NOT_ACTIVE');
    }
  });
});
