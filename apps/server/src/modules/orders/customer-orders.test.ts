import {
  esimPackages,
  esims,
  orders,
  packages,
  seedCompletedEsimOrder,
  seedEsimPackage,
  seedUser,
} from '@esim/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EsimProviderError } from '../../adapters/esim/port';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import {
  createSignedInUser,
  createTestContext,
  loginAs,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';
import { checkAllocation, fulfilOrder, onProviderOrderReady } from '../orders/fulfilment.service';

const esimProvider = createSandboxEsimProvider({ allocationDelayMs: 0 });
let ctx: TestContext;
let stopSweep: () => void;

beforeAll(async () => {
  ctx = await createTestContext(
    { JOB_POLL_SECONDS: '0.5', FULFILMENT_RETRY_DELAY_SECONDS: '1' },
    { esimProvider },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopSweep = await startFulfilment(ctx.deps, ctx.app.log);
}, 60_000);
afterAll(async () => {
  stopSweep?.();
  await ctx?.close();
});

/** A signed-in customer whose German eSIM has an active 5 GB package (and optionally a queued one). */
const customerWithEsim = async (withQueued = false) => {
  const user = await seedUser(ctx.deps.db, { email: uniqueEmail('dash'), phone: uniquePhone() });
  const token = await loginAs(ctx.app, 'customer', user.email, user.password);
  const seeded = await seedCompletedEsimOrder(ctx.deps.db, { userId: user.id, packageSlug: 'de-5gb-30d' });
  const queued = withQueued
    ? await seedEsimPackage(ctx.deps.db, {
        esimId: seeded.esim.id,
        userId: user.id,
        packageSlug: 'de-5gb-30d',
      })
    : null;
  return {
    user,
    auth: { authorization: `Bearer ${token.access_token}`, 'accept-language': 'en' },
    ...seeded,
    queued,
  };
};

const card = { number: '4242424242424242', expiry: '12/30', cvc: '123' };
const pay = (checkoutUrl: string) =>
  ctx.deps.sandboxPayments?.submitCard(checkoutUrl.split('/').pop() ?? '', card);

const waitForOrder = async (orderId: string, status: string) => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
    if (row?.status === status) return row;
    if (Date.now() > deadline) throw new Error(`order ${orderId} not ${status} (is ${row?.status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const packagesOn = (esimId: string) =>
  ctx.deps.db.select().from(esimPackages).where(eq(esimPackages.esimId, esimId));

describe('top-up packages', () => {
  it('lists only packages of the same provider and destination that allow a top-up', async () => {
    const { auth, esim } = await customerWithEsim();
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/account/esims/${esim.id}/top-up-packages`,
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items)
      expect(item).toMatchObject({ type: 'local', country: { code: 'DE' }, topUpAllowed: true });
  });

  it('buys a package that is queued behind the active one, with a confirmation e-mail', async () => {
    const { user, auth, esim } = await customerWithEsim();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/top-ups',
      headers: auth,
      payload: { esimId: esim.id, packageSlug: 'de-5gb-30d' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { orderId, checkoutUrl, totalCents } = response.json();
    const [pkg] = await ctx.deps.db.select().from(packages).where(eq(packages.slug, 'de-5gb-30d'));
    expect(totalCents).toBe(pkg?.offerPriceCents ?? pkg?.priceCents);
    await pay(checkoutUrl);
    const order = await waitForOrder(orderId, 'completed');
    expect(order).toMatchObject({ kind: 'topup', targetEsimId: esim.id, userId: user.id });
    const onEsim = await packagesOn(esim.id);
    expect(onEsim.map((p) => p.status).sort()).toEqual(['active', 'queued']);
    expect(esimProvider.hasTopUp(orderId)).toBe(true);
    await ctx.deps.mailer.deliverPending();
    const mail = ctx.mails.find((m) => m.subject === `Your package was added: order ${order.number}`);
    expect(mail?.text).toContain('It starts by itself when your current package ends.');
    expect(mail?.attachments?.[0]?.contentType).toBe('application/pdf');
    // The success page's receipt says what kind of order it was; a top-up shows no new QR code.
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/confirm`,
      payload: { sessionId: checkoutUrl.split('/').pop() },
    });
    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/receipt`,
      headers: { 'x-order-view': confirm.json().viewToken },
    });
    expect(receipt.json()).toMatchObject({ kind: 'topup', status: 'completed', esim: null });
  });

  it("refuses a package for another destination, a disabled eSIM, and someone else's eSIM", async () => {
    const { auth, esim } = await customerWithEsim();
    const [french] = await ctx.deps.db
      .select()
      .from(packages)
      .where(and(eq(packages.type, 'local'), eq(packages.countryCode, 'FR')))
      .limit(1);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/top-ups',
      headers: auth,
      payload: { esimId: esim.id, packageSlug: french?.slug },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'TOP_UP_NOT_ALLOWED',
      message: 'This package cannot be added to this eSIM. Choose a package for the same destination.',
    });
    const other = await customerWithEsim();
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/top-ups',
      headers: auth,
      payload: { esimId: other.esim.id, packageSlug: 'de-5gb-30d' },
    });
    expect(foreign.statusCode).toBe(404);
    await ctx.deps.db.update(esims).set({ status: 'disabled' }).where(eq(esims.id, esim.id));
    const disabled = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/top-ups',
      headers: auth,
      payload: { esimId: esim.id, packageSlug: 'de-5gb-30d' },
    });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().message).toBe('This eSIM is disabled and can no longer be used or topped up.');
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/account/esims/${esim.id}/top-up-packages`,
      headers: auth,
    });
    expect(list.statusCode).toBe(409);
    expect(
      await ctx.deps.db.$count(orders, and(eq(orders.kind, 'topup'), eq(orders.targetEsimId, esim.id))),
    ).toBe(0);
  });
});

describe('change eSIM', () => {
  it('quotes the price and the packages that move', async () => {
    const { auth, esim } = await customerWithEsim(true);
    const quote = await ctx.app.inject({
      method: 'GET',
      url: `/api/account/esims/${esim.id}/change`,
      headers: auth,
    });
    expect(quote.json()).toEqual({ priceCents: 499, currency: 'EUR', packagesToMove: 2 });
  });

  it('moves every active and queued package to a new eSIM once and disables the old one at the provider', async () => {
    const { auth, esim, order: original, queued } = await customerWithEsim(true);
    const before = (await packagesOn(esim.id)).map((p) => p.id).sort();
    // The first revoke fails (provider hiccup after the move): the retry must not move anything twice.
    const revoke = esimProvider.revoke;
    let revokeCalls = 0;
    esimProvider.revoke = async (ref) => {
      revokeCalls++;
      if (revokeCalls === 1) throw new EsimProviderError('provider timeout', true, 'TIMEOUT');
      return revoke(ref);
    };
    try {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/account/esims/${esim.id}/change`,
        headers: auth,
        payload: { confirm: true },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().totalCents).toBe(499);
      await pay(response.json().checkoutUrl);
      const order = await waitForOrder(response.json().orderId, 'completed');
      expect(order.fulfilmentAttempts).toBe(2);
      const [fresh] = await ctx.deps.db.select().from(esims).where(eq(esims.orderId, order.id));
      if (!fresh) throw new Error('new eSIM missing');
      expect((await packagesOn(fresh.id)).map((p) => p.id).sort()).toEqual(before);
      expect(await packagesOn(esim.id)).toHaveLength(0);
      const [old] = await ctx.deps.db.select().from(esims).where(eq(esims.id, esim.id));
      expect(old).toMatchObject({ status: 'disabled', replacedById: fresh.id });
      expect(esimProvider.profileFor(original.id).status).toBe('revoked');
      const listed = await ctx.app.inject({ method: 'GET', url: '/api/account/esims', headers: auth });
      expect(listed.json().items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: esim.id, status: 'disabled', replacedById: fresh.id, packages: [] }),
          expect.objectContaining({ id: fresh.id, status: 'ready', replacedById: null }),
        ]),
      );
      expect(esimProvider.hasTopUp(`${order.id}:${queued?.id}`)).toBe(true);
      // Running the job again changes nothing.
      expect(await fulfilOrder(ctx.deps, order.id, ctx.app.log)).toBe('skipped');
      expect(await ctx.deps.db.$count(esimPackages, inArray(esimPackages.id, before))).toBe(2);
      expect((await packagesOn(fresh.id)).length).toBe(2);
    } finally {
      esimProvider.revoke = revoke;
    }
  });

  it("the provider's notice for a change's new profile does not complete it as a new eSIM", async () => {
    const { auth, esim } = await customerWithEsim();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/account/esims/${esim.id}/change`,
      headers: auth,
      payload: { confirm: true },
    });
    const orderId = response.json().orderId as string;
    // Paid without a job (the worker would run the change at once): the notice arrives first.
    await ctx.deps.db
      .update(orders)
      .set({ fulfilmentStatus: 'paid', paidAt: new Date() })
      .where(eq(orders.id, orderId));
    const [order] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
    const snapshot = (order?.packageSnapshot ?? {}) as {
      providerPackageCode?: string;
      wholesaleCents?: number;
    };
    const placed = await esimProvider.orderProfile({
      transactionId: orderId,
      packageCode: String(snapshot.providerPackageCode),
      wholesaleCents: Number(snapshot.wholesaleCents ?? 0),
    });
    const { providerOrderRef } = placed;

    expect(await onProviderOrderReady(ctx.deps, orderId, providerOrderRef)).toBe(false);
    const check = { providerOrderRef, placedAt: Date.now(), poll: 0, by: 'provider' as const };
    expect(await checkAllocation(ctx.deps, { orderId, check }, ctx.app.log)).toBe('skipped');
    expect(await ctx.deps.db.$count(esims, eq(esims.orderId, orderId))).toBe(0);

    // The change's own step then moves the package and disables the old eSIM.
    await fulfilOrder(ctx.deps, orderId, ctx.app.log);
    await waitForOrder(orderId, 'completed');
    const [old] = await ctx.deps.db.select().from(esims).where(eq(esims.id, esim.id));
    expect(old?.status).toBe('disabled');
    expect(await packagesOn(esim.id)).toHaveLength(0);
  });

  it('refuses a change while one is being fulfilled, on a disabled eSIM, and without confirmation', async () => {
    const { auth, esim } = await customerWithEsim();
    const noConfirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/account/esims/${esim.id}/change`,
      headers: auth,
      payload: { confirm: false },
    });
    expect(noConfirm.statusCode).toBe(422);
    const first = await ctx.app.inject({
      method: 'POST',
      url: `/api/account/esims/${esim.id}/change`,
      headers: auth,
      payload: { confirm: true },
    });
    // Paid and waiting for the provider (no worker picks it up in this test): a second change is refused.
    await ctx.deps.db
      .update(orders)
      .set({ fulfilmentStatus: 'paid' })
      .where(eq(orders.id, first.json().orderId));
    const second = await ctx.app.inject({
      method: 'POST',
      url: `/api/account/esims/${esim.id}/change`,
      headers: auth,
      payload: { confirm: true },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'ESIM_CHANGE_IN_PROGRESS',
      message: 'This eSIM is already being changed. Please wait for the new eSIM.',
    });
    await ctx.deps.db
      .update(orders)
      .set({ fulfilmentStatus: 'cancelled' })
      .where(eq(orders.id, first.json().orderId));
    await ctx.deps.db.update(esims).set({ status: 'disabled' }).where(eq(esims.id, esim.id));
    const disabled = await ctx.app.inject({
      method: 'POST',
      url: `/api/account/esims/${esim.id}/change`,
      headers: auth,
      payload: { confirm: true },
    });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().code).toBe('ESIM_DISABLED');
  });
});

describe('access', () => {
  it("answers 404 for another customer's eSIM and refuses shop and staff tokens", async () => {
    const { esim } = await customerWithEsim();
    const stranger = await createSignedInUser(ctx, 'customer');
    const shop = await createSignedInUser(ctx, 'shop');
    const staff = await createSignedInUser(ctx, 'staff');
    const calls = [
      { method: 'GET' as const, url: `/api/account/esims/${esim.id}/top-up-packages` },
      { method: 'GET' as const, url: `/api/account/esims/${esim.id}/change` },
      { method: 'POST' as const, url: `/api/account/esims/${esim.id}/change`, payload: { confirm: true } },
      {
        method: 'POST' as const,
        url: '/api/account/top-ups',
        payload: { esimId: esim.id, packageSlug: 'de-5gb-30d' },
      },
    ];
    for (const call of calls) {
      expect((await ctx.app.inject({ ...call, headers: stranger.auth })).statusCode, call.url).toBe(404);
      expect((await ctx.app.inject({ ...call, headers: shop.auth })).statusCode, call.url).toBe(403);
      expect((await ctx.app.inject({ ...call, headers: staff.auth })).statusCode, call.url).toBe(403);
      expect((await ctx.app.inject(call)).statusCode, call.url).toBe(401);
    }
  });
});
