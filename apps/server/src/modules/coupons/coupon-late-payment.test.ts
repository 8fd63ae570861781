import { couponRedemptions, coupons, orders, packages } from '@esim/db';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader, signPayload } from '../../adapters/payments/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import {
  createSignedInUser,
  createTestContext,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';

// ADR 0083: the provider reports a payment succeeded after it reported it failed (the coupon's use went back on
// the failure). The use is taken again with the order marked paid, or the order waits for staff when the coupon
// no longer allows it; the coupon's count never passes its limit. Runs on PGlite and on PostgreSQL.
let ctx: TestContext;
let admin: Record<string, string>;
let pkg: { slug: string; priceCents: number };

beforeAll(async () => {
  ctx = await createTestContext();
  await ensureCatalogue(ctx.deps, ctx.app.log);
  admin = (await createSignedInUser(ctx, 'staff')).auth;
  const [row] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.active, true), gt(packages.priceCents, 1000), isNull(packages.offerPriceCents)))
    .orderBy(asc(packages.priceCents))
    .limit(1);
  if (!row) throw new Error('no package');
  pkg = row;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

let codes = 0;
const createCoupon = async (limits: { maxRedemptions?: number; maxPerCustomer?: number }) => {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/staff/coupons',
    headers: admin,
    payload: {
      code: `LATE-${Date.now().toString(36).toUpperCase()}-${++codes}`,
      kind: 'percent',
      percentOff: 10,
      amountOffCents: null,
      startsOn: new Date().toISOString().slice(0, 10),
      endsOn: '',
      maxRedemptions: limits.maxRedemptions ?? '',
      maxPerCustomer: limits.maxPerCustomer ?? '',
      minOrderCents: 0,
      scopePackageSlug: '',
      scopePackageType: '',
      scopeCountry: '',
    },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().coupon as { id: string; code: string };
};

type Placed = { orderId: string; sessionId: string; totalCents: number };
const placeOrder = async (couponCode: string, email = uniqueEmail('late')): Promise<Placed> => {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'accept-language': 'en' },
    payload: {
      packageSlug: pkg.slug,
      fullName: 'Besa Krasniqi',
      email,
      phoneNumber: uniquePhone(),
      humanProof: await solveHumanProof(ctx.app),
      couponCode,
    },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const body = answer.json();
  return { orderId: body.orderId, sessionId: body.checkoutUrl.split('/').pop(), totalCents: body.totalCents };
};

const webhook = (event: Record<string, unknown>) => {
  const payload = JSON.stringify(event);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      [signatureHeader]: signPayload(ctx.config.payments.webhookSecret, payload),
    },
    payload,
  });
};
const failed = async (order: Placed) => {
  const answer = await webhook({
    id: `evt_fail_${order.orderId}`,
    type: 'payment.failed',
    sessionId: order.sessionId,
    orderId: order.orderId,
    failureReason: 'declined',
  });
  expect(answer.statusCode, answer.body).toBe(200);
};
const succeeded = (order: Placed, eventId = `evt_late_${order.orderId}`) =>
  webhook({
    id: eventId,
    type: 'payment.succeeded',
    sessionId: order.sessionId,
    orderId: order.orderId,
    paymentRef: `pi_late_${order.orderId}`,
    amountCents: order.totalCents,
  });

const countOf = async (couponId: string) =>
  (await ctx.deps.db.select().from(coupons).where(eq(coupons.id, couponId)))[0]?.redeemedCount;
const redemptionOf = async (orderId: string) =>
  (await ctx.deps.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)))[0]
    ?.status;
const orderOf = async (orderId: string) =>
  (await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId)))[0];

describe('a payment reported succeeded after it failed, on an order with a coupon', () => {
  it('takes the use again when the coupon has room, and the order is paid with it captured', async () => {
    const coupon = await createCoupon({ maxRedemptions: 2 });
    const order = await placeOrder(coupon.code);
    await failed(order);
    expect(await redemptionOf(order.orderId)).toBe('released');
    expect(await countOf(coupon.id)).toBe(0);

    const late = await succeeded(order);
    expect(late.statusCode, late.body).toBe(200);
    expect(await redemptionOf(order.orderId)).toBe('captured');
    expect(await countOf(coupon.id)).toBe(1);
    const row = await orderOf(order.orderId);
    expect(row?.paidAt).not.toBeNull();
    expect(row?.status).not.toBe('for_review');
    expect(row?.discountCents).toBeGreaterThan(0);

    // The same event again, and the provider's second event for the same payment, change nothing.
    expect((await succeeded(order)).json()).toMatchObject({ duplicate: true });
    expect((await succeeded(order, `evt_again_${order.orderId}`)).statusCode).toBe(200);
    expect(await countOf(coupon.id)).toBe(1);
    expect(await ctx.deps.db.$count(couponRedemptions, eq(couponRedemptions.couponId, coupon.id))).toBe(1);
  });

  it('sends the order to review when another order took the last use meanwhile; the count stays at the limit', async () => {
    const coupon = await createCoupon({ maxRedemptions: 1 });
    const order = await placeOrder(coupon.code);
    await failed(order);
    const other = await placeOrder(coupon.code);
    expect(await countOf(coupon.id)).toBe(1);

    expect((await succeeded(order)).statusCode).toBe(200);
    const row = await orderOf(order.orderId);
    expect(row).toMatchObject({ status: 'for_review', reviewReason: 'coupon_limit_late_payment' });
    expect(row?.paidAt).not.toBeNull();
    expect(await redemptionOf(order.orderId)).toBe('released');
    expect(await redemptionOf(other.orderId)).toBe('held');
    expect(await countOf(coupon.id)).toBe(1);

    // Delivered twice (and reported again under another event id): still one use, still in review.
    expect((await succeeded(order)).json()).toMatchObject({ duplicate: true });
    expect((await succeeded(order, `evt_again_${order.orderId}`)).statusCode).toBe(200);
    expect(await orderOf(order.orderId)).toMatchObject({ status: 'for_review' });
    expect(await countOf(coupon.id)).toBe(1);

    // Staff find it in the review list under its reason, in words.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/staff/orders/for-review?reviewReason=coupon_limit_late_payment&pageSize=200',
      headers: admin,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((item: { id: string }) => item.id)).toContain(order.orderId);
  });

  it("sends the order to review when the buyer's own limit was reached meanwhile", async () => {
    const coupon = await createCoupon({ maxPerCustomer: 1 });
    const email = uniqueEmail('late-own');
    const order = await placeOrder(coupon.code, email);
    await failed(order);
    await placeOrder(coupon.code, email);
    expect((await succeeded(order)).statusCode).toBe(200);
    expect(await orderOf(order.orderId)).toMatchObject({
      status: 'for_review',
      reviewReason: 'coupon_limit_late_payment',
    });
    expect(await countOf(coupon.id)).toBe(1);
  });

  it('sends the order to review when the coupon ended meanwhile', async () => {
    const coupon = await createCoupon({});
    const order = await placeOrder(coupon.code);
    await failed(order);
    await ctx.deps.db
      .update(coupons)
      .set({ startsAt: new Date('2020-01-01'), endsAt: new Date('2020-01-31') })
      .where(eq(coupons.id, coupon.id));
    expect((await succeeded(order)).statusCode).toBe(200);
    expect(await orderOf(order.orderId)).toMatchObject({
      status: 'for_review',
      reviewReason: 'coupon_limit_late_payment',
    });
    expect(await countOf(coupon.id)).toBe(0);
  });
});
