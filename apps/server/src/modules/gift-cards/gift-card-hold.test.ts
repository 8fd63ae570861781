import { randomUUID } from 'node:crypto';
import { utcDay } from '@esim/contracts';
import { auditLog, giftCards, orders, outbox } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { startFulfilment } from '../../jobs/fulfilment';
import { signInAs } from '../../test/callers';
import {
  callApi,
  createTestContext,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
} from '../../test/harness';
import { deliverDueGiftCards } from './gift-cards.service';

// Issue 40, ADR 0092: a gift card bought by a customer whom staff then block is held (not delivered on its day)
// until staff release it or unblock the buyer; staff see it held on the gift card screen.
let ctx: TestContext;
let stopSweep: () => void;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext(
    { FULFILMENT_ATTEMPTS: '1', FULFILMENT_RETRY_DELAY_SECONDS: '1', JOB_POLL_SECONDS: '0.5' },
    { esimProvider: createSandboxEsimProvider({ allocationDelayMs: 0 }) },
  );
  stopSweep = await startFulfilment(ctx.deps, ctx.app.log);
  admin = await signInAs(ctx, 'admin');
}, 120_000);
afterAll(async () => {
  stopSweep?.();
  await ctx?.close();
});

const tomorrow = () => new Date(Date.now() + 86_400_000);

const waitFor = async <T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** A card for tomorrow, bought and paid by a new buyer (whose account the payment creates). */
const buyForTomorrow = async () => {
  const recipientEmail = uniqueEmail('held-recipient');
  const answer = await callApi(ctx, 'POST', '/api/gift-cards', {
    payload: {
      amount: 30,
      recipientEmail,
      sendOn: utcDay(tomorrow()),
      recipientLocale: 'en',
      fullName: 'Arben Gashi',
      email: uniqueEmail('held-buyer'),
      humanProof: await solveHumanProof(ctx.app),
    },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const { orderId, checkoutUrl } = answer.json() as { orderId: string; checkoutUrl: string };
  await ctx.deps.sandboxPayments?.submitCard(checkoutUrl.split('/').pop() ?? '', {
    number: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
  });
  const order = await waitFor(async () => {
    const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
    return row?.status === 'completed' ? row : null;
  });
  const [card] = await ctx.deps.db.select().from(giftCards).where(eq(giftCards.orderId, orderId));
  if (!card || !order.userId) throw new Error('no card or buyer');
  return { card, buyerId: order.userId, recipientEmail };
};

const actOnClient = async (clientId: string, action: 'block' | 'unblock') => {
  const detail = await callApi(ctx, 'GET', `/api/staff/clients/${clientId}`, { headers: admin });
  const answer = await callApi(ctx, 'POST', `/api/staff/clients/${clientId}/${action}`, {
    headers: admin,
    payload: { version: detail.json().client.version },
  });
  expect(answer.statusCode, answer.body).toBe(200);
};

const stateOf = async (giftCardId: string) =>
  (await callApi(ctx, 'GET', `/api/staff/gift-cards/${giftCardId}`, { headers: admin })).json().giftCard
    .deliveryState;
const mailsTo = (to: string) => ctx.deps.db.select().from(outbox).where(eq(outbox.to, to));
const release = (giftCardId: string, payload: unknown, headers = admin) =>
  callApi(ctx, 'POST', `/api/staff/gift-cards/${giftCardId}/release`, { headers, payload });

describe("a blocked buyer's gift card", () => {
  it('is not delivered on its day while the buyer is blocked; staff see it held and release it', async () => {
    const { card, buyerId, recipientEmail } = await buyForTomorrow();
    expect(await stateOf(card.id)).toBe('scheduled');
    await actOnClient(buyerId, 'block');

    expect(await stateOf(card.id)).toBe('held');
    const held = await callApi(ctx, 'GET', '/api/staff/gift-cards?deliveryState=held&pageSize=200', {
      headers: admin,
    });
    expect(held.json().items.map((c: { id: string }) => c.id)).toContain(card.id);
    const scheduled = await callApi(
      ctx,
      'GET',
      '/api/staff/gift-cards?deliveryState=scheduled&pageSize=200',
      {
        headers: admin,
      },
    );
    expect(scheduled.json().items.map((c: { id: string }) => c.id)).not.toContain(card.id);

    // Its day comes: the delivery job leaves it alone.
    await deliverDueGiftCards(ctx.deps, tomorrow());
    expect(await mailsTo(recipientEmail)).toHaveLength(0);

    // Releasing needs a reason, an admin, and a held card.
    expect((await release(card.id, { clickId: randomUUID() })).statusCode).toBe(422);
    expect(
      (await release(card.id, { clickId: randomUUID(), reason: 'x' }, await signInAs(ctx, 'editor')))
        .statusCode,
    ).toBe(403);
    const clickId = randomUUID();
    const released = await release(card.id, { clickId, reason: 'The buyer paid with their own card' });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().message).toContain('released');
    // Not yet its day: it waits for it, no longer held.
    expect(released.json().giftCard.deliveryState).toBe('scheduled');
    expect((await release(card.id, { clickId, reason: 'again' })).statusCode).toBe(200);
    expect((await release(card.id, { clickId: randomUUID(), reason: 'again' })).statusCode).toBe(409);
    const audit = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, card.id));
    expect(audit.map((row) => row.action)).toEqual(['gift_card.release']);

    expect(await deliverDueGiftCards(ctx.deps, tomorrow())).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(recipientEmail)).toHaveLength(1);
  });

  it('goes out on its day once the buyer is unblocked', async () => {
    const { card, buyerId, recipientEmail } = await buyForTomorrow();
    await actOnClient(buyerId, 'block');
    await deliverDueGiftCards(ctx.deps, tomorrow());
    expect(await mailsTo(recipientEmail)).toHaveLength(0);
    await actOnClient(buyerId, 'unblock');
    expect(await stateOf(card.id)).toBe('scheduled');
    await deliverDueGiftCards(ctx.deps, tomorrow());
    expect(await mailsTo(recipientEmail)).toHaveLength(1);
  });

  it('cannot be released when it is not held', async () => {
    const { card } = await buyForTomorrow();
    const answer = await release(card.id, { clickId: randomUUID(), reason: 'not held' });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().code).toBe('ACTION_NOT_ALLOWED');
  });
});
