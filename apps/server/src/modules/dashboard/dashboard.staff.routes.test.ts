import { tokenKinds } from '@esim/contracts';
import type { StaffDashboard } from '@esim/contracts/staff';
import { businesses, orders, seedShop } from '@esim/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/callers';
import { createTestContext, type TestContext, uniqueEmail } from '../../test/harness';
import { getDashboard } from './dashboard.service';

// Issue 12: the staff home's figures, computed from orders, customers, shops and applications.
let ctx: TestContext;
let n = 0;

const paidOrder = (values: {
  kind?: 'esim' | 'topup' | 'credits';
  totalCents: number;
  paidAt: Date;
  method?: 'card' | 'credits';
}) =>
  ctx.deps.db.insert(orders).values({
    number: `ES-DASH-${Date.now().toString(36)}-${n++}`,
    kind: values.kind ?? 'esim',
    fulfilmentStatus: 'completed',
    subtotalCents: values.totalCents,
    totalCents: values.totalCents,
    paymentMethod: values.method ?? 'card',
    buyerName: 'Dash Board',
    buyerEmail: uniqueEmail('dash'),
    locale: 'en',
    paidAt: values.paidAt,
  });

beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('staff dashboard figures', () => {
  it('sums today, 7 and 30 days, draws 30 days against the 30 before, and counts the queues', async () => {
    const now = new Date('2031-05-20T15:00:00Z');
    const before = await getDashboard(ctx.deps, now);
    await paidOrder({ totalCents: 1_000, paidAt: new Date('2031-05-20T09:00:00Z') });
    await paidOrder({ kind: 'topup', totalCents: 500, paidAt: new Date('2031-05-16T09:00:00Z') });
    await paidOrder({ kind: 'credits', totalCents: 25_000, paidAt: new Date('2031-05-02T09:00:00Z') });
    await paidOrder({ totalCents: 700, paidAt: new Date('2031-05-02T10:00:00Z'), method: 'credits' });
    await paidOrder({ totalCents: 300, paidAt: new Date('2031-04-02T10:00:00Z') });
    await seedShop(ctx.deps.db, { status: 'pending_verification' });
    await ctx.deps.db.insert(businesses).values({
      fullName: 'Arta Gashi',
      country: 'AL',
      email: uniqueEmail('partner'),
      phone: '+355691234567',
      title: 'Partnership',
      message: 'We would like to resell.',
      businessType: 'reseller',
      locale: 'sq',
    });

    const after = await getDashboard(ctx.deps, now);
    const delta = (
      period: keyof StaffDashboard['periods'],
      field: keyof StaffDashboard['periods']['today'],
    ) => after.periods[period][field] - before.periods[period][field];
    expect([delta('today', 'revenueCents'), delta('today', 'orders')]).toEqual([1_000, 1]);
    expect([delta('days7', 'revenueCents'), delta('days7', 'orders'), delta('days7', 'topUps')]).toEqual([
      1_500, 2, 1,
    ]);
    // 30 days: card revenue (credit top-up included), orders without the credit top-up, credit sold apart.
    expect(delta('days30', 'revenueCents')).toBe(26_500);
    expect(delta('days30', 'orders')).toBe(3);
    expect(delta('days30', 'shopCreditSoldCents')).toBe(25_000);

    expect(after.revenueByDay).toHaveLength(30);
    expect(after.revenueByDay.at(-1)?.date).toBe('2031-05-20');
    const may2 = after.revenueByDay.find((d) => d.date === '2031-05-02');
    expect(may2?.revenueCents).toBe(25_000);
    expect(may2?.previousCents).toBe(300);
    expect(after.attention.pendingShops - before.attention.pendingShops).toBe(1);
    expect(after.attention.newApplications - before.attention.newApplications).toBe(1);
  });

  it('opens to admin and analytics only', async () => {
    for (const kind of tokenKinds) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/staff/dashboard',
        headers: await signInAs(ctx, kind),
      });
      const expected = kind === 'admin' || kind === 'analytics' ? 200 : kind === 'none' ? 401 : 403;
      expect(response.statusCode, kind).toBe(expected);
    }
  });
});
