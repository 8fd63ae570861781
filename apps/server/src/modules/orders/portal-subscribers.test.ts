import { esims, orders, outbox, packages, shops, subscriberDeliveries } from '@esim/db';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import { createSignedInUser, createTestContext, type TestContext } from '../../test/harness';
import { postEntries } from '../credits/credits.service';
import { getGeneralOptions } from '../settings/settings.repository';

// Issue 11, the portal's subscribers side: search by ICCID, a subscriber's page, the wizard's order status with
// install details, deliveries (e-mail, SMS, printable PDF) recorded on the subscriber, change of eSIM by credits.
let ctx: TestContext;
let stopFulfilment: () => void;
const esimProvider = createSandboxEsimProvider({ allocationDelayMs: 0, usageMbPerMinute: 0 });
let slug: string;
let priceCents: number;
let changeCents: number;

beforeAll(async () => {
  ctx = await createTestContext(
    { JOB_POLL_SECONDS: '0.5', FULFILMENT_RETRY_DELAY_SECONDS: '1', FULFILMENT_ATTEMPTS: '1' },
    { esimProvider },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopFulfilment = await startFulfilment(ctx.deps, ctx.app.log);
  const [pkg] = await ctx.deps.db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.type, 'local'),
        eq(packages.active, true),
        eq(packages.topUpAllowed, true),
        isNotNull(packages.resellerPriceCents),
      ),
    )
    .limit(1);
  slug = pkg?.slug ?? '';
  priceCents = pkg?.resellerPriceCents ?? 0;
  changeCents = (await getGeneralOptions(ctx.deps.db)).changeEsimPriceCents;
}, 180_000);
afterAll(async () => {
  stopFulfilment?.();
  await ctx?.close();
});

const en = { 'accept-language': 'en' };
let keyCounter = 0;
const newKey = () => `subs-${Date.now().toString(36)}-${keyCounter++}`;

const newShop = async () => {
  const signed = await createSignedInUser(ctx, 'shop');
  return { ...signed, shopId: signed.user.shopId ?? '', headers: { ...signed.auth, ...en } };
};
type Shop = Awaited<ReturnType<typeof newShop>>;

const fund = (shopId: string, creditCents: number) =>
  ctx.deps.db.transaction((tx) =>
    postEntries(tx, {
      shopId,
      orderId: null,
      movements: [
        {
          kind: 'adjustment',
          bucket: 'credit',
          amountCents: creditCents,
          idempotencyKey: `fund:${newKey()}`,
        },
      ],
    }),
  );

const creditOf = async (shopId: string) =>
  (await ctx.deps.db.select().from(shops).where(eq(shops.id, shopId)))[0]?.creditCents;

const waitFor = async (check: () => Promise<boolean>, ms = 15_000) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
};

const call = (
  shop: Pick<Shop, 'headers'>,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) => ctx.app.inject({ method, url, headers: shop.headers, ...(payload === undefined ? {} : { payload }) });

let emailCounter = 0;
/** A shop with a subscriber whose eSIM has arrived (through the wizard's purchase and the fulfilment job). */
const shopWithSubscriber = async (funds = priceCents * 2 + changeCents * 2) => {
  const shop = await newShop();
  await fund(shop.shopId, funds);
  const email = `arta.${emailCounter++}.${Date.now()}@example.test`;
  const bought = await call(shop, 'POST', '/api/portal/orders', {
    packageSlug: slug,
    subscriber: { name: 'Arta', lastname: 'Krasniqi', email, country: 'AL' },
    idempotencyKey: newKey(),
  });
  expect(bought.statusCode, bought.body).toBe(201);
  const orderId = bought.json().order.id as string;
  let status: { order: { status: string }; esim: { esimId: string; iccid: string } | null } | undefined;
  await waitFor(async () => {
    status = (await call(shop, 'GET', `/api/portal/orders/${orderId}`)).json();
    return status?.esim !== null && status?.esim !== undefined;
  });
  const esim = status?.esim as { esimId: string; iccid: string };
  return { shop, orderId, email, subscriberId: bought.json().order.subscriber.id as string, esim };
};

describe('the wizard: order status and install details', () => {
  it('answers the order while the eSIM comes, then its QR code and manual details; another shop gets 404', async () => {
    const { shop, orderId, esim } = await shopWithSubscriber();
    const status = await call(shop, 'GET', `/api/portal/orders/${orderId}`);
    expect(status.statusCode).toBe(200);
    expect(status.headers['cache-control']).toBe('private, no-store');
    const body = status.json();
    expect(body.order).toMatchObject({
      id: orderId,
      kind: 'esim',
      status: 'completed',
      paymentMethod: 'credits',
    });
    expect(body.esim).toMatchObject({
      esimId: esim.esimId,
      iccid: expect.stringMatching(/^89\d{17}$/),
      smdpAddress: expect.any(String),
      activationCode: expect.stringMatching(/^LPA:1\$/),
      qrCodeDataUrl: expect.stringMatching(/^data:image\/png;base64,/),
      iosInstallLink: expect.stringContaining('esimsetup.apple.com'),
    });
    const other = await newShop();
    expect((await call(other, 'GET', `/api/portal/orders/${orderId}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/portal/esims/${esim.esimId}/install`)).statusCode).toBe(404);
    expect((await call(shop, 'GET', '/api/portal/orders/not-a-uuid')).statusCode).toBe(422);
    const install = await call(shop, 'GET', `/api/portal/esims/${esim.esimId}/install`);
    expect(install.json()).toMatchObject({ esimId: esim.esimId, installLimit: 5 });
  });

  it('answers one package of the reseller list by slug with reseller and retail price', async () => {
    const shop = await newShop();
    const found = await call(shop, 'GET', `/api/portal/packages/${slug}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ slug, resellerPriceCents: priceCents });
    expect(found.json().retailPriceCents).toBeGreaterThanOrEqual(priceCents);
    expect((await call(shop, 'GET', '/api/portal/packages/no-such-package')).statusCode).toBe(404);
  });
});

describe('subscribers: search and detail', () => {
  it('finds a subscriber by name, e-mail or part of an ICCID, only in the own shop', async () => {
    const { shop, esim, email, subscriberId } = await shopWithSubscriber();
    const search = async (q: string, who: Shop = shop) =>
      (await call(who, 'GET', `/api/portal/subscribers?q=${encodeURIComponent(q)}`)).json();
    for (const q of ['Krasn', email.toUpperCase(), esim.iccid, esim.iccid.slice(6, 16)]) {
      expect((await search(q)).items.map((s: { id: string }) => s.id)).toEqual([subscriberId]);
    }
    expect((await search('89000000000000000000')).total).toBe(0);
    const other = await newShop();
    expect((await search(esim.iccid, other)).total).toBe(0);
    expect((await call(shop, 'GET', '/api/portal/subscribers?pageSize=1&page=1')).json()).toMatchObject({
      total: 1,
      page: 1,
    });
    expect((await call(shop, 'GET', `/api/portal/subscribers?q=${'x'.repeat(101)}`)).statusCode).toBe(422);
  });

  it("shows a subscriber's eSIMs with current package and data left; another shop's or unknown id is 404", async () => {
    const { shop, esim, subscriberId } = await shopWithSubscriber();
    const detail = await call(shop, 'GET', `/api/portal/subscribers/${subscriberId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      subscriber: { id: subscriberId, name: 'Arta', lastname: 'Krasniqi', country: 'AL' },
      esims: [{ id: esim.esimId, iccid: esim.iccid, packages: [{ status: 'active' }] }],
      deliveries: [],
    });
    const other = await newShop();
    expect((await call(other, 'GET', `/api/portal/subscribers/${subscriberId}`)).statusCode).toBe(404);
    expect(
      (await call(shop, 'GET', '/api/portal/subscribers/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await call(shop, 'GET', '/api/portal/subscribers/123')).statusCode).toBe(422);
  });
});

describe('deliveries', () => {
  it('sends by e-mail and SMS, prints a PDF, and records each on the subscriber with who and when', async () => {
    const { shop, esim, email, subscriberId } = await shopWithSubscriber();
    const url = `/api/portal/esims/${esim.esimId}/deliveries`;
    const mailsTo = () =>
      ctx.deps.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, email), eq(outbox.channel, 'email')));
    // The fulfilment's own confirmation comes first (its own job); the delivery adds one more.
    await waitFor(async () => (await mailsTo()).length === 1);
    const mailed = await call(shop, 'POST', url, { channel: 'email' });
    expect(mailed.statusCode, mailed.body).toBe(201);
    expect(mailed.json()).toMatchObject({ channel: 'email', recipient: email, iccid: esim.iccid });
    const sent = await call(shop, 'POST', url, { channel: 'sms', phone: '+355 69 123 4567' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ channel: 'sms', recipient: '+355691234567' });
    const rows = await ctx.deps.db.select().from(outbox).where(eq(outbox.to, '+355691234567'));
    expect(rows.at(-1)?.text).toContain('esimsetup.apple.com');
    const mails = await mailsTo();
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => !(m.text ?? '').includes('Total paid'))).toBe(true);

    const printed = await call(shop, 'POST', `/api/portal/esims/${esim.esimId}/print`);
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    expect(printed.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const arabic = await ctx.app.inject({
      method: 'POST',
      url: `/api/portal/esims/${esim.esimId}/print`,
      headers: { ...shop.auth, 'accept-language': 'sa' },
    });
    expect(arabic.statusCode).toBe(200);

    const detail = (await call(shop, 'GET', `/api/portal/subscribers/${subscriberId}`)).json();
    expect(detail.deliveries.map((d: { channel: string }) => d.channel)).toEqual([
      'print',
      'print',
      'sms',
      'email',
    ]);
    expect(detail.deliveries[0].byName).toBe(`${shop.user.firstName} ${shop.user.lastName}`.trim());
  });

  it('refuses a missing or bad phone, an unknown channel, extra fields, and another shop (404), recording nothing', async () => {
    const { shop, esim } = await shopWithSubscriber();
    const url = `/api/portal/esims/${esim.esimId}/deliveries`;
    const missing = await call(shop, 'POST', url, { channel: 'sms' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { phone: [expect.any(String)] },
    });
    expect((await call(shop, 'POST', url, { channel: 'sms', phone: '12' })).statusCode).toBe(422);
    expect((await call(shop, 'POST', url, { channel: 'fax' })).statusCode).toBe(422);
    expect((await call(shop, 'POST', url, { channel: 'email', to: 'x@example.test' })).statusCode).toBe(422);
    const other = await newShop();
    expect((await call(other, 'POST', url, { channel: 'email' })).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/portal/esims/${esim.esimId}/print`)).statusCode).toBe(404);
    const recorded = await ctx.deps.db
      .select()
      .from(subscriberDeliveries)
      .where(eq(subscriberDeliveries.esimId, esim.esimId));
    expect(recorded).toHaveLength(0);
  });
});

describe('refill packages and change of eSIM by credits', () => {
  it('lists the reseller packages that fit the eSIM; another shop gets 404', async () => {
    const { shop, esim } = await shopWithSubscriber();
    const list = await call(shop, 'GET', `/api/portal/esims/${esim.esimId}/refill-packages`);
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { slug: string; type: string; topUpAllowed: boolean }[];
    expect(items.map((i) => i.slug)).toContain(slug);
    expect(items.every((i) => i.type === 'local' && i.topUpAllowed)).toBe(true);
    const other = await newShop();
    expect((await call(other, 'GET', `/api/portal/esims/${esim.esimId}/refill-packages`)).statusCode).toBe(
      404,
    );
  });

  it('changes the eSIM once per key, debits the change fee, moves the package and disables the old eSIM', async () => {
    const { shop, esim, subscriberId } = await shopWithSubscriber();
    const quote = await call(shop, 'GET', `/api/portal/esims/${esim.esimId}/change-quote`);
    expect(quote.json()).toEqual({ priceCents: changeCents, packagesToMove: 1, currency: 'EUR' });
    const before = await creditOf(shop.shopId);
    const key = newKey();
    const url = `/api/portal/esims/${esim.esimId}/change`;
    const [first, second] = await Promise.all([
      call(shop, 'POST', url, { idempotencyKey: key }),
      call(shop, 'POST', url, { idempotencyKey: key }),
    ]);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().order.id).toBe(first.json().order.id);
    expect(first.json().order).toMatchObject({
      kind: 'change_esim',
      paymentMethod: 'credits',
      totalCents: changeCents,
      subscriber: { id: subscriberId },
    });
    expect(await creditOf(shop.shopId)).toBe((before ?? 0) - changeCents);
    const orderId = first.json().order.id as string;
    // A second change of the same eSIM while this one is under way is refused.
    expect((await call(shop, 'POST', url, { idempotencyKey: newKey() })).json().code).toMatch(
      /ESIM_CHANGE_IN_PROGRESS|ESIM_DISABLED/,
    );
    let status: { esim: { esimId: string; iccid: string } | null } | undefined;
    await waitFor(async () => {
      status = (await call(shop, 'GET', `/api/portal/orders/${orderId}`)).json();
      return Boolean(status?.esim);
    });
    expect(status?.esim?.esimId).not.toBe(esim.esimId);
    const [old] = await ctx.deps.db.select().from(esims).where(eq(esims.id, esim.esimId));
    expect(old).toMatchObject({ status: 'disabled', replacedById: status?.esim?.esimId });
    const detail = (await call(shop, 'GET', `/api/portal/subscribers/${subscriberId}`)).json();
    expect(detail.esims).toHaveLength(2);
    expect(detail.esims[0]).toMatchObject({ id: status?.esim?.esimId, packages: [{ status: 'active' }] });
    expect((await call(shop, 'POST', url, { idempotencyKey: newKey() })).json().code).toBe('ESIM_DISABLED');
    expect(
      (await call(shop, 'POST', `/api/portal/esims/${esim.esimId}/deliveries`, { channel: 'email' })).json()
        .code,
    ).toBe('ESIM_DISABLED');
  });

  it('answers not enough credit with the amount missing and debits nothing; bad keys and other shops refused', async () => {
    const { shop, esim } = await shopWithSubscriber(priceCents + 100);
    const url = `/api/portal/esims/${esim.esimId}/change`;
    const short = await call(shop, 'POST', url, { idempotencyKey: newKey() });
    expect(short.statusCode).toBe(402);
    const missing = ((changeCents - 100) / 100).toFixed(2);
    expect(short.json()).toMatchObject({
      code: 'INSUFFICIENT_CREDIT',
      message: `Not enough credit: ${missing} EUR more is needed. Top up your credits to continue.`,
    });
    expect(await creditOf(shop.shopId)).toBe(100);
    const changes = await ctx.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.shopId, shop.shopId), eq(orders.kind, 'change_esim')));
    expect(changes).toHaveLength(0);
    expect((await call(shop, 'POST', url, { idempotencyKey: 'short' })).statusCode).toBe(422);
    expect((await call(shop, 'POST', url, { idempotencyKey: 'has spaces in it' })).statusCode).toBe(422);
    expect((await call(shop, 'POST', url, {})).statusCode).toBe(422);
    const other = await newShop();
    await fund(other.shopId, 100_000);
    expect((await call(other, 'POST', url, { idempotencyKey: newKey() })).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/portal/esims/${esim.esimId}/change-quote`)).statusCode).toBe(404);
    expect(await creditOf(other.shopId)).toBe(100_000);
  });
});

describe('access', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const routes = [
    { method: 'GET' as const, url: `/api/portal/subscribers/${id}` },
    { method: 'GET' as const, url: `/api/portal/orders/${id}` },
    { method: 'GET' as const, url: '/api/portal/packages/some-slug' },
    { method: 'GET' as const, url: `/api/portal/esims/${id}/install` },
    { method: 'GET' as const, url: `/api/portal/esims/${id}/refill-packages` },
    { method: 'GET' as const, url: `/api/portal/esims/${id}/change-quote` },
    {
      method: 'POST' as const,
      url: `/api/portal/esims/${id}/change`,
      payload: { idempotencyKey: 'abcdefgh12' },
    },
    { method: 'POST' as const, url: `/api/portal/esims/${id}/deliveries`, payload: { channel: 'email' } },
    { method: 'POST' as const, url: `/api/portal/esims/${id}/print` },
  ];

  it('opens for an active shop only: none 401, customer and staff 403, a suspended shop 403', async () => {
    const customer = await createSignedInUser(ctx, 'customer');
    const staff = await createSignedInUser(ctx, 'staff');
    const suspended = await newShop();
    await ctx.deps.db.update(shops).set({ status: 'suspended' }).where(eq(shops.id, suspended.shopId));
    const shop = await newShop();
    for (const route of routes) {
      const send = (headers: Record<string, string>) =>
        ctx.app.inject({ ...route, headers: { ...en, ...headers } });
      expect((await send({})).statusCode).toBe(401);
      expect((await send(customer.auth)).statusCode).toBe(403);
      expect((await send(staff.auth)).statusCode).toBe(403);
      expect((await send(suspended.auth)).json().code).toBe('SHOP_NOT_ACTIVE');
      expect((await send(shop.auth)).statusCode).toBe(404);
    }
  });
});
