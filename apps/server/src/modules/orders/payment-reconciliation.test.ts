import { orders, packages, payments, sandboxPaymentSessions } from '@esim/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import {
  createTestContext,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';
import { reconcilePendingPayments } from './payment-reconciliation.service';

// A payment whose webhook never arrives and whose buyer never returns still ends confirmed and fulfilled.
let ctx: TestContext;
let stopSweep: () => void;
let slug: string;

beforeAll(async () => {
  ctx = await createTestContext(
    { JOB_POLL_SECONDS: '0.5', FULFILMENT_RETRY_DELAY_SECONDS: '1' },
    {
      esimProvider: createSandboxEsimProvider({ allocationDelayMs: 0, usageMbPerMinute: 0 }),
      // Every webhook of the sandbox provider is lost on its way to us.
      fetch: async () => {
        throw new Error('webhook lost');
      },
    },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  // Sweeps only by hand here: the interval is far longer than the test.
  stopSweep = await startFulfilment(ctx.deps, ctx.app.log, 3_600_000);
  const [pkg] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.type, 'local'), eq(packages.active, true)))
    .limit(1);
  slug = pkg?.slug ?? '';
}, 180_000);
afterAll(async () => {
  stopSweep?.();
  await ctx?.close();
});

const sandbox = () => {
  if (!ctx.deps.sandboxPayments) throw new Error('sandbox payments expected');
  return ctx.deps.sandboxPayments;
};
const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

const placeOrder = async () => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'accept-language': 'en' },
    payload: {
      packageSlug: slug,
      humanProof: await solveHumanProof(ctx.app),
      fullName: 'Besa Hoxha',
      email: uniqueEmail('reconcile'),
      phoneNumber: uniquePhone(),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { orderId: string; checkoutUrl: string };
  return { orderId: body.orderId, sessionId: body.checkoutUrl.split('/').pop() ?? '' };
};

const paymentOf = async (sessionId: string) =>
  (await ctx.deps.db.select().from(payments).where(eq(payments.sessionRef, sessionId)))[0];
const statusOf = async (orderId: string) =>
  (await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;
/** As if the page was opened (or last asked about) this many seconds ago. */
const age = (sessionId: string, seconds: number) =>
  ctx.deps.db
    .update(payments)
    .set({ updatedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(payments.sessionRef, sessionId));

describe('payment reconciliation sweep', () => {
  it('confirms and fulfils a paid order whose webhook was lost, once', async () => {
    const { orderId, sessionId } = await placeOrder();
    // Paid on the card page; the webhook is lost and the buyer closes the tab before the return page.
    expect((await sandbox().submitCard(sessionId, card)).kind).toBe('redirect');
    expect(await statusOf(orderId)).toBe('pending');

    // Not idle long enough yet: left alone.
    expect((await reconcilePendingPayments(ctx.deps, ctx.app.log, 900)).succeeded).toBe(0);
    await age(sessionId, 901);
    expect(await reconcilePendingPayments(ctx.deps, ctx.app.log, 900)).toMatchObject({ succeeded: 1 });
    expect((await paymentOf(sessionId))?.status).toBe('succeeded');

    const deadline = Date.now() + 20_000;
    while ((await statusOf(orderId)) !== 'completed') {
      if (Date.now() > deadline) throw new Error(`order is ${await statusOf(orderId)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A second sweep finds nothing to do.
    await age(sessionId, 901);
    expect(await reconcilePendingPayments(ctx.deps, ctx.app.log, 900)).toEqual({
      succeeded: 0,
      failed: 0,
      pending: 0,
    });
  });

  it('asks about a page still open once per idle period, and records it expired when it lapses', async () => {
    const { orderId, sessionId } = await placeOrder();
    await age(sessionId, 901);
    expect(await reconcilePendingPayments(ctx.deps, ctx.app.log, 900)).toMatchObject({ pending: 1 });
    // Asked just now: the next sweep leaves it alone.
    expect(await reconcilePendingPayments(ctx.deps, ctx.app.log, 900)).toMatchObject({ pending: 0 });
    expect((await paymentOf(sessionId))?.status).toBe('pending');

    // The card page's lifetime ends.
    await ctx.deps.db
      .update(sandboxPaymentSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sandboxPaymentSessions.id, sessionId));
    await age(sessionId, 901);
    expect(await reconcilePendingPayments(ctx.deps, ctx.app.log, 900)).toMatchObject({ failed: 1 });
    expect((await paymentOf(sessionId))?.status).toBe('expired');
    expect(await statusOf(orderId)).toBe('pending');
  });
});
