import { orders, outbox, seedUser } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader, signPayload } from '../../adapters/payments/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { signInAs } from '../../test/callers';
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
import { eraseExpiredClients } from './clients.service';

// Issue 40, ADR 0092: a customer's lifecycle at the seams. A payment that finishes after staff blocked (or
// deleted) the buyer waits in review; a deleted account's e-mail gets the same answer at every door; a blocked
// account's forgot-password says it is blocked instead of sending a link the login would refuse.
let ctx: TestContext;
let admin: Record<string, string>;
let packageSlug: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ensureCatalogue(ctx.deps, ctx.app.log);
  admin = await signInAs(ctx, 'admin');
  packageSlug = (await plainPackage(ctx)).slug;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const seedCustomer = () => seedUser(ctx.deps.db, { email: uniqueEmail('closed'), phone: uniquePhone() });

/** A staff action on a client (block, unblock, delete, restore) with the version staff read. */
const actOnClient = async (clientId: string, action: string) => {
  const detail = await callApi(ctx, 'GET', `/api/staff/clients/${clientId}`, { headers: admin });
  const answer = await callApi(ctx, 'POST', `/api/staff/clients/${clientId}/${action}`, {
    headers: admin,
    payload: { version: detail.json().client.version },
  });
  expect(answer.statusCode, answer.body).toBe(200);
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

/** A signed-in customer's order with its card page open. */
const placeSignedIn = async (customer: { email: string; password: string }) => {
  const session = await loginAs(ctx.app, 'customer', customer.email, customer.password);
  const answer = await callApi(ctx, 'POST', '/api/orders', {
    headers: { authorization: `Bearer ${session.access_token}` },
    payload: { packageSlug, fullName: 'Drita Hoxha', email: customer.email, phoneNumber: uniquePhone() },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const body = answer.json() as { orderId: string; checkoutUrl: string; totalCents: number };
  return {
    orderId: body.orderId,
    sessionId: body.checkoutUrl.split('/').pop() ?? '',
    total: body.totalCents,
  };
};

const paid = async (order: Awaited<ReturnType<typeof placeSignedIn>>) => {
  const answer = await webhook({
    id: `evt_closed_${order.orderId}`,
    type: 'payment.succeeded',
    sessionId: order.sessionId,
    orderId: order.orderId,
    paymentRef: `pi_closed_${order.orderId}`,
    amountCents: order.total,
  });
  expect(answer.statusCode, answer.body).toBe(200);
};

const orderRow = async (orderId: string) =>
  (await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId)))[0];

describe('a payment that finishes after staff closed the account', () => {
  it('waits in review as "buyer blocked": not carried out, on the for-review list and the order page', async () => {
    const customer = await seedCustomer();
    const order = await placeSignedIn(customer);
    await actOnClient(customer.id, 'block');
    await paid(order);

    expect(await orderRow(order.orderId)).toMatchObject({
      status: 'for_review',
      reviewReason: 'buyer_blocked',
      userId: customer.id,
    });
    const list = await callApi(ctx, 'GET', '/api/staff/orders/for-review?reviewReason=buyer_blocked', {
      headers: admin,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: order.orderId, reviewReason: 'buyer_blocked' })]),
    );
    const page = await callApi(ctx, 'GET', `/api/staff/orders/${order.orderId}`, { headers: admin });
    expect(page.statusCode, page.body).toBe(200);
    expect(JSON.stringify(page.json())).toContain('"reviewReason":"buyer_blocked"');
    // Nothing was sent to the blocked account about it.
    expect(await ctx.deps.db.select().from(outbox).where(eq(outbox.to, customer.email))).toHaveLength(0);

    // Staff decide: approving carries it out as usual.
    const approved = await callApi(ctx, 'POST', `/api/staff/orders/${order.orderId}/approve`, {
      headers: admin,
      payload: { reason: 'Checked with the customer' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await orderRow(order.orderId))?.status).toBe('paid');
  });

  it('waits in review as "buyer deleted" when staff deleted the account meanwhile', async () => {
    const customer = await seedCustomer();
    const order = await placeSignedIn(customer);
    await actOnClient(customer.id, 'delete');
    await paid(order);
    expect(await orderRow(order.orderId)).toMatchObject({
      status: 'for_review',
      reviewReason: 'buyer_deleted',
    });
  });

  it('is carried out as before for an active buyer', async () => {
    const customer = await seedCustomer();
    const order = await placeSignedIn(customer);
    await paid(order);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'paid', reviewReason: null });
  });
});

describe("a deleted account's e-mail at every door", () => {
  const doors = async (email: string, lang: string) => {
    const checkout = await callApi(ctx, 'POST', '/api/orders', {
      lang,
      payload: {
        packageSlug,
        fullName: 'Drita Hoxha',
        email,
        phoneNumber: uniquePhone(),
        humanProof: await solveHumanProof(ctx.app),
      },
    });
    const login = await callApi(ctx, 'POST', '/api/auth/login', {
      lang,
      payload: { email, password: 'not-the-password-1' },
    });
    const forgot = await callApi(ctx, 'POST', '/api/auth/forgot-password', {
      lang,
      payload: { email, accountType: 'customer', humanProof: await solveHumanProof(ctx.app) },
    });
    const register = await callApi(ctx, 'POST', '/api/auth/register', {
      lang,
      payload: {
        firstName: 'Drita',
        lastName: 'Hoxha',
        email,
        password: 'a-new-password-1',
        confirmPassword: 'a-new-password-1',
        phoneNumber: uniquePhone(),
        humanProof: await solveHumanProof(ctx.app),
      },
    });
    return { checkout, login, forgot, register };
  };

  it('says the same translated sentence at checkout, login, forgot password and register', async () => {
    const customer = await seedCustomer();
    await actOnClient(customer.id, 'delete');
    for (const [lang, sentence] of [
      ['en', /^This account has been deleted\. Contact support to restore it within 30 days/],
      ['sq', /^Kjo llogari është fshirë\. Kontaktoni mbështetjen/],
    ] as const) {
      const answers = await doors(customer.email, lang);
      for (const [door, answer] of Object.entries(answers)) {
        expect(answer.statusCode, `${door}: ${answer.body}`).toBe(409);
        expect(answer.json().code, door).toBe('ACCOUNT_DELETED');
        expect(answer.json().message, door).toMatch(sentence);
      }
      // The checkout and register forms show it under the e-mail field, as forgot password does.
      for (const door of ['checkout', 'forgot', 'register'] as const)
        expect(answers[door].json().errors.email, door).toEqual([answers.login.json().message]);
    }
    // Even with the right password the login says it was deleted, and no reset link went out.
    const right = await callApi(ctx, 'POST', '/api/auth/login', {
      payload: { email: customer.email, password: customer.password },
    });
    expect(right.json().code).toBe('ACCOUNT_DELETED');
    expect(await ctx.deps.db.select().from(outbox).where(eq(outbox.to, customer.email))).toHaveLength(0);
  });

  it('opens again once staff restore it, and the address is free once the account is erased', async () => {
    const restored = await seedCustomer();
    await actOnClient(restored.id, 'delete');
    await actOnClient(restored.id, 'restore');
    await loginAs(ctx.app, 'customer', restored.email, restored.password);

    const erased = await seedCustomer();
    await actOnClient(erased.id, 'delete');
    await eraseExpiredClients(ctx.deps, new Date(Date.now() + 31 * 86_400_000));
    const { register } = await doors(erased.email, 'en');
    expect(register.statusCode, register.body).toBe(201);
  });
});

describe('a blocked account at forgot password', () => {
  it('says it is blocked and sends no link (the login would refuse it)', async () => {
    const customer = await seedCustomer();
    await actOnClient(customer.id, 'block');
    const forgot = await callApi(ctx, 'POST', '/api/auth/forgot-password', {
      payload: { email: customer.email, accountType: 'customer', humanProof: await solveHumanProof(ctx.app) },
    });
    expect(forgot.statusCode, forgot.body).toBe(403);
    expect(forgot.json()).toMatchObject({
      code: 'ACCOUNT_BLOCKED',
      message: 'This account has been blocked. Please contact support.',
    });
    expect(await ctx.deps.db.select().from(outbox).where(eq(outbox.to, customer.email))).toHaveLength(0);
    // Checkout still sends a blocked account's owner to log in (ADR 0022), where the block is explained.
    const checkout = await callApi(ctx, 'POST', '/api/orders', {
      payload: {
        packageSlug,
        fullName: 'Drita Hoxha',
        email: customer.email,
        phoneNumber: uniquePhone(),
        humanProof: await solveHumanProof(ctx.app),
      },
    });
    expect(checkout.json().code).toBe('EMAIL_TAKEN');
    const login = await callApi(ctx, 'POST', '/api/auth/login', {
      payload: { email: customer.email, password: customer.password },
    });
    expect(login.json().code).toBe('ACCOUNT_BLOCKED');
  });
});
