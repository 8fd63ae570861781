import { utcDay } from '@esim/contracts';
import {
  auditLog,
  giftCardRedemptions,
  giftCards,
  orderEvents,
  orders,
  outbox,
  packages,
  payments,
  refunds,
  seedStaffUser,
} from '@esim/db';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { signatureHeader, signPayload } from '../../adapters/payments/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import {
  createSignedInUser,
  createTestContext,
  loginAs,
  openSecondCardPage,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';
import { giftCardReceiptMailId } from '../orders/gift-card-orders.service';
import { giftCardCodeOf } from './gift-card-code';
import { giftCardLedgerBalance } from './gift-cards.repository';
import { deliverDueGiftCards } from './gift-cards.service';

// Issue 31: gift cards bought on the site, delivered by e-mail on their send date, previewed on the order page,
// and listed for staff with their redemptions and a resend action.
let ctx: TestContext;
let stopSweep: () => void;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let packageSlug: string;
/** A package dearer than a 10-euro card, for partial payments. */
let dear: { slug: string; priceCents: number };

beforeAll(async () => {
  ctx = await createTestContext(
    { FULFILMENT_ATTEMPTS: '1', FULFILMENT_RETRY_DELAY_SECONDS: '1', JOB_POLL_SECONDS: '0.5' },
    { esimProvider: createSandboxEsimProvider({ allocationDelayMs: 0 }) },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopSweep = await startFulfilment(ctx.deps, ctx.app.log);
  admin = await createSignedInUser(ctx, 'staff');
  const [pkg] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.active, true), gt(packages.priceCents, 1500), isNull(packages.offerPriceCents)))
    .orderBy(asc(packages.priceCents))
    .limit(1);
  if (!pkg) throw new Error('no package');
  packageSlug = pkg.slug;
  dear = { slug: pkg.slug, priceCents: pkg.priceCents };
}, 120_000);
afterAll(async () => {
  stopSweep?.();
  await ctx?.close();
});

const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const today = () => utcDay(new Date());

const buyBody = async (values: Record<string, unknown> = {}) => ({
  amount: 50,
  recipientEmail: uniqueEmail('recipient'),
  message: 'Happy travels!\nLove, Ana',
  sendOn: today(),
  recipientLocale: 'sq',
  fullName: 'Ana Berisha',
  email: uniqueEmail('giver'),
  humanProof: await solveHumanProof(ctx.app),
  ...values,
});

const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'accept-language': 'en', ...headers },
    payload: payload as object,
  });

const waitFor = async <T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const cardOfOrder = async (orderId: string) =>
  (await ctx.deps.db.select().from(giftCards).where(eq(giftCards.orderId, orderId)))[0];
const mailsTo = (to: string) => ctx.deps.db.select().from(outbox).where(eq(outbox.to, to));

/** Buys and pays a card; resolves once the purchase is completed. */
const buyPaid = async (values: Record<string, unknown> = {}) => {
  const body = await buyBody(values);
  const response = await post('/api/gift-cards', body);
  expect(response.statusCode, response.body).toBe(201);
  const { orderId, checkoutUrl } = response.json() as { orderId: string; checkoutUrl: string };
  if (!ctx.deps.sandboxPayments) throw new Error('sandbox payments expected');
  await ctx.deps.sandboxPayments.submitCard(checkoutUrl.split('/').pop() ?? '', card);
  await waitFor(async () => {
    const [order] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
    return order?.status === 'completed';
  });
  const giftCard = await cardOfOrder(orderId);
  if (!giftCard) throw new Error('no gift card');
  return { body, orderId, giftCard, code: giftCardCodeOf(ctx.deps.config.jwtSecret, giftCard.id) };
};

describe('POST /api/gift-cards', () => {
  it('sells a card that is e-mailed with its code and message in the chosen language on the day', async () => {
    const { body, orderId, giftCard, code } = await buyPaid();
    expect(giftCard).toMatchObject({ status: 'active', amountCents: 5000, balanceCents: 5000, locale: 'sq' });
    expect(giftCard.codeHash).not.toContain(code);
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const [order] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ kind: 'gift_card', totalCents: 5000, paymentMethod: 'card' });
    const mails = await waitFor(async () => {
      const rows = await mailsTo(String(body.recipientEmail));
      return rows.length > 0 ? rows : null;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(code);
    expect(mails[0]?.text).toContain('Love, Ana');
    // Albanian, as the buyer chose for the recipient.
    expect(mails[0]?.subject).toContain('Ana Berisha');
    expect(mails[0]?.subject).not.toMatch(/sent you/);
    // The delivery job running again sends nothing more.
    expect(await deliverDueGiftCards(ctx.deps)).toBe(0);
    expect(await mailsTo(String(body.recipientEmail))).toHaveLength(1);
  });

  it('keeps a card for a later day until then, and then e-mails it once however often the job runs', async () => {
    const later = utcDay(new Date(), 3);
    const { body, giftCard } = await buyPaid({ sendOn: later });
    expect(giftCard.deliveredAt).toBeNull();
    expect(await mailsTo(String(body.recipientEmail))).toHaveLength(0);
    const thatDay = new Date(`${later}T08:00:00Z`);
    const runs = await Promise.all([
      deliverDueGiftCards(ctx.deps, thatDay),
      deliverDueGiftCards(ctx.deps, thatDay),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await deliverDueGiftCards(ctx.deps, thatDay)).toBe(0);
    expect(await mailsTo(String(body.recipientEmail))).toHaveLength(1);
  });

  it('refuses an amount out of range and a send date in the past, and creates nothing', async () => {
    const before = (await ctx.deps.db.select().from(giftCards)).length;
    const low = await post('/api/gift-cards', await buyBody({ amount: 5 }));
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.amount).toEqual(['Amount must be at least 10']);
    const high = await post('/api/gift-cards', await buyBody({ amount: 501 }));
    expect(high.json().errors.amount).toEqual(['Amount must not be more than 500']);
    const past = await post('/api/gift-cards', await buyBody({ sendOn: utcDay(new Date(), -1) }));
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.sendOn).toEqual(['The send date cannot be in the past.']);
    const far = await post('/api/gift-cards', await buyBody({ sendOn: utcDay(new Date(), 400) }));
    expect(far.json().errors.sendOn).toEqual(['The send date can be at most a year ahead.']);
    const albanian = await post('/api/gift-cards', await buyBody({ sendOn: utcDay(new Date(), -1) }), {
      'accept-language': 'sq',
    });
    expect(albanian.json().errors.sendOn[0]).not.toBe('The send date cannot be in the past.');
    const unknownField = await post('/api/gift-cards', { ...(await buyBody()), balance: 1 });
    expect(unknownField.statusCode).toBe(422);
    expect((await ctx.deps.db.select().from(giftCards)).length).toBe(before);
  });

  it('lets a signed-in customer buy without the human check; shop and staff tokens are refused', async () => {
    const customer = await createSignedInUser(ctx, 'customer');
    const { humanProof: _proof, ...body } = await buyBody();
    const bought = await post('/api/gift-cards', body, customer.auth);
    expect(bought.statusCode, bought.body).toBe(201);
    const [order] = await ctx.deps.db.select().from(orders).where(eq(orders.id, bought.json().orderId));
    expect(order?.userId).toBe(customer.user.id);
    expect((await post('/api/gift-cards', body)).statusCode).toBe(422);
    for (const kind of ['shop', 'staff'] as const)
      expect(
        (await post('/api/gift-cards', body, (await createSignedInUser(ctx, kind)).auth)).statusCode,
      ).toBe(403);
  });
});

describe("the buyer's receipt", () => {
  const signedWebhook = (event: Record<string, unknown>) => {
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

  /** A card bought in `locale` and paid by a webhook that arrives twice at once, and again after completion. */
  const paidByWebhookTwice = async (locale: string) => {
    const body = await buyBody({ sendOn: utcDay(new Date(), 3) });
    const bought = await post('/api/gift-cards', body, { 'accept-language': locale });
    expect(bought.statusCode, bought.body).toBe(201);
    const { orderId, checkoutUrl } = bought.json() as { orderId: string; checkoutUrl: string };
    const event = (id: string) => ({
      id,
      type: 'payment.succeeded',
      sessionId: sessionOf(checkoutUrl),
      orderId,
      paymentRef: `sbx_pi_${orderId.slice(0, 8)}`,
      amountCents: 5000,
    });
    const answers = await Promise.all([
      signedWebhook(event(`evt_a_${orderId}`)),
      signedWebhook(event(`evt_a_${orderId}`)),
      signedWebhook(event(`evt_b_${orderId}`)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await waitFor(async () => {
      const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
      return row?.status === 'completed';
    });
    expect((await signedWebhook(event(`evt_c_${orderId}`))).statusCode).toBe(200);
    const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new Error('no order');
    return { body, order: row };
  };

  it('e-mails the buyer one receipt in their language, with the invoice and never the code', async () => {
    const { body, order: paid } = await paidByWebhookTwice('sq');
    const code = giftCardCodeOf(ctx.deps.config.jwtSecret, (await cardOfOrder(paid.id))?.id ?? '');
    // The buyer's mails about this order (a new buyer also gets the set-password mail of their new account).
    const mails = (await mailsTo(String(body.email))).filter((m) => m.subject?.includes(paid.number));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.id).toBe(giftCardReceiptMailId(paid.id));
    expect(mail?.subject).toBe(`Fatura e kartës suaj dhuratë (${paid.number})`);
    expect(mail?.text).toContain('Faleminderit për kartën dhuratë!');
    expect(mail?.text).toContain(`Marrësi: ${body.recipientEmail}`);
    expect(mail?.text).toMatch(/Shuma: 50,00\s€/);
    expect(mail?.text).toContain(`Numri i porosisë: ${paid.number}`);
    expect(mail?.text).toContain('Fatura juaj është bashkëngjitur');
    expect(mail?.attachments?.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(`${mail?.text}${mail?.html}`).not.toContain(code);
    // The recipient gets nothing yet: the card is for a later day.
    expect(await mailsTo(String(body.recipientEmail))).toHaveLength(0);
    // On the order's timeline once, and so in its messages.
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/orders/${paid.id}`,
      headers: admin.auth,
    });
    expect(
      page.json().messages.filter((m: { subject: string | null }) => m.subject === mail?.subject),
    ).toEqual([expect.objectContaining({ channel: 'email', to: body.email })]);
  });

  it('writes the receipt in Arabic for a buyer who bought in Arabic', async () => {
    const { body, order: paid } = await paidByWebhookTwice('ar');
    expect(paid.locale).toBe('sa');
    const mails = (await mailsTo(String(body.email))).filter((m) => m.subject?.includes(paid.number));
    expect(mails.map((m) => m.subject)).toEqual([`إيصال بطاقة الهدية (${paid.number})`]);
    expect(mails[0]?.text).toContain('شكرًا لشرائك بطاقة الهدية!');
    expect(mails[0]?.text).toContain(`المستلم: ${body.recipientEmail}`);
  });

  it("lists a signed-in buyer's card purchase with its invoice in the dashboard", async () => {
    const customer = await createSignedInUser(ctx, 'customer');
    const bought = await post(
      '/api/gift-cards',
      await buyBody({ email: customer.user.email }),
      customer.auth,
    );
    expect(bought.statusCode, bought.body).toBe(201);
    const { orderId, checkoutUrl } = bought.json() as { orderId: string; checkoutUrl: string };
    await ctx.deps.sandboxPayments?.submitCard(sessionOf(checkoutUrl), card);
    await waitFor(async () => {
      const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
      return row?.status === 'completed';
    });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/account/orders', headers: customer.auth });
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: orderId, kind: 'gift_card', payment: 'paid', invoiceAvailable: true }),
    ]);
    const invoice = await ctx.app.inject({
      method: 'GET',
      url: `/api/account/orders/${orderId}/invoice`,
      headers: customer.auth,
    });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toContain('application/pdf');
  });
});

describe('POST /api/gift-cards/preview', () => {
  it('says what a code covers, and refuses unknown and malformed codes in the language asked', async () => {
    const { code } = await buyPaid({ amount: 10 });
    const preview = await post('/api/gift-cards/preview', { code: code.toLowerCase(), packageSlug });
    expect(preview.statusCode, preview.body).toBe(200);
    const { coveredCents, toPayCents, totalCents } = preview.json();
    expect(coveredCents).toBe(Math.min(1000, totalCents));
    expect(coveredCents + toPayCents).toBe(totalCents);
    const unknown = await post('/api/gift-cards/preview', { code: 'AAAA-BBBB-CCCC-DDDD', packageSlug });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'GIFT_CARD_UNKNOWN',
      errors: { giftCardCode: ['This gift card code is unknown.'] },
    });
    const albanian = await post(
      '/api/gift-cards/preview',
      { code: 'AAAA-BBBB-CCCC-DDDD', packageSlug },
      { 'accept-language': 'sq' },
    );
    expect(albanian.json().errors.giftCardCode).toEqual(['Ky kod karte dhuratë nuk njihet.']);
    const malformed = await post('/api/gift-cards/preview', { code: 'nope', packageSlug });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.code).toBeDefined();
  });
});

const order = async (code: string, values: Record<string, unknown> = {}) =>
  post('/api/orders', {
    packageSlug: dear.slug,
    fullName: 'Besa Krasniqi',
    email: uniqueEmail('redeemer'),
    phoneNumber: uniquePhone(),
    humanProof: await solveHumanProof(ctx.app),
    giftCardCode: code,
    ...values,
  });
const balanceOf = async (id: string) =>
  (await ctx.deps.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]?.balanceCents;
const redemptionsOf = (orderId: string) =>
  ctx.deps.db.select().from(giftCardRedemptions).where(eq(giftCardRedemptions.orderId, orderId));
const paymentsOf = (orderId: string) =>
  ctx.deps.db.select().from(payments).where(eq(payments.orderId, orderId));
const sessionOf = (checkoutUrl: string) => checkoutUrl.split('/').pop() ?? '';

describe('redeeming at checkout', () => {
  it('holds what a card covers and charges the rest; paying captures the hold', async () => {
    const { giftCard, code } = await buyPaid({ amount: 10 });
    const response = await order(code);
    expect(response.statusCode, response.body).toBe(201);
    const { orderId, checkoutUrl, totalCents } = response.json();
    expect(totalCents).toBe(dear.priceCents);
    expect(await balanceOf(giftCard.id)).toBe(0);
    expect((await paymentsOf(orderId)).map((p) => p.amountCents)).toEqual([dear.priceCents - 1000]);
    await ctx.deps.sandboxPayments?.submitCard(sessionOf(checkoutUrl), card);
    await waitFor(async () => {
      const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
      return row?.status === 'completed';
    });
    expect((await redemptionsOf(orderId)).map((r) => [r.amountCents, r.status])).toEqual([
      [1000, 'captured'],
    ]);
    // Spent: the next checkout with it is refused and leaves no order.
    const email = uniqueEmail('late');
    const refused = await order(code, { email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'GIFT_CARD_SPENT',
      errors: { giftCardCode: ['This gift card has no balance left.'] },
    });
    expect(await ctx.deps.db.select().from(orders).where(eq(orders.buyerEmail, email))).toHaveLength(0);
    const staff = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/gift-cards/${giftCard.id}`,
      headers: admin.auth,
    });
    expect(staff.json().redemptions).toMatchObject([{ orderId, amountCents: 1000, status: 'captured' }]);
    // The order's page tells staff what the gift card paid of the total.
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/orders/${orderId}`,
      headers: admin.auth,
    });
    expect(page.json().price).toMatchObject({ totalCents: dear.priceCents, giftCardCents: 1000 });
  });

  it('pays an order in full with method gift_card, no card page, and keeps the rest on the card', async () => {
    const { giftCard, code } = await buyPaid({ amount: 500 });
    const response = await order(code);
    expect(response.statusCode, response.body).toBe(201);
    const { orderId, checkoutUrl } = response.json();
    expect(checkoutUrl).toContain(`/payment/success?order=${orderId}&session_id=gift_card:${orderId}`);
    expect(await balanceOf(giftCard.id)).toBe(50000 - dear.priceCents);
    const confirmed = await post(`/api/orders/${orderId}/confirm`, { sessionId: `gift_card:${orderId}` });
    expect(confirmed.json()).toMatchObject({ outcome: 'succeeded' });
    const done = await waitFor(async () => {
      const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
      return row?.status === 'completed' ? row : null;
    });
    expect(done.paymentMethod).toBe('gift_card');
  });

  it('gives the held amount back when the card payment fails', async () => {
    const { giftCard, code } = await buyPaid({ amount: 10 });
    const { orderId, checkoutUrl } = (await order(code)).json();
    expect(await balanceOf(giftCard.id)).toBe(0);
    await ctx.deps.sandboxPayments?.submitCard(sessionOf(checkoutUrl), {
      ...card,
      number: '4000 0000 0000 0002',
    });
    await waitFor(async () => (await balanceOf(giftCard.id)) === 1000);
    expect((await redemptionsOf(orderId)).map((r) => r.status)).toEqual(['released']);
  });

  it('never takes a balance below zero when many checkouts use one code at once', async () => {
    const { giftCard, code } = await buyPaid({ amount: 50 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => order(code)));
    const held = await ctx.deps.db
      .select()
      .from(giftCardRedemptions)
      .where(eq(giftCardRedemptions.giftCardId, giftCard.id));
    const heldCents = held.reduce((sum, r) => sum + r.amountCents, 0);
    const balance = await balanceOf(giftCard.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(heldCents + (balance ?? 0)).toBe(5000);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created).toHaveLength(held.length);
    for (const refused of answers.filter((a) => a.statusCode !== 201))
      expect(refused.json().code, refused.body).toBe('GIFT_CARD_SPENT');
    expect(created.length).toBe(Math.ceil(5000 / dear.priceCents));
  });
});

describe('staff refunds of what a gift card paid', () => {
  const paidWith = async (code: string) => {
    const { orderId, checkoutUrl } = (await order(code)).json();
    if (!checkoutUrl.includes('session_id=gift_card:'))
      await ctx.deps.sandboxPayments?.submitCard(sessionOf(checkoutUrl), card);
    else await post(`/api/orders/${orderId}/confirm`, { sessionId: `gift_card:${orderId}` });
    await waitFor(async () => {
      const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
      return row?.status === 'completed';
    });
    return orderId as string;
  };
  const refund = (orderId: string, amountCents: number | 'full') =>
    post(
      `/api/staff/orders/${orderId}/refunds`,
      { amountCents, kind: 'order', reason: 'Trip cancelled', policyOverrideReason: 'Goodwill' },
      admin.auth,
    );
  const refundsOf = (orderId: string) =>
    ctx.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.amountCents));

  it('gives back the card charge first and the rest onto the gift card, never more than was paid', async () => {
    const { giftCard, code } = await buyPaid({ amount: 10 });
    const orderId = await paidWith(code);
    const byCard = dear.priceCents - 1000;
    // A part of the card's charge, then everything left: the card's rest and the gift card's 10 euros.
    expect((await refund(orderId, 500)).statusCode).toBe(201);
    const rest = await refund(orderId, 'full');
    expect(rest.statusCode, rest.body).toBe(201);
    expect((await refundsOf(orderId)).map((r) => [r.amountCents, r.paymentId === null, r.status])).toEqual(
      [
        [500, false, expect.any(String)],
        [1000, true, 'succeeded'],
        [byCard - 500, false, expect.any(String)],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(await balanceOf(giftCard.id)).toBe(1000);
    const third = await refund(orderId, 100);
    expect(third.statusCode).toBe(409);
    expect(await balanceOf(giftCard.id)).toBe(1000);
  });

  it('refunds an order the gift card paid in full onto that card', async () => {
    const { giftCard, code } = await buyPaid({ amount: 500 });
    const orderId = await paidWith(code);
    const left = 50000 - dear.priceCents;
    const response = await refund(orderId, 300);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().refund).toMatchObject({ amountCents: 300, status: 'succeeded' });
    expect(await balanceOf(giftCard.id)).toBe(left + 300);
    // The same click again within seconds is answered with the first refund, not a second one.
    expect((await refund(orderId, 300)).json().refund.id).toBe(response.json().refund.id);
    expect(await balanceOf(giftCard.id)).toBe(left + 300);
  });

  it('records each refund in the card history, so the balance is always issued - used + refunded', async () => {
    // A partial redeem: a 500-euro card pays one order and keeps the rest.
    const { giftCard, code } = await buyPaid({ amount: 500 });
    const orderId = await paidWith(code);
    const ledger = () => giftCardLedgerBalance(ctx.deps.db, giftCard.id);
    expect(await ledger()).toBe(await balanceOf(giftCard.id));
    expect(await ledger()).toBe(50000 - dear.priceCents);
    // A partial refund, then a second one (another amount and reason: not a double click).
    const first = await refund(orderId, 300);
    expect(first.statusCode, first.body).toBe(201);
    expect(await ledger()).toBe(await balanceOf(giftCard.id));
    const second = await post(
      `/api/staff/orders/${orderId}/refunds`,
      { amountCents: 200, kind: 'order', reason: 'Second thoughts', policyOverrideReason: 'Goodwill' },
      admin.auth,
    );
    expect(second.statusCode, second.body).toBe(201);
    expect(await balanceOf(giftCard.id)).toBe(50000 - dear.priceCents + 500);
    expect(await ledger()).toBe(await balanceOf(giftCard.id));
    // Staff see both refunds in the card's history beside the redemption, newest first.
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/gift-cards/${giftCard.id}`,
      headers: admin.auth,
    });
    expect(detail.json().redemptions).toMatchObject([
      { kind: 'refund', refundId: second.json().refund.id, orderId, amountCents: 200, status: 'refunded' },
      { kind: 'refund', refundId: first.json().refund.id, orderId, amountCents: 300, status: 'refunded' },
      { kind: 'redemption', refundId: null, orderId, amountCents: dear.priceCents, status: 'captured' },
    ]);
  });

  it('records the gift card part of a mixed refund once, and not the part given back to the card charge', async () => {
    const { giftCard, code } = await buyPaid({ amount: 10 });
    const orderId = await paidWith(code);
    expect((await refund(orderId, 'full')).statusCode).toBe(201);
    const lines = await ctx.deps.db
      .select()
      .from(giftCardRedemptions)
      .where(eq(giftCardRedemptions.giftCardId, giftCard.id));
    expect(lines.map((l) => [l.kind, l.amountCents]).sort()).toEqual([
      ['redemption', 1000],
      ['refund', 1000],
    ]);
    expect(await giftCardLedgerBalance(ctx.deps.db, giftCard.id)).toBe(1000);
  });
});

describe('one order paid in two tabs', () => {
  const payBoth = async (orderId: string, first: string, second: string) => {
    await Promise.all([
      ctx.deps.sandboxPayments?.submitCard(first, card),
      ctx.deps.sandboxPayments?.submitCard(second, card),
    ]);
    await waitFor(async () => {
      const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
      const back = await ctx.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId));
      return row?.status === 'completed' && back.some((r) => r.status === 'succeeded');
    });
    return ctx.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  };

  it('issues one gift card and refunds the second payment', async () => {
    const bought = await post('/api/gift-cards', await buyBody({ amount: 40 }));
    expect(bought.statusCode, bought.body).toBe(201);
    const { orderId, checkoutUrl } = bought.json() as { orderId: string; checkoutUrl: string };
    const second = await openSecondCardPage(ctx, orderId, 4000);
    const back = await payBoth(orderId, sessionOf(checkoutUrl), second);
    expect(back.map((r) => [r.kind, r.amountCents, r.status])).toEqual([
      ['duplicate_payment', 4000, 'succeeded'],
    ]);
    const cards = await ctx.deps.db.select().from(giftCards).where(eq(giftCards.orderId, orderId));
    expect(cards.map((c) => [c.amountCents, c.balanceCents])).toEqual([[4000, 4000]]);
  });

  it('takes a redeemed card once and refunds only the second card charge', async () => {
    const { giftCard, code } = await buyPaid({ amount: 10 });
    const placed = await order(code);
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId, checkoutUrl } = placed.json() as { orderId: string; checkoutUrl: string };
    const charged = dear.priceCents - 1000;
    const second = await openSecondCardPage(ctx, orderId, charged);
    const back = await payBoth(orderId, sessionOf(checkoutUrl), second);
    expect(back.map((r) => [r.kind, r.amountCents, r.status])).toEqual([
      ['duplicate_payment', charged, 'succeeded'],
    ]);
    expect((await redemptionsOf(orderId)).map((r) => [r.kind, r.amountCents, r.status])).toEqual([
      ['redemption', 1000, 'captured'],
    ]);
    expect(await balanceOf(giftCard.id)).toBe(0);
    expect(await giftCardLedgerBalance(ctx.deps.db, giftCard.id)).toBe(0);
  });
});

describe('staff gift cards', () => {
  const get = (url: string, headers: Record<string, string> = admin.auth) =>
    ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });

  it('lists cards masked with balance, buyer, recipient and delivery state; a card shows its redemptions', async () => {
    const { body, giftCard, code } = await buyPaid({ amount: 25 });
    const list = await get(`/api/staff/gift-cards?q=${encodeURIComponent(String(body.recipientEmail))}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().total).toBe(1);
    expect(list.json().items[0]).toMatchObject({
      id: giftCard.id,
      maskedCode: `••••-••••-••••-${code.slice(-4)}`,
      amountCents: 2500,
      balanceCents: 2500,
      buyerEmail: body.email,
      recipientEmail: body.recipientEmail,
      deliveryState: 'delivered',
    });
    expect(list.body).not.toContain(code);
    const byBuyer = await get(`/api/staff/gift-cards?q=${encodeURIComponent(String(body.email))}`);
    expect(byBuyer.json().total).toBe(1);
    const scheduled = await get('/api/staff/gift-cards?deliveryState=scheduled&sort=-sendOn&pageSize=200');
    expect(
      scheduled.json().items.every((c: { deliveryState: string }) => c.deliveryState === 'scheduled'),
    ).toBe(true);
    expect((await get('/api/staff/gift-cards?sort=code')).statusCode).toBe(422);
    const detail = await get(`/api/staff/gift-cards/${giftCard.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ giftCard: { id: giftCard.id }, redemptions: [] });
    expect((await get(`/api/staff/gift-cards/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const csv = await get(`/api/staff/gift-cards.csv?q=${encodeURIComponent(String(body.recipientEmail))}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'orderNumber,code,amountCents,balanceCents,buyerEmail,recipientEmail,sendOn,deliveryState,deliveredAt,createdAt',
    );
    expect(lines).toHaveLength(2);
  });

  it('resends a delivered card once per click, on the timeline and in the audit log', async () => {
    const { body, giftCard, orderId } = await buyPaid();
    const recipient = String(body.recipientEmail);
    await waitFor(async () => (await mailsTo(recipient)).length === 1);
    const clickId = crypto.randomUUID();
    const resend = (id = clickId) =>
      post(
        `/api/staff/gift-cards/${giftCard.id}/resend`,
        { clickId: id, reason: 'lost in spam' },
        admin.auth,
      );
    const first = await resend();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      giftCard: { resendCount: 1 },
      message: 'The gift card e-mail was sent again.',
    });
    expect((await resend()).json().giftCard.resendCount).toBe(1);
    expect(await mailsTo(recipient)).toHaveLength(2);
    expect((await resend(crypto.randomUUID())).json().giftCard.resendCount).toBe(2);
    expect(await mailsTo(recipient)).toHaveLength(3);
    const events = await ctx.deps.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'staff_action')));
    expect(events.map((e) => e.detail)).toEqual([
      { action: 'resend_gift_card', reason: 'lost in spam' },
      { action: 'resend_gift_card', reason: 'lost in spam' },
    ]);
    const audit = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, giftCard.id));
    expect(audit.map((a) => a.action)).toEqual(['gift_card.resend', 'gift_card.resend']);
  });

  it('refuses to resend a card not delivered yet, and a body without a click id', async () => {
    const { giftCard } = await buyPaid({ sendOn: utcDay(new Date(), 10) });
    const early = await post(
      `/api/staff/gift-cards/${giftCard.id}/resend`,
      { clickId: crypto.randomUUID() },
      admin.auth,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('ACTION_NOT_ALLOWED');
    const noClick = await post(`/api/staff/gift-cards/${giftCard.id}/resend`, {}, admin.auth);
    expect(noClick.statusCode).toBe(422);
    expect((await cardOfOrder(giftCard.orderId))?.resendCount).toBe(0);
  });

  it('is for admins only: 401 signed out, 403 for editor, analytics, customers and shops', async () => {
    const id = crypto.randomUUID();
    const calls = [
      { method: 'GET', url: '/api/staff/gift-cards' },
      { method: 'GET', url: '/api/staff/gift-cards.csv' },
      { method: 'GET', url: `/api/staff/gift-cards/${id}` },
      { method: 'POST', url: `/api/staff/gift-cards/${id}/resend`, payload: { clickId: id } },
    ] as const;
    const callers: Record<string, Record<string, string>> = {};
    for (const role of ['editor', 'analytics'] as const) {
      const staff = await seedStaffUser(ctx.deps.db, role, { email: uniqueEmail(role) });
      const token = await loginAs(ctx.app, 'staff', staff.email, staff.password);
      callers[role] = { authorization: `Bearer ${token.access_token}` };
    }
    for (const kind of ['customer', 'shop'] as const)
      callers[kind] = (await createSignedInUser(ctx, kind)).auth;
    for (const call of calls) {
      const inject = (headers: Record<string, string>) =>
        ctx.app.inject({ ...call, headers: { 'accept-language': 'en', ...headers } });
      expect((await inject({})).statusCode, call.url).toBe(401);
      for (const [who, headers] of Object.entries(callers))
        expect((await inject(headers)).statusCode, `${who} ${call.url}`).toBe(403);
    }
  });
});
