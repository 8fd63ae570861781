import {
  giftCardRedemptions,
  giftCards,
  orders,
  refunds,
  sandboxRefunds,
  seedCompletedEsimOrder,
  seedUser,
} from '@esim/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { createSignedInUser, createTestContext, type TestContext, uniqueEmail } from '../../test/harness';
import { giftCardLedgerBalance } from '../gift-cards/gift-cards.repository';
import { seedPaidCardOrder } from '../test-support/test-support.repository';

// Issue 31: two staff clicking "refund" at once never give back more than was paid. PGlite has one connection,
// so `FOR UPDATE` never waits there: this runs on PostgreSQL only (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('refunds clicked at once (PostgreSQL)', () => {
  let ctx: TestContext;
  let admins: Record<string, string>[];

  beforeAll(async () => {
    ctx = await createTestContext();
    await ensureCatalogue(ctx.deps, ctx.app.log);
    admins = [(await createSignedInUser(ctx, 'staff')).auth, (await createSignedInUser(ctx, 'staff')).auth];
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const paidOrder = async () =>
    (
      await seedPaidCardOrder(ctx.deps.db, {
        userId: (await seedUser(ctx.deps.db, { email: uniqueEmail() })).id,
      })
    ).order;
  const click = (orderId: string, i: number, amountCents: number | 'full') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${orderId}/refunds`,
      headers: { 'accept-language': 'en', ...admins[i % 2] },
      // Different reasons: these are different refunds, not a double click.
      payload: { amountCents, kind: 'order', reason: `Click number ${i}`, policyOverrideReason: 'Goodwill' },
    });

  /** An order a gift card paid in full, as checkout leaves it: the card's balance less the captured amount. */
  const giftCardPaidOrder = async () => {
    const { order } = await seedCompletedEsimOrder(ctx.deps.db, {
      userId: (await seedUser(ctx.deps.db, { email: uniqueEmail() })).id,
    });
    await ctx.deps.db.update(orders).set({ paymentMethod: 'gift_card' }).where(eq(orders.id, order.id));
    const amountCents = order.totalCents + 2000;
    const [card] = await ctx.deps.db
      .insert(giftCards)
      .values({
        orderId: (await seedCompletedEsimOrder(ctx.deps.db, { userId: order.userId ?? '' })).order.id,
        amountCents,
        balanceCents: amountCents - order.totalCents,
        recipientEmail: uniqueEmail('recipient'),
        sendOn: '2026-01-01',
        locale: 'en',
        status: 'active',
      })
      .returning();
    if (!card) throw new Error('no card');
    await ctx.deps.db
      .insert(giftCardRedemptions)
      .values({ giftCardId: card.id, orderId: order.id, amountCents: order.totalCents, status: 'captured' });
    return { order, card };
  };

  it('refunds a full order once however many staff click "refund all" together', async () => {
    const order = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => click(order.id, i, 'full')));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    const rows = await ctx.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((r) => r.amountCents)).toEqual([order.totalCents]);
  });

  it('never gives back more than was paid with partial refunds at once, each sent to the provider once', async () => {
    const order = await paidOrder();
    const part = Math.ceil(order.totalCents / 3);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => click(order.id, i, part)));
    const made = answers.filter((a) => a.statusCode === 201);
    expect(made.length).toBe(Math.floor(order.totalCents / part));
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 422)).toBe(true);
    const rows = await ctx.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBeLessThanOrEqual(order.totalCents);
    const keys = rows.map((r) => `refund-${r.id}`);
    expect(await ctx.deps.db.$count(sandboxRefunds, inArray(sandboxRefunds.idempotencyKey, keys))).toBe(
      rows.length,
    );
  });

  it('keeps a gift card balance equal to its history when refunds onto it are clicked at once', async () => {
    const { order, card } = await giftCardPaidOrder();
    const part = Math.ceil(order.totalCents / 3);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => click(order.id, i, part)));
    const made = answers.filter((a) => a.statusCode === 201);
    expect(made.length).toBe(Math.floor(order.totalCents / part));
    const lines = await ctx.deps.db
      .select()
      .from(giftCardRedemptions)
      .where(and(eq(giftCardRedemptions.giftCardId, card.id), eq(giftCardRedemptions.kind, 'refund')));
    // One line per refund made, each naming its refund; the balance is issued - used + refunded.
    expect(lines.map((l) => l.refundId).sort()).toEqual(made.map((a) => a.json().refund.id).sort());
    const [after] = await ctx.deps.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after?.balanceCents).toBe(card.balanceCents + made.length * part);
    expect(await giftCardLedgerBalance(ctx.deps.db, card.id)).toBe(after?.balanceCents);
  });
});
