import type { TokenKind } from '@esim/contracts';
import { auditLog, creditLedger, esims, orderEvents, orders, outbox, packages, seedShopUser } from '@esim/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import { signInAs } from '../../test/callers';
import { createTestContext, type TestContext, uniqueEmail } from '../../test/harness';

// Issue 31: "for review" (list, approve, cancel; ADR 0034) and "contact the buyer" (ADR 0035).
const esimProvider = createSandboxEsimProvider({ allocationDelayMs: 0 });
let ctx: TestContext;
let stopSweep: () => void;
let pkg: typeof packages.$inferSelect;
const callers = {} as Record<TokenKind, Record<string, string>>;

beforeAll(async () => {
  ctx = await createTestContext(
    { FULFILMENT_ATTEMPTS: '1', FULFILMENT_RETRY_DELAY_SECONDS: '1', JOB_POLL_SECONDS: '0.5' },
    { esimProvider },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopSweep = await startFulfilment(ctx.deps, ctx.app.log);
  const [row] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.type, 'local'), eq(packages.active, true)))
    .limit(1);
  if (!row) throw new Error('no local package');
  pkg = row;
  for (const kind of ['none', 'customer', 'admin', 'editor', 'analytics'] as const)
    callers[kind] = await signInAs(ctx, kind);
}, 120_000);
afterAll(async () => {
  stopSweep?.();
  await ctx?.close();
});

let seq = 0;
/** A paid eSIM order the system put in review (the package's snapshot as checkout freezes it). */
const seedInReview = async (values: Partial<typeof orders.$inferInsert> = {}) => {
  seq += 1;
  const [row] = await ctx.deps.db
    .insert(orders)
    .values({
      number: `ES-REVW-${String(seq).padStart(4, '0')}`,
      kind: 'esim',
      fulfilmentStatus: 'for_review',
      reviewReason: 'amount_mismatch',
      failureReason: 'amount paid 1400 differs from total 1500',
      packageId: pkg.id,
      packageSnapshot: {
        name: pkg.name,
        providerPackageCode: pkg.providerPackageCode,
        wholesaleCents: pkg.wholesaleCents,
        dataMb: pkg.dataMb,
        validityDays: pkg.validityDays,
      },
      subtotalCents: 1500,
      totalCents: 1500,
      paymentMethod: 'card',
      buyerName: 'Drita Hoxha',
      buyerEmail: uniqueEmail('review'),
      locale: 'sq',
      paidAt: new Date(Date.now() - 60_000),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no order');
  return row;
};

const call = (method: 'GET' | 'POST', url: string, kind: TokenKind = 'admin', payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: {
      'accept-language': 'en',
      ...callers[kind],
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

const statusOf = async (orderId: string) =>
  (await ctx.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

const waitFor = async (probe: () => Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const staffActions = async (orderId: string) =>
  (
    await ctx.deps.db
      .select({ detail: orderEvents.detail, staffUserId: orderEvents.staffUserId })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'staff_action')))
      .orderBy(asc(orderEvents.at))
  ).map((e) => e.detail as { action: string; reason: string | null });

const audits = (orderId: string) =>
  ctx.deps.db
    .select({ action: auditLog.action, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, orderId)));

describe('GET /api/staff/orders/for-review', () => {
  it('lists only orders in review, with why, filtered by reason and searched by number', async () => {
    const mismatch = await seedInReview();
    const race = await seedInReview({ kind: 'change_esim', reviewReason: 'esim_change_race' });
    await seedInReview({ fulfilmentStatus: 'paid' });
    const all = (await call('GET', '/api/staff/orders/for-review?pageSize=200')).json();
    const numbers = all.items.map((o: { number: string }) => o.number);
    expect(numbers).toEqual(expect.arrayContaining([mismatch.number, race.number]));
    expect(all.items.every((o: { status: string }) => o.status === 'for_review')).toBe(true);
    const raced = await call(
      'GET',
      '/api/staff/orders/for-review?reviewReason=esim_change_race&pageSize=200',
    );
    expect(raced.json().items.map((o: { number: string }) => o.number)).toEqual([race.number]);
    const found = (await call('GET', `/api/staff/orders/for-review?q=${mismatch.number}`)).json();
    expect(found.items).toEqual([
      expect.objectContaining({
        id: mismatch.id,
        reviewReason: 'amount_mismatch',
        failureReason: 'amount paid 1400 differs from total 1500',
      }),
    ]);
    const csv = await call('GET', `/api/staff/orders/for-review.csv?q=${mismatch.number}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('reviewReason');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain('amount_mismatch');
  });

  it('refuses an unknown reason or sort (422), and every role but admin', async () => {
    expect((await call('GET', '/api/staff/orders/for-review?reviewReason=other')).statusCode).toBe(422);
    expect((await call('GET', '/api/staff/orders/for-review?sort=buyerEmail')).statusCode).toBe(422);
    expect((await call('GET', '/api/staff/orders/for-review', 'none')).statusCode).toBe(401);
    for (const kind of ['customer', 'editor', 'analytics'] as const)
      expect((await call('GET', '/api/staff/orders/for-review', kind)).statusCode, kind).toBe(403);
  });
});

describe('POST /api/staff/orders/:orderId/approve', () => {
  it('fulfils the order through the fulfilment job, on its timeline and audited; a second click changes nothing', async () => {
    const order = await seedInReview();
    const first = await call('POST', `/api/staff/orders/${order.id}/approve`, 'admin', {
      reason: 'Bank confirmed the full amount',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      status: 'paid',
      message: `Order ${order.number} approved and queued for delivery.`,
    });
    await waitFor(async () => (await statusOf(order.id)) === 'completed');
    const [esim] = await ctx.deps.db.select().from(esims).where(eq(esims.orderId, order.id));
    expect(esim?.activationCode).toBeTruthy();

    const second = await call('POST', `/api/staff/orders/${order.id}/approve`, 'admin', { reason: 'again' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'ORDER_NOT_IN_REVIEW' });
    expect(second.json().message).toMatch(/no longer in review/);
    expect(await staffActions(order.id)).toEqual([
      { action: 'approve', reason: 'Bank confirmed the full amount' },
    ]);
    expect(await audits(order.id)).toEqual([
      { action: 'order.approve', after: { status: 'paid', reason: 'Bank confirmed the full amount' } },
    ]);
    const page = (await call('GET', `/api/staff/orders/${order.id}`)).json();
    expect(page.reviewReason).toBe('amount_mismatch');
    expect(
      page.timeline.some((e: { kind: string; staff: unknown }) => e.kind === 'staff_action' && e.staff),
    ).toBe(true);
  });

  it("credits a shop's top-up in review at the ordered amount and bonus, once, and completes it", async () => {
    const { shop } = await seedShopUser(ctx.deps.db, { email: uniqueEmail('shop') });
    const order = await seedInReview({
      kind: 'credits',
      shopId: shop.id,
      packageId: null,
      packageSnapshot: null,
      subtotalCents: 20_000,
      totalCents: 20_000,
      bonusCents: 1_000,
    });
    const approved = await call('POST', `/api/staff/orders/${order.id}/approve`, 'admin', {
      reason: 'Paid by bank',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('completed');
    expect(
      (await call('POST', `/api/staff/orders/${order.id}/approve`, 'admin', { reason: 'x' })).statusCode,
    ).toBe(409);
    const ledger = await ctx.deps.db
      .select({ bucket: creditLedger.bucket, amountCents: creditLedger.amountCents })
      .from(creditLedger)
      .where(eq(creditLedger.orderId, order.id));
    expect(ledger).toEqual(
      expect.arrayContaining([
        { bucket: 'credit', amountCents: 20_000 },
        { bucket: 'bonus', amountCents: 1_000 },
      ]),
    );
    expect(ledger).toHaveLength(2);
    expect(await statusOf(order.id)).toBe('completed');
  });

  it('refuses to approve a change of eSIM that lost its race, and changes nothing', async () => {
    const order = await seedInReview({ kind: 'change_esim', reviewReason: 'esim_change_race' });
    const refused = await call('POST', `/api/staff/orders/${order.id}/approve`, 'admin', { reason: 'try' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ORDER_NOT_APPROVABLE');
    expect(await statusOf(order.id)).toBe('for_review');
    expect(await staffActions(order.id)).toEqual([]);
  });

  it('requires a reason and a strict body; 404 for an unknown order; admin only', async () => {
    const order = await seedInReview();
    const url = `/api/staff/orders/${order.id}/approve`;
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }])
      expect((await call('POST', url, 'admin', body)).statusCode, JSON.stringify(body)).toBe(422);
    const unknown = await call('POST', `/api/staff/orders/${crypto.randomUUID()}/approve`, 'admin', {
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call('POST', url, 'none', { reason: 'x' })).statusCode).toBe(401);
    for (const kind of ['customer', 'editor', 'analytics'] as const)
      expect((await call('POST', url, kind, { reason: 'x' })).statusCode, kind).toBe(403);
    expect(await statusOf(order.id)).toBe('for_review');
  });
});

describe('POST /api/staff/orders/:orderId/cancel', () => {
  it('cancels once, with the reason on the timeline and in the audit; the second click is refused', async () => {
    const order = await seedInReview();
    const url = `/api/staff/orders/${order.id}/cancel`;
    const [a, b] = await Promise.all([
      call('POST', url, 'admin', { reason: 'Customer asked to cancel' }),
      call('POST', url, 'admin', { reason: 'Customer asked to cancel' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await statusOf(order.id)).toBe('cancelled');
    expect(await staffActions(order.id)).toEqual([{ action: 'cancel', reason: 'Customer asked to cancel' }]);
    expect((await audits(order.id)).map((r) => r.action)).toEqual(['order.cancel']);
    for (const kind of ['editor', 'analytics'] as const)
      expect((await call('POST', url, kind, { reason: 'x' })).statusCode, kind).toBe(403);
    expect((await call('POST', url, 'admin', {})).statusCode).toBe(422);
  });
});

describe('POST /api/staff/orders/:orderId/contact-buyer', () => {
  it("e-mails the buyer in the order's language once per window, on the timeline and audited", async () => {
    const order = await seedInReview({
      fulfilmentStatus: 'failed',
      reviewReason: null,
      failedAt: new Date(),
    });
    const url = `/api/staff/orders/${order.id}/contact-buyer`;
    const first = await call('POST', url, 'admin', {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ sent: true, status: 'failed' });
    const second = await call('POST', url, 'admin', {});
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ sent: false });
    expect(second.json().message).toMatch(/no second e-mail/);
    const mails = await ctx.deps.db.select().from(outbox).where(eq(outbox.to, order.buyerEmail));
    expect(mails).toHaveLength(1);
    // Albanian, the order's language: "Rreth porosisë suaj …".
    expect(mails[0]?.subject).toBe(`Rreth porosisë suaj ${order.number}`);
    expect(mails[0]?.text).toContain(order.number);
    expect(await staffActions(order.id)).toEqual([{ action: 'contact_buyer', reason: null }]);
    expect((await audits(order.id)).map((r) => r.action)).toEqual(['order.contact_buyer']);
    const page = (await call('GET', `/api/staff/orders/${order.id}`)).json();
    expect(page.messages.some((m: { to: string }) => m.to === order.buyerEmail)).toBe(true);
  });

  it('refuses an order that did not go wrong, a long reason, and every role but admin', async () => {
    const done = await seedInReview({ fulfilmentStatus: 'completed', reviewReason: null });
    const url = `/api/staff/orders/${done.id}/contact-buyer`;
    expect((await call('POST', url, 'admin', {})).json().code).toBe('ACTION_NOT_ALLOWED');
    expect((await call('POST', url, 'admin', { reason: 'x'.repeat(501) })).statusCode).toBe(422);
    expect((await call('POST', url, 'none', {})).statusCode).toBe(401);
    for (const kind of ['customer', 'editor', 'analytics'] as const)
      expect((await call('POST', url, kind, {})).statusCode, kind).toBe(403);
    expect(await ctx.deps.db.select().from(outbox).where(eq(outbox.to, done.buyerEmail))).toEqual([]);
  });
});

describe('POST /api/staff/orders/:orderId/retry-fulfilment', () => {
  it('is audited beside its timeline event', async () => {
    const order = await seedInReview({
      fulfilmentStatus: 'failed',
      reviewReason: null,
      failedAt: new Date(),
    });
    const retried = await call('POST', `/api/staff/orders/${order.id}/retry-fulfilment`, 'admin', {
      reason: 'Provider is back',
    });
    expect(retried.statusCode).toBe(202);
    expect(await staffActions(order.id)).toEqual([
      { action: 'retry_fulfilment', reason: 'Provider is back' },
    ]);
    expect(await audits(order.id)).toEqual([
      { action: 'order.retry_fulfilment', after: { status: 'paid', reason: 'Provider is back' } },
    ]);
    await waitFor(async () => (await statusOf(order.id)) === 'completed');
  });
});
