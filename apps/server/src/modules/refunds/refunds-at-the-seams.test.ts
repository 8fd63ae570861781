import { creditLedger, giftCardRedemptions, orders, packages, refunds, sandboxRefunds } from '@esim/db';
import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { setSandboxFailRefunds } from '../../adapters/payments/sandbox.repository';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import {
  buyEsim,
  buyGiftCard,
  giftCardRow,
  newShopUser,
  orderRow,
  payCard,
  placeOrder,
  shopBalances,
  shopPurchase,
  staffRefund,
  topUpShop,
  waitForFulfilment,
  waitUntil,
} from '../../test/buying';
import { callApi, createSignedInUser, createTestContext, type TestContext } from '../../test/harness';
import { giftCardLedgerBalance } from '../gift-cards/gift-cards.repository';
import { deliverDueGiftCards } from '../gift-cards/gift-cards.service';

// Issue 39, where money features meet (ADR 0090): a gift card's purchase refunded after it was spent, a client
// refund of every kind of order, a refund the provider refuses, a refund racing fulfilment, a shop's top-up and
// purchase refunded, and the order's status derived from the refunds that succeeded.
let ctx: TestContext;
let stopFulfilment: () => void;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
/** A package dearer than a 10-euro gift card, without an offer. */
let dear: { slug: string; priceCents: number };
/** A package a shop can buy, at its reseller price. */
let resale: { slug: string; priceCents: number };
const esimProvider = createSandboxEsimProvider({ allocationDelayMs: 0, usageMbPerMinute: 0 });

beforeAll(async () => {
  ctx = await createTestContext(
    { FULFILMENT_ATTEMPTS: '1', FULFILMENT_RETRY_DELAY_SECONDS: '1', JOB_POLL_SECONDS: '0.5' },
    { esimProvider },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopFulfilment = await startFulfilment(ctx.deps, ctx.app.log);
  admin = await createSignedInUser(ctx, 'staff');
  const [pkg] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.active, true), gt(packages.priceCents, 1500), isNull(packages.offerPriceCents)))
    .orderBy(asc(packages.priceCents))
    .limit(1);
  const [resold] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.type, 'local'), eq(packages.active, true), isNotNull(packages.resellerPriceCents)))
    .limit(1);
  if (!pkg || !resold?.resellerPriceCents) throw new Error('no package');
  dear = { slug: pkg.slug, priceCents: pkg.priceCents };
  resale = { slug: resold.slug, priceCents: resold.resellerPriceCents };
}, 180_000);
afterAll(async () => {
  stopFulfilment?.();
  await ctx?.close();
});

const quote = async (orderId: string) =>
  (await callApi(ctx, 'GET', `/api/staff/orders/${orderId}/refunds`, { headers: admin.auth })).json();
const refundRows = (orderId: string) =>
  ctx.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));

describe("a gift card's purchase refunded", () => {
  it('gives back only what is unspent, takes it off the card, and leaves what was spent paid', async () => {
    const { orderId, giftCard, code } = await buyGiftCard(ctx, { amount: 10 });
    // The recipient spends the whole card on a dearer eSIM (the rest by card)...
    const spent = await buyEsim(ctx, { packageSlug: dear.slug, giftCardCode: code });
    expect(spent.fulfilmentStatus).toBe('completed');
    expect((await quote(orderId)).refundableCents).toBe(0);
    const refused = await staffRefund(ctx, admin, orderId, { amountCents: 'full' });
    expect(refused.statusCode).toBe(409);
    // ...or a card of 20 half spent: the refund gives back the unspent half and the card is then empty.
    const second = await buyGiftCard(ctx, { amount: 20 });
    const placed = await placeOrder(ctx, { packageSlug: dear.slug, giftCardCode: second.code });
    await payCard(ctx, placed.checkoutUrl);
    await waitForFulfilment(ctx, placed.orderId);
    const left = (await giftCardRow(ctx, second.giftCard.id)).balanceCents;
    expect(left).toBe(2000 - Math.min(2000, dear.priceCents));
    if (left > 0) {
      expect((await quote(second.orderId)).refundableCents).toBe(left);
      const tooMuch = await staffRefund(ctx, admin, second.orderId, { amountCents: left + 1 });
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.json().message).toContain((left / 100).toFixed(2));
      const refunded = await staffRefund(ctx, admin, second.orderId, { amountCents: 'full' });
      expect(refunded.statusCode, refunded.body).toBe(201);
      expect(refunded.json().refund).toMatchObject({ amountCents: left, status: 'succeeded' });
      const card = await giftCardRow(ctx, second.giftCard.id);
      expect(card).toMatchObject({ balanceCents: 0, status: 'cancelled' });
      expect(await giftCardLedgerBalance(ctx.deps.db, card.id)).toBe(0);
      const [revocation] = await ctx.deps.db
        .select()
        .from(giftCardRedemptions)
        .where(and(eq(giftCardRedemptions.giftCardId, card.id), eq(giftCardRedemptions.kind, 'revocation')));
      expect(revocation).toMatchObject({ amountCents: left, status: 'captured' });
      expect((await orderRow(ctx, second.orderId)).status).toBe('partially_refunded');
    }
    expect(giftCard.status).toBe('active');
  });

  it('cancels a card for a later day refunded in full: it is never sent nor redeemable', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const { orderId, giftCard, code } = await buyGiftCard(ctx, { amount: 25, sendOn: tomorrow });
    const refunded = await staffRefund(ctx, admin, orderId, { amountCents: 'full' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect((await orderRow(ctx, orderId)).status).toBe('refunded');
    expect(await giftCardRow(ctx, giftCard.id)).toMatchObject({ status: 'cancelled', balanceCents: 0 });
    await deliverDueGiftCards(ctx.deps, new Date(`${tomorrow}T12:00:00Z`));
    expect((await giftCardRow(ctx, giftCard.id)).deliveredAt).toBeNull();
    const preview = await callApi(ctx, 'POST', '/api/gift-cards/preview', {
      payload: { code, packageSlug: dear.slug },
    });
    expect(preview.statusCode).toBe(422);
  });

  it('puts the amount back on the card while the refund fails, and takes it again on the retry', async () => {
    const { orderId, giftCard } = await buyGiftCard(ctx, { amount: 30 });
    await setSandboxFailRefunds(ctx.deps.db, true);
    const failed = await staffRefund(ctx, admin, orderId, { amountCents: 1000 });
    await setSandboxFailRefunds(ctx.deps.db, false);
    expect(failed.json().refund.status).toBe('failed');
    expect(await giftCardRow(ctx, giftCard.id)).toMatchObject({ balanceCents: 3000, status: 'active' });
    expect((await orderRow(ctx, orderId)).status).toBe('completed');
    const retried = await callApi(
      ctx,
      'POST',
      `/api/staff/orders/${orderId}/refunds/${failed.json().refund.id}/retry`,
      { headers: admin.auth },
    );
    expect(retried.json().refund.status).toBe('succeeded');
    expect((await giftCardRow(ctx, giftCard.id)).balanceCents).toBe(2000);
    expect((await orderRow(ctx, orderId)).status).toBe('partially_refunded');
  });
});

describe('money put back on a gift card', () => {
  it('makes a card its purchase refund emptied usable again, and a client refund gives that back too', async () => {
    const customer = await createSignedInUser(ctx, 'customer');
    const buyer = { auth: customer.auth, email: customer.user.email };
    const { orderId: purchaseId, giftCard, code } = await buyGiftCard(ctx, { amount: 20, buyer });
    const spentOn = await buyEsim(ctx, { packageSlug: dear.slug, giftCardCode: code, buyer });
    const onCard = Math.min(2000, dear.priceCents);
    // The purchase gives back only what is unspent; the card is then empty and cancelled.
    await staffRefund(ctx, admin, purchaseId, { amountCents: 'full' });
    expect(await giftCardRow(ctx, giftCard.id)).toMatchObject({ status: 'cancelled', balanceCents: 0 });
    // The order it paid is refunded: its gift card part goes back on the card, which its holder can use again.
    const back = await staffRefund(ctx, admin, spentOn.id, { amountCents: 1 });
    expect(back.json().refund.status, back.body).toBe('succeeded');
    expect(await giftCardRow(ctx, giftCard.id)).toMatchObject({ status: 'active' });
    // A client refund of the buyer gives back the rest of both, in as many passes as that takes.
    const client = await callApi(ctx, 'POST', `/api/staff/clients/${customer.user.id}/refunds`, {
      headers: admin.auth,
      payload: { reason: 'Closing the account', policyOverrideReason: 'Goodwill' },
    });
    expect(client.statusCode, client.body).toBe(201);
    expect((await quote(purchaseId)).refundableCents).toBe(0);
    expect((await quote(spentOn.id)).refundableCents).toBe(0);
    expect(await orderRow(ctx, spentOn.id)).toMatchObject({ status: 'refunded' });
    const card = await giftCardRow(ctx, giftCard.id);
    expect(card.balanceCents).toBe(0);
    expect(await giftCardLedgerBalance(ctx.deps.db, card.id)).toBe(0);
    expect(onCard).toBeGreaterThan(0);
  }, 90_000);
});

describe("a client's refund", () => {
  it('covers orders a gift card paid, as the order itself says is refundable', async () => {
    const { code } = await buyGiftCard(ctx, { amount: 200 });
    // Bought signed out: the buyer's account is made with the order (SPEC section 4).
    const paid = await buyEsim(ctx, { packageSlug: dear.slug, giftCardCode: code });
    expect(paid.paymentMethod).toBe('gift_card');
    expect((await quote(paid.id)).refundableCents).toBe(dear.priceCents);
    const answer = await callApi(ctx, 'POST', `/api/staff/clients/${paid.userId}/refunds`, {
      headers: admin.auth,
      payload: { reason: 'Leaving the country', policyOverrideReason: 'Goodwill' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().refunds).toMatchObject([{ orderId: paid.id, amountCents: dear.priceCents }]);
    expect((await orderRow(ctx, paid.id)).status).toBe('refunded');
  });
});

describe('a refund the provider refuses', () => {
  it('changes nothing the buyer had: the order is not refunded, and the retry splits like a new refund', async () => {
    const { code } = await buyGiftCard(ctx, { amount: 10 });
    const order = await buyEsim(ctx, { packageSlug: dear.slug, giftCardCode: code });
    const cardPart = dear.priceCents - 1000;
    await setSandboxFailRefunds(ctx.deps.db, true);
    const failed = await staffRefund(ctx, admin, order.id, { amountCents: cardPart });
    await setSandboxFailRefunds(ctx.deps.db, false);
    expect(failed.json().refund.status).toBe('failed');
    const after = await orderRow(ctx, order.id);
    expect(after).toMatchObject({ status: 'completed', fulfilmentStatus: 'completed', refundedCents: 0 });
    const receipt = await quote(order.id);
    expect(receipt).toMatchObject({ refundable: true, refundableCents: dear.priceCents });
    // Meanwhile the card's charge goes back in full by a second refund; the retry can only go to the gift card.
    const second = await staffRefund(ctx, admin, order.id, { amountCents: cardPart });
    expect(second.json().refund, second.body).toMatchObject({ status: 'succeeded', amountCents: cardPart });
    const retried = await callApi(
      ctx,
      'POST',
      `/api/staff/orders/${order.id}/refunds/${failed.json().refund.id}/retry`,
      { headers: admin.auth },
    );
    expect(retried.statusCode, retried.body).toBe(200);
    // What is left of the order now is the gift card's 10 EUR: the retry takes as much of it as it asked.
    const retriedCents = Math.min(cardPart, 1000);
    expect(retried.json().refund).toMatchObject({ status: 'succeeded', amountCents: retriedCents });
    const [onCard] = await ctx.deps.db
      .select()
      .from(giftCardRedemptions)
      .where(and(eq(giftCardRedemptions.orderId, order.id), eq(giftCardRedemptions.kind, 'refund')));
    expect(onCard?.amountCents).toBe(retriedCents);
    expect(await orderRow(ctx, order.id)).toMatchObject({
      status: retriedCents < 1000 ? 'partially_refunded' : 'refunded',
      refundedCents: cardPart + retriedCents,
    });
    if (retriedCents < 1000) {
      const rest = await staffRefund(ctx, admin, order.id, { amountCents: 'full' });
      expect(rest.json().refund).toMatchObject({ status: 'succeeded', amountCents: 1000 - retriedCents });
    }
    expect(await orderRow(ctx, order.id)).toMatchObject({
      status: 'refunded',
      refundedCents: dear.priceCents,
    });
  });

  it('sends the retry of a refund the provider could not be reached for under the same key', async () => {
    const order = await buyEsim(ctx, { packageSlug: dear.slug });
    await setSandboxFailRefunds(ctx.deps.db, true);
    const failed = await staffRefund(ctx, admin, order.id, { amountCents: 100 });
    await setSandboxFailRefunds(ctx.deps.db, false);
    const id = failed.json().refund.id as string;
    expect(failed.json().refund.errorCode).toBe('provider_unavailable');
    await callApi(ctx, 'POST', `/api/staff/orders/${order.id}/refunds/${id}/retry`, { headers: admin.auth });
    const sent = await ctx.deps.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, `refund-${id}`));
    expect(sent).toHaveLength(1);
    expect((await orderRow(ctx, order.id)).status).toBe('partially_refunded');
    // A partial refund and the rest: two succeeded refunds covering the price read refunded.
    const rest = await staffRefund(ctx, admin, order.id, { amountCents: 'full' });
    expect(rest.json().refund.status).toBe('succeeded');
    expect(await orderRow(ctx, order.id)).toMatchObject({
      status: 'refunded',
      refundedCents: order.totalCents,
    });
  });
});

describe('a refund racing fulfilment', () => {
  it('refuses all of it while the order is carried out, lets a part go, and the eSIM still arrives', async () => {
    const slow = createSandboxEsimProvider({ allocationDelayMs: 1500, usageMbPerMinute: 0 });
    const slowCtx = await createTestContext(
      { FULFILMENT_ATTEMPTS: '1', FULFILMENT_RETRY_DELAY_SECONDS: '1', JOB_POLL_SECONDS: '0.5' },
      { esimProvider: slow },
    );
    await ensureCatalogue(slowCtx.deps, slowCtx.app.log);
    const stop = await startFulfilment(slowCtx.deps, slowCtx.app.log);
    try {
      const staff = await createSignedInUser(slowCtx, 'staff');
      const placed = await placeOrder(slowCtx, { packageSlug: dear.slug });
      await payCard(slowCtx, placed.checkoutUrl);
      await waitUntil(async () => (await orderRow(slowCtx, placed.orderId)).fulfilmentStatus === 'paid');
      const all = await staffRefund(slowCtx, staff, placed.orderId, { amountCents: 'full' });
      expect(all.statusCode).toBe(409);
      expect(all.json().code).toBe('ORDER_BEING_FULFILLED');
      const cancelling = await staffRefund(slowCtx, staff, placed.orderId, {
        amountCents: 100,
        kind: 'deleted_package',
      });
      expect(cancelling.json().code).toBe('ORDER_BEING_FULFILLED');
      const part = await staffRefund(slowCtx, staff, placed.orderId, { amountCents: 200 });
      expect(part.statusCode, part.body).toBe(201);
      const done = await waitForFulfilment(slowCtx, placed.orderId);
      expect(done).toMatchObject({
        fulfilmentStatus: 'completed',
        status: 'partially_refunded',
        refundedCents: 200,
      });
      const receipt = await callApi(slowCtx, 'GET', `/api/staff/orders/${placed.orderId}`, {
        headers: staff.auth,
      });
      expect(receipt.json().esims).toHaveLength(1);
    } finally {
      stop();
      await slowCtx.close();
    }
  }, 90_000);
});

describe("a shop's money refunded", () => {
  it('takes a refunded top-up back with its bonus, and no more than the shop still holds', async () => {
    const shop = await newShopUser(ctx);
    const topUp = await topUpShop(ctx, shop, 37_700);
    const bonus = topUp.bonusCents ?? 0;
    expect(await shopBalances(ctx, shop.shopId)).toEqual({ creditCents: 37_700, bonusCents: bonus });
    const half = await staffRefund(ctx, admin, topUp.id, { amountCents: 18_850 });
    expect(half.json().refund.status).toBe('succeeded');
    const share = Math.round(bonus / 2);
    expect(await shopBalances(ctx, shop.shopId)).toEqual({
      creditCents: 18_850,
      bonusCents: bonus - share,
    });
    // The shop spends credit: the rest of the top-up can only come back as far as the shop still holds it.
    await shopPurchase(ctx, shop, resale.slug);
    const { creditCents } = await shopBalances(ctx, shop.shopId);
    expect((await quote(topUp.id)).refundableCents).toBe(creditCents);
    const rest = await staffRefund(ctx, admin, topUp.id, { amountCents: 18_850 });
    expect(rest.statusCode).toBe(422);
    const taken = await ctx.deps.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.orderId, topUp.id))
      .orderBy(asc(creditLedger.seq));
    expect(taken.map((r) => [r.kind, r.bucket, r.amountCents])).toEqual([
      ['topup', 'credit', 37_700],
      ['bonus', 'bonus', bonus],
      ['topup', 'credit', -18_850],
      ['bonus', 'bonus', -share],
    ]);
  }, 60_000);

  it('gives a refunded purchase back to paid credit and bonus in the shares it took them', async () => {
    const shop = await newShopUser(ctx);
    await topUpShop(ctx, shop, 20_000);
    const before = await shopBalances(ctx, shop.shopId);
    // Spend the paid credit down so the next purchase takes both buckets.
    await ctx.deps.db.transaction(async (tx) => {
      const { postEntries } = await import('../credits/credits.service');
      await postEntries(tx, {
        shopId: shop.shopId,
        orderId: null,
        movements: [
          {
            kind: 'adjustment',
            bucket: 'credit',
            amountCents: -(before.creditCents - Math.floor(resale.priceCents / 2)),
            idempotencyKey: `drain:${shop.shopId}`,
          },
        ],
      });
    });
    const orderId = await shopPurchase(ctx, shop, resale.slug);
    await waitForFulfilment(ctx, orderId);
    const spent = await ctx.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.orderId, orderId), eq(creditLedger.kind, 'purchase')));
    const fromBonus = -(spent.find((r) => r.bucket === 'bonus')?.amountCents ?? 0);
    expect(fromBonus).toBeGreaterThan(0);
    const mid = await shopBalances(ctx, shop.shopId);
    const refunded = await staffRefund(ctx, admin, orderId, { amountCents: 'full' });
    expect(refunded.json().refund.status).toBe('succeeded');
    expect(await shopBalances(ctx, shop.shopId)).toEqual({
      creditCents: mid.creditCents + (resale.priceCents - fromBonus),
      bonusCents: mid.bonusCents + fromBonus,
    });
    expect((await orderRow(ctx, orderId)).status).toBe('refunded');
  }, 60_000);
});

describe("the order's status", () => {
  it('follows only the refunds that succeeded, whatever their kind and destination', async () => {
    const order = await buyEsim(ctx, { packageSlug: dear.slug });
    for (const cents of [100, 200]) await staffRefund(ctx, admin, order.id, { amountCents: cents });
    expect(await orderRow(ctx, order.id)).toMatchObject({ status: 'partially_refunded', refundedCents: 300 });
    await staffRefund(ctx, admin, order.id, { amountCents: order.totalCents - 300 });
    const done = await orderRow(ctx, order.id);
    expect(done).toMatchObject({ status: 'refunded', fulfilmentStatus: 'completed' });
    expect((await refundRows(order.id)).every((r) => r.status === 'succeeded')).toBe(true);
    const list = await ctx.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(list[0]?.refundedCents).toBe(order.totalCents);
  });
});
