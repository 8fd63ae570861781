import {
  esimPackages,
  esimReleases,
  esims,
  orders,
  outbox,
  payments,
  refunds,
  seedCompletedEsimOrder,
  seedEsimPackage,
  seedUser,
  shops,
} from '@esim/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import {
  createSignedInUser,
  createTestContext,
  loginAs,
  type TestContext,
  uniqueEmail,
} from '../../test/harness';
import { postEntries } from '../credits/credits.service';
import { runEsimReleaseJob } from '../settings/esim-releases.service';
import { seedCardCharge } from '../test-support/test-support.repository';

// Issues 39 and 40, ADR 0091: an eSIM that was cancelled or freed no longer works, and every place that uses it
// says so; cancelling or freeing never takes with it what another order paid for; whoever holds it is told.
const esimProvider = createSandboxEsimProvider({ allocationDelayMs: 0, usageMbPerMinute: 0 });
let ctx: TestContext;
let stopFulfilment: () => void;
let admin: Record<string, string>;
const dayMs = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext(
    { JOB_POLL_SECONDS: '0.5', FULFILMENT_RETRY_DELAY_SECONDS: '1', FULFILMENT_ATTEMPTS: '1' },
    { esimProvider },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopFulfilment = await startFulfilment(ctx.deps, ctx.app.log);
  admin = (await createSignedInUser(ctx, 'staff')).auth;
}, 180_000);
afterAll(async () => {
  stopFulfilment?.();
  await ctx?.close();
});

const slug = 'de-5gb-30d';

/** A signed-in customer (in `locale`) with a card-paid, unused eSIM bought `daysAgo` days ago. */
const customerWithEsim = async (locale = 'en', daysAgo = 0) => {
  const user = await seedUser(ctx.deps.db, { email: uniqueEmail('life'), locale });
  const token = await loginAs(ctx.app, 'customer', user.email, user.password);
  const seeded = await seedCompletedEsimOrder(ctx.deps.db, { userId: user.id, packageSlug: slug });
  await seedCardCharge(ctx.deps.db, seeded.order);
  if (daysAgo > 0)
    await ctx.deps.db
      .update(esims)
      .set({ createdAt: new Date(Date.now() - daysAgo * dayMs) })
      .where(eq(esims.id, seeded.esim.id));
  return { user, auth: { authorization: `Bearer ${token.access_token}` }, ...seeded };
};

const call = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
  lang = 'en',
) =>
  ctx.app.inject({
    method,
    url,
    headers: { 'accept-language': lang, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

const refund = (orderId: string, kind: string, amountCents: number | 'full' = 'full') =>
  call('POST', `/api/staff/orders/${orderId}/refunds`, admin, {
    amountCents,
    kind,
    reason: 'Asked by the buyer',
  });

const esimRow = async (esimId: string) =>
  (await ctx.deps.db.select().from(esims).where(eq(esims.id, esimId)))[0];
const mailsTo = (email: string) => ctx.deps.db.select().from(outbox).where(eq(outbox.to, email));

/** A paid top-up of the eSIM that fulfilment has not carried out yet (paid, in flight). */
const paidTopUpInFlight = async (userId: string, esimId: string) => {
  const other = await seedCompletedEsimOrder(ctx.deps.db, { userId, packageSlug: slug });
  await ctx.deps.db.delete(esimPackages).where(eq(esimPackages.orderId, other.order.id));
  await ctx.deps.db.delete(esims).where(eq(esims.id, other.esim.id));
  const [order] = await ctx.deps.db
    .update(orders)
    .set({ kind: 'topup', targetEsimId: esimId, fulfilmentStatus: 'paid', completedAt: null })
    .where(eq(orders.id, other.order.id))
    .returning();
  if (!order) throw new Error('no top-up order');
  return order;
};

describe('an eSIM cancelled by a package-cancelling staff refund', () => {
  it('is cancelled, with the day; its QR code, usage and top-ups are refused before any charge, in words', async () => {
    const { auth, esim, order, user } = await customerWithEsim();
    const refunded = await refund(order.id, 'deleted_package');
    expect(refunded.statusCode, refunded.body).toBe(201);
    const row = await esimRow(esim.id);
    expect(row).toMatchObject({ status: 'cancelled', endedAt: expect.any(Date) });

    const list = await call('GET', '/api/account/esims', auth);
    expect(list.json().items[0]).toMatchObject({
      id: esim.id,
      status: 'cancelled',
      endedAt: expect.any(String),
    });
    expect(list.json().items[0].packages[0].status).toBe('deleted');

    const install = await call('GET', `/api/account/esims/${esim.id}/install`, auth);
    expect(install.statusCode).toBe(409);
    expect(install.json()).toEqual({
      code: 'ESIM_CANCELLED',
      message: 'This eSIM was cancelled and no longer works, so it cannot be installed or topped up.',
    });
    const inAlbanian = await call('GET', `/api/account/esims/${esim.id}/install`, auth, undefined, 'sq');
    expect(inAlbanian.json().message).toBe(
      'Ky eSIM u anulua dhe nuk funksionon më, prandaj nuk mund të instalohet apo rimbushet.',
    );
    expect((await call('POST', `/api/account/esims/${esim.id}/usage`, auth)).statusCode).toBe(409);
    expect((await call('GET', `/api/account/esims/${esim.id}/top-up-packages`, auth)).statusCode).toBe(409);

    // A top-up is refused at order time: no order, no card page, nothing charged.
    const topUp = await call('POST', '/api/account/top-ups', auth, { esimId: esim.id, packageSlug: slug });
    expect(topUp.statusCode).toBe(409);
    expect(topUp.json().code).toBe('ESIM_CANCELLED');
    const topUps = await ctx.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.kind, 'topup')));
    expect(topUps).toHaveLength(0);

    // Staff see the eSIM's state on the order page, not a package-level hint.
    const page = await call('GET', `/api/staff/orders/${order.id}`, admin);
    expect(page.json().esims[0]).toMatchObject({ status: 'cancelled', endedAt: expect.any(String) });
    // The buyer holds it and paid for it: the refund's own notice tells them (ADR 0090), not a second e-mail here.
    expect((await mailsTo(user.email)).filter((m) => m.subject?.includes('cancelled'))).toHaveLength(0);
  });

  it("is refused while another order's package waits on the eSIM, naming that order; nothing is refunded", async () => {
    const { esim, order, user } = await customerWithEsim();
    const topUp = await seedEsimPackage(ctx.deps.db, { esimId: esim.id, userId: user.id, packageSlug: slug });
    const [topUpOrder] = await ctx.deps.db.select().from(orders).where(eq(orders.id, topUp.orderId));
    if (!topUpOrder) throw new Error('no top-up order');
    await seedCardCharge(ctx.deps.db, topUpOrder);
    const refused = await refund(order.id, 'deleted_package');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'ESIM_PACKAGE_NOT_CANCELLABLE',
      message: `This eSIM also carries what other orders paid for (${topUpOrder.number}): cancelling it would take those with it. Refund or settle those orders first. Nothing was refunded.`,
    });
    expect(await ctx.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
    expect((await esimRow(esim.id))?.status).toBe('ready');
    const live = await ctx.deps.db.select().from(esimPackages).where(eq(esimPackages.esimId, esim.id));
    expect(live.map((p) => p.status).sort()).toEqual(['active', 'queued']);
    // A top-up's package alone cannot be cancelled at the provider either.
    const alone = await refund(topUp.orderId, 'deleted_package');
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toContain('the provider cancels whole eSIMs only');
  });

  it('is refused while a paid top-up of the eSIM is still being carried out', async () => {
    const { esim, order, user } = await customerWithEsim();
    const inFlight = await paidTopUpInFlight(user.id, esim.id);
    const refused = await refund(order.id, 'deleted_package');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`(${inFlight.number})`);
    expect((await esimRow(esim.id))?.status).toBe('ready');
  });
});

describe('freeing unused eSIMs (ADR 0064, 0091)', () => {
  const releaseOf = async (esimId: string) =>
    (await ctx.deps.db.select().from(esimReleases).where(eq(esimReleases.esimId, esimId)))[0];
  const free = (id: string) => call('POST', '/api/staff/settings/esim-releases/free', admin, { ids: [id] });

  it('an eSIM topped up since it was bought is not unused: not listed, and not freed if listed before', async () => {
    const queued = await customerWithEsim('en', 40);
    await seedEsimPackage(ctx.deps.db, { esimId: queued.esim.id, userId: queued.user.id, packageSlug: slug });
    const inFlight = await customerWithEsim('en', 40);
    await paidTopUpInFlight(inFlight.user.id, inFlight.esim.id);
    await runEsimReleaseJob(ctx.deps);
    expect(await releaseOf(queued.esim.id)).toBeUndefined();
    expect(await releaseOf(inFlight.esim.id)).toBeUndefined();

    // Listed while unused, then topped up: the confirmation frees nothing and the row leaves the list.
    const listed = await customerWithEsim('en', 40);
    await runEsimReleaseJob(ctx.deps);
    const release = await releaseOf(listed.esim.id);
    expect(release?.status).toBe('pending');
    await seedEsimPackage(ctx.deps.db, { esimId: listed.esim.id, userId: listed.user.id, packageSlug: slug });
    const answer = await free(release?.id ?? '');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ freed: 0, failed: 0 });
    expect(await releaseOf(listed.esim.id)).toBeUndefined();
    expect((await esimRow(listed.esim.id))?.status).toBe('ready');
  });

  it('frees an unused eSIM once: its owner is told once, in their language, what happened and what comes back', async () => {
    const { auth, esim, user, order } = await customerWithEsim('sq', 40);
    await runEsimReleaseJob(ctx.deps);
    const release = await releaseOf(esim.id);
    const [first, second] = [await free(release?.id ?? ''), await free(release?.id ?? '')];
    expect(first.json().freed).toBe(1);
    expect(second.json().freed).toBe(0);
    expect(await esimRow(esim.id)).toMatchObject({ status: 'freed', endedAt: expect.any(Date) });

    const told = await mailsTo(user.email);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe(`eSIM-i juaj ${String(order.packageSnapshot?.name)} u lirua`);
    expect(told[0]?.text).toContain('nuk u instalua e nuk u përdor kurrë');
    expect(told[0]?.text).toContain('Asgjë nuk rimbursohet automatikisht.');
    expect(told[0]?.text).toContain(order.number);

    const list = await call('GET', '/api/account/esims', auth);
    expect(list.json().items[0]).toMatchObject({ status: 'freed', endedAt: expect.any(String) });
    const install = await call('GET', `/api/account/esims/${esim.id}/install`, auth);
    expect(install.statusCode).toBe(409);
    expect(install.json().code).toBe('ESIM_FREED');
    // The job afterwards sends nothing more.
    await runEsimReleaseJob(ctx.deps);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

describe("a shop subscriber's eSIM", () => {
  let keys = 0;
  const newShop = async () => {
    const signed = await createSignedInUser(ctx, 'shop');
    const shopId = signed.user.shopId ?? '';
    await ctx.deps.db.transaction((tx) =>
      postEntries(tx, {
        shopId,
        orderId: null,
        movements: [
          {
            kind: 'adjustment',
            bucket: 'credit',
            amountCents: 50_000,
            idempotencyKey: `life-fund:${shopId}`,
          },
        ],
      }),
    );
    return { ...signed, shopId };
  };
  const buyForSubscriber = async (shop: Awaited<ReturnType<typeof newShop>>) => {
    const bought = await call('POST', '/api/portal/orders', shop.auth, {
      packageSlug: slug,
      subscriber: { name: 'Arta', lastname: 'Krasniqi', email: uniqueEmail('subscriber'), country: 'AL' },
      idempotencyKey: `life-${Date.now()}-${keys++}`,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const orderId = bought.json().order.id as string;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [row] = await ctx.deps.db.select().from(esims).where(eq(esims.orderId, orderId));
      if (row) return { orderId, esim: row, subscriberId: bought.json().order.subscriber.id as string };
      if (Date.now() > deadline) throw new Error('no eSIM');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const creditOf = async (shopId: string) =>
    (await ctx.deps.db.select().from(shops).where(eq(shops.id, shopId)))[0]?.creditCents;

  it('once cancelled, the portal neither shows nor e-mails its QR code, and a refill is refused before any credit moves', async () => {
    const shop = await newShop();
    const { orderId, esim, subscriberId } = await buyForSubscriber(shop);
    expect((await refund(orderId, 'deleted_package')).statusCode).toBe(201);
    const credit = await creditOf(shop.shopId);

    const install = await call('GET', `/api/portal/esims/${esim.id}/install`, shop.auth);
    expect(install.statusCode).toBe(409);
    expect(install.json().code).toBe('ESIM_CANCELLED');
    const mailed = await call('POST', `/api/portal/esims/${esim.id}/deliveries`, shop.auth, {
      channel: 'email',
    });
    expect(mailed.statusCode).toBe(409);
    expect(mailed.json()).toEqual({
      code: 'ESIM_CANCELLED',
      message: 'This eSIM was cancelled and no longer works, so it cannot be installed or topped up.',
    });
    const refill = await call('POST', `/api/portal/esims/${esim.id}/refills`, shop.auth, {
      packageSlug: slug,
      idempotencyKey: `life-refill-${Date.now()}`,
    });
    expect(refill.statusCode).toBe(409);
    expect(await creditOf(shop.shopId)).toBe(credit);
    const status = await call('GET', `/api/portal/orders/${orderId}`, shop.auth);
    expect(status.json().esim).toBeNull();
    const subscriber = await call('GET', `/api/portal/subscribers/${subscriberId}`, shop.auth);
    expect(subscriber.json().esims[0]).toMatchObject({ status: 'cancelled', endedAt: expect.any(String) });
  });

  it("once freed, the shop's users are told in their language; nothing is credited back", async () => {
    const shop = await newShop();
    const { esim } = await buyForSubscriber(shop);
    await ctx.deps.db
      .update(esims)
      .set({ createdAt: new Date(Date.now() - 40 * dayMs) })
      .where(eq(esims.id, esim.id));
    const credit = await creditOf(shop.shopId);
    await runEsimReleaseJob(ctx.deps);
    const [release] = await ctx.deps.db.select().from(esimReleases).where(eq(esimReleases.esimId, esim.id));
    expect(
      (await call('POST', '/api/staff/settings/esim-releases/free', admin, { ids: [release?.id] })).json()
        .freed,
    ).toBe(1);
    const told = await mailsTo(shop.user.email);
    const freed = told.filter((m) => m.subject?.includes('Arta Krasniqi'));
    expect(freed).toHaveLength(1);
    expect(freed[0]?.text).toContain('No credit is given back automatically.');
    expect(await creditOf(shop.shopId)).toBe(credit);
  });
});

describe('a top-up awaiting payment', () => {
  it('an open card page of a top-up holds a cancel of the eSIM back', async () => {
    const { auth, esim, order } = await customerWithEsim();
    const topUp = await call('POST', '/api/account/top-ups', auth, { esimId: esim.id, packageSlug: slug });
    expect(topUp.statusCode, topUp.body).toBe(201);
    const topUpOrderId = topUp.json().orderId as string;
    // The card page is open: the cancel waits for it (an order awaiting payment on a page that can still be paid).
    const refused = await refund(order.id, 'deleted_package');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('other orders paid for');
    const [payment] = await ctx.deps.db.select().from(payments).where(eq(payments.orderId, topUpOrderId));
    expect(payment?.status).toBe('pending');
  });
});
