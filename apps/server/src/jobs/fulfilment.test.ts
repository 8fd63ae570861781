import { esims, orders, packages } from '@esim/db';
import { and, eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../adapters/esim/sandbox';
import type { AppDeps } from '../deps';
import { createJobQueue, queues } from '../lib/job-queue';
import { createTestContext, type TestContext, uniqueEmail, uniquePhone } from '../test/harness';
import { ensureCatalogue } from './catalogue-sync';
import { startFulfilment } from './fulfilment';

const esimProvider = createSandboxEsimProvider({ allocationDelayMs: 100 });
let ctx: TestContext;
let slug: string;

beforeAll(async () => {
  ctx = await createTestContext({ JOB_POLL_SECONDS: '0.5' }, { esimProvider });
  await ensureCatalogue(ctx.deps, ctx.app.log);
  const [pkg] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.type, 'local')))
    .limit(1);
  slug = pkg?.slug ?? '';
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

/** A paid order with its fulfilment job queued, and no worker running (the process that took it is gone). */
const payOrder = async () => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      packageSlug: slug,
      fullName: 'Besa Gashi',
      email: uniqueEmail('restart'),
      phoneNumber: uniquePhone(),
    },
  });
  const { orderId, checkoutUrl } = response.json() as { orderId: string; checkoutUrl: string };
  await ctx.deps.sandboxPayments?.submitCard(checkoutUrl.split('/').pop() ?? '', {
    number: '4242424242424242',
    expiry: '12/30',
    cvc: '123',
  });
  return orderId;
};

const statusOf = async (orderId: string) => {
  const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
};

/** A second process on the same database: its own job queue and worker. */
const restart = async (): Promise<{ deps: AppDeps; stop: () => Promise<void> }> => {
  const jobs = createJobQueue(ctx.deps.database, ctx.app.log, {
    retryLimit: 5,
    retryDelaySeconds: 1,
    pollSeconds: 0.5,
  });
  const deps: AppDeps = { ...ctx.deps, jobs };
  const stopSweep = await startFulfilment(deps, ctx.app.log);
  return {
    deps,
    stop: async () => {
      stopSweep();
      await jobs.stop();
    },
  };
};

const waitForCompleted = async (orderId: string) => {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if ((await statusOf(orderId))?.status === 'completed') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('order not completed');
};

describe('fulfilment survives a restart', () => {
  it('completes a paid order whose job was queued before the process stopped', async () => {
    const orderId = await payOrder();
    expect((await statusOf(orderId))?.status).toBe('paid');
    await ctx.deps.jobs.stop();

    const next = await restart();
    try {
      await waitForCompleted(orderId);
      expect(await ctx.deps.db.$count(esims, eq(esims.orderId, orderId))).toBe(1);
    } finally {
      await next.stop();
    }
  });

  it('resumes an order whose worker died in the middle of the job, and fulfils it once', async () => {
    const first = await restart();
    await first.stop();
    const orderId = await payOrder();
    // The dead worker: it claimed the job (now "active" until it expires) and counted an attempt.
    const dead = new PgBoss({
      db: { executeSql: (text, values) => ctx.deps.database.executeSql(text, values) },
    });
    await dead.start();
    const [claimed] = await dead.fetch(queues.fulfilOrder);
    expect(claimed?.data).toEqual({ orderId });
    await ctx.deps.db.update(orders).set({ fulfilmentAttempts: 1 }).where(eq(orders.id, orderId));
    await dead.stop({ graceful: false, close: false, wait: false });

    const next = await restart();
    try {
      await waitForCompleted(orderId);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await ctx.deps.db.$count(esims, eq(esims.orderId, orderId))).toBe(1);
      const order = await statusOf(orderId);
      await ctx.deps.mailer.deliverPending();
      expect(ctx.mails.filter((m) => m.subject.includes(order?.number ?? '?'))).toHaveLength(1);
    } finally {
      await next.stop();
    }
  });
});
