import { refunds, sandboxRefunds, seedUser } from '@esim/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { createSignedInUser, createTestContext, type TestContext, uniqueEmail } from '../../test/harness';
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
      payload: { amountCents, kind: 'order', reason: `Click number ${i}` },
    });

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
});
