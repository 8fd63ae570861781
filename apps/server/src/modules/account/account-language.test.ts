import { utcDay } from '@esim/contracts';
import { orders, outbox, seedUser, users } from '@esim/db';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import {
  callApi,
  createTestContext,
  loginAs,
  plainPackage,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';

// Issue 40, ADR 0092: one language per account. The customer chooses it on the profile; every e-mail to the
// account uses it, whatever page the request came from: password resets, order confirmations, gift card receipts.
let ctx: TestContext;
let stopSweep: () => void;
let packageSlug: string;

beforeAll(async () => {
  ctx = await createTestContext(
    { FULFILMENT_ATTEMPTS: '1', FULFILMENT_RETRY_DELAY_SECONDS: '1', JOB_POLL_SECONDS: '0.5' },
    { esimProvider: createSandboxEsimProvider({ allocationDelayMs: 0 }) },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopSweep = await startFulfilment(ctx.deps, ctx.app.log);
  packageSlug = (await plainPackage(ctx)).slug;
}, 120_000);
afterAll(async () => {
  stopSweep?.();
  await ctx?.close();
});

const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

const waitFor = async <T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
const mailLike = (to: string, subject: string) =>
  waitFor(async () => {
    const rows = await ctx.deps.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), like(outbox.subject, subject)));
    return rows[0] ?? null;
  });

/** A customer who signed up on a German page and chose Italian on the profile. */
const italianCustomer = async () => {
  const customer = await seedUser(ctx.deps.db, {
    email: uniqueEmail('lang'),
    phone: uniquePhone(),
    locale: 'de',
  });
  const session = await loginAs(ctx.app, 'customer', customer.email, customer.password);
  const auth = { authorization: `Bearer ${session.access_token}` };
  const saved = await callApi(ctx, 'PUT', '/api/account/profile', {
    headers: auth,
    lang: 'de',
    payload: { firstName: 'Luca', lastName: 'Rossi', email: customer.email, locale: 'it' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().user.locale).toBe('it');
  return { ...customer, auth };
};

describe("an account's language", () => {
  it('is chosen on the profile and kept', async () => {
    const customer = await italianCustomer();
    const profile = await callApi(ctx, 'GET', '/api/account/profile', { headers: customer.auth });
    expect(profile.json().user.locale).toBe('it');
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, customer.id));
    expect(row?.locale).toBe('it');
    const wrong = await callApi(ctx, 'PUT', '/api/account/profile', {
      headers: customer.auth,
      payload: { firstName: 'Luca', lastName: 'Rossi', email: customer.email, locale: 'xx' },
    });
    expect(wrong.statusCode).toBe(422);
  });

  it('writes a password reset asked for from a French page in Italian', async () => {
    const customer = await italianCustomer();
    const forgot = await callApi(ctx, 'POST', '/api/auth/forgot-password', {
      lang: 'fr',
      payload: { email: customer.email, accountType: 'customer', humanProof: await solveHumanProof(ctx.app) },
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    await mailLike(customer.email, 'Reimpostazione della password');
  });

  it("writes the order confirmation of an order made on a German page in the account's Italian", async () => {
    const customer = await italianCustomer();
    const placed = await callApi(ctx, 'POST', '/api/orders', {
      headers: customer.auth,
      lang: 'de',
      payload: { packageSlug, fullName: 'Luca Rossi', email: customer.email, phoneNumber: uniquePhone() },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId, checkoutUrl } = placed.json() as { orderId: string; checkoutUrl: string };
    await ctx.deps.sandboxPayments?.submitCard(checkoutUrl.split('/').pop() ?? '', card);
    const [order] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.locale).toBe('de');
    const mail = await mailLike(customer.email, 'La tua eSIM è pronta%');
    expect(mail.subject).toContain(order?.number ?? 'no number');
  });

  it("writes a gift card's receipt to its buyer in the account's language", async () => {
    const customer = await italianCustomer();
    const bought = await callApi(ctx, 'POST', '/api/gift-cards', {
      headers: customer.auth,
      lang: 'de',
      payload: {
        amount: 20,
        recipientEmail: uniqueEmail('lang-recipient'),
        sendOn: utcDay(new Date()),
        recipientLocale: 'sq',
        fullName: 'Luca Rossi',
        email: customer.email,
      },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const { checkoutUrl } = bought.json() as { checkoutUrl: string };
    await ctx.deps.sandboxPayments?.submitCard(checkoutUrl.split('/').pop() ?? '', card);
    await mailLike(customer.email, 'La ricevuta della tua carta regalo%');
  });
});
