import { orders, packages, seedDemoEsims } from '@esim/db';
import { and, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import { createSignedInUser, createTestContext, type TestContext } from '../../test/harness';

const esimProvider = createSandboxEsimProvider({ allocationDelayMs: 0, usageMbPerMinute: 0 });
let ctx: TestContext;
let stopSweep: () => void;
let owner: Awaited<ReturnType<typeof createSignedInUser>>;
let stranger: Awaited<ReturnType<typeof createSignedInUser>>;
let paidOrderId: string;
let unpaidOrderId: string;
let esimId: string;
let slug: string;

const card = { number: '4242424242424242', expiry: '12/30', cvc: '123' };

const order = async (user: typeof owner, slug: string, pay: 'paid' | 'declined' | 'unpaid') => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: user.auth,
    payload: {
      packageSlug: slug,
      fullName: 'Arta Krasniqi',
      email: user.user.email,
      phoneNumber: user.user.phone,
    },
  });
  const { orderId, checkoutUrl } = response.json() as { orderId: string; checkoutUrl: string };
  const sessionId = checkoutUrl.split('/').pop() ?? '';
  if (pay === 'paid') await ctx.deps.sandboxPayments?.submitCard(sessionId, card);
  if (pay === 'declined')
    await ctx.deps.sandboxPayments?.submitCard(sessionId, { ...card, number: '4000000000000002' });
  return orderId;
};

const waitUntilCompleted = async (orderId: string) => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
    if (row?.status === 'completed') return;
    if (Date.now() > deadline) throw new Error('order not fulfilled');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

beforeAll(async () => {
  ctx = await createTestContext({ JOB_POLL_SECONDS: '0.5' }, { esimProvider });
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopSweep = await startFulfilment(ctx.deps, ctx.app.log);
  owner = await createSignedInUser(ctx, 'customer');
  stranger = await createSignedInUser(ctx, 'customer');
  const [pkg] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.type, 'local'), eq(packages.active, true)))
    .limit(1);
  slug = pkg?.slug ?? '';
  paidOrderId = await order(owner, slug, 'paid');
  unpaidOrderId = await order(owner, slug, 'unpaid');
  await order(owner, slug, 'declined');
  await waitUntilCompleted(paidOrderId);
  const esims = await ctx.app.inject({ method: 'GET', url: '/api/account/esims', headers: owner.auth });
  esimId = esims.json().items[0].id;
}, 60_000);
afterAll(async () => {
  stopSweep?.();
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });

describe('GET /api/account/orders', () => {
  it('lists own orders newest first with payment state, data in GB and invoice availability', async () => {
    const response = await get('/api/account/orders', owner.auth);
    expect(response.statusCode).toBe(200);
    const { items, total, page, pageSize } = response.json();
    expect({ total, page, pageSize }).toEqual({ total: 3, page: 1, pageSize: 10 });
    expect(items.map((i: { payment: string }) => i.payment)).toEqual(['failed', 'unpaid', 'paid']);
    const paid = items[2];
    expect(paid).toMatchObject({
      id: paidOrderId,
      status: 'completed',
      invoiceAvailable: true,
      kind: 'esim',
    });
    expect(paid.number).toMatch(/^ES-/);
    expect(paid.paidAt).not.toBeNull();
    expect(typeof paid.dataGb === 'number' || paid.dataGb === null).toBe(true);
    expect(items[1]).toMatchObject({
      id: unpaidOrderId,
      status: 'pending',
      invoiceAvailable: false,
      paidAt: null,
    });
  });

  it('pages, and answers 404 past the last page', async () => {
    const second = await get('/api/account/orders?page=2&pageSize=2', owner.auth);
    expect(second.json()).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(second.json().items).toHaveLength(1);
    expect((await get('/api/account/orders?page=3&pageSize=2', owner.auth)).statusCode).toBe(404);
    expect((await get('/api/account/orders?pageSize=500', owner.auth)).statusCode).toBe(422);
  });

  it('shows another customer none of them', async () => {
    const response = await get('/api/account/orders', stranger.auth);
    expect(response.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('GET /api/account/orders/:orderId/invoice', () => {
  it('sends the PDF of an own paid order', async () => {
    const response = await get(`/api/account/orders/${paidOrderId}/invoice`, owner.auth);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="invoice-ES-.*\.pdf"$/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('explains that an unpaid order has no invoice', async () => {
    const response = await get(`/api/account/orders/${unpaidOrderId}/invoice`, owner.auth);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'INVOICE_UNAVAILABLE',
      message: 'There is no invoice for this order yet: it has not been paid.',
    });
  });
});

describe('eSIMs', () => {
  it('lists own eSIMs with their package, bought and remaining data', async () => {
    const response = await get('/api/account/esims', owner.auth);
    const [esim] = response.json().items;
    expect(esim).toMatchObject({ id: esimId, status: 'ready', installCount: 0, installLimit: 5 });
    expect(esim.iccid).toMatch(/^89\d{17}$/);
    expect(esim.packages).toHaveLength(1);
    expect(esim.packages[0]).toMatchObject({ status: 'active', usedMb: 0, activatedAt: null });
    expect(esim.packages[0].remainingMb).toBe(esim.packages[0].dataMb);
  });

  it('gives the QR code that decodes to the activation code, and the reinstall count', async () => {
    const response = await get(`/api/account/esims/${esimId}/install`, owner.auth);
    expect(response.statusCode).toBe(200);
    const install = response.json();
    expect(install).toMatchObject({ installCount: 0, installLimit: 5 });
    const png = PNG.sync.read(Buffer.from(install.qrCodeDataUrl.split(',')[1], 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(install.activationCode);
    expect(install.iosInstallLink).toContain(encodeURIComponent(install.activationCode));
  });

  it('refreshes usage from the provider on demand', async () => {
    // Usage only grows and its first use marks the eSIM installed, so this test uses an eSIM of its own: on the
    // owner's, the other eSIM tests would see 300 MB used and an install.
    const buyer = await createSignedInUser(ctx, 'customer');
    await waitUntilCompleted(await order(buyer, slug, 'paid'));
    const { id, iccid } = (await get('/api/account/esims', buyer.auth)).json().items[0];
    esimProvider.setUsage(`SBXE-${iccid}`, 300);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/account/esims/${id}/usage`,
      headers: buyer.auth,
    });
    expect(response.statusCode).toBe(200);
    const [pkg] = response.json().packages;
    expect(pkg.usedMb).toBe(300);
    expect(pkg.usageUpdatedAt).not.toBeNull();
    if (pkg.dataMb !== null) expect(pkg.remainingMb).toBe(pkg.dataMb - 300);
  });
});

describe('demo data', () => {
  it("seeds the demo customer's eSIM once: a package in use and one queued", async () => {
    const demo = await createSignedInUser(ctx, 'customer');
    expect(await seedDemoEsims(ctx.deps.db, demo.user.email)).toBe(true);
    expect(await seedDemoEsims(ctx.deps.db, demo.user.email)).toBe(false);
    const [esim] = (await get('/api/account/esims', demo.auth)).json().items;
    expect(esim.packages.map((p: { status: string }) => p.status)).toEqual(['active', 'queued']);
    expect(esim.packages[0]).toMatchObject({
      usedMb: 1843,
      remainingMb: (esim.packages[0].dataMb ?? 0) - 1843,
    });
    expect(esim.packages[0].activatedAt).not.toBeNull();
  });
});

describe('access', () => {
  const endpoints = () => [
    { method: 'GET' as const, url: '/api/account/orders' },
    { method: 'GET' as const, url: `/api/account/orders/${paidOrderId}/invoice` },
    { method: 'GET' as const, url: '/api/account/esims' },
    { method: 'GET' as const, url: `/api/account/esims/${esimId}/install` },
    { method: 'POST' as const, url: `/api/account/esims/${esimId}/usage` },
  ];

  it("answers 404 for another customer's order, invoice, eSIM and QR code", async () => {
    for (const { method, url } of endpoints().filter(
      (e) => e.url.includes(paidOrderId) || e.url.includes(esimId),
    )) {
      const response = await ctx.app.inject({ method, url, headers: stranger.auth });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('refuses shop and staff tokens (403) and missing ones (401)', async () => {
    const shop = await createSignedInUser(ctx, 'shop');
    const staff = await createSignedInUser(ctx, 'staff');
    for (const { method, url } of endpoints()) {
      expect((await ctx.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await ctx.app.inject({ method, url, headers: shop.auth })).statusCode, url).toBe(403);
      expect((await ctx.app.inject({ method, url, headers: staff.auth })).statusCode, url).toBe(403);
    }
  });

  it('rejects ids that are not UUIDs with 422', async () => {
    expect((await get('/api/account/esims/nope/install', owner.auth)).statusCode).toBe(422);
  });
});
