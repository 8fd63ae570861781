import { orderViewHeader } from '@esim/contracts';
import {
  esimPackages,
  esims,
  orders,
  packages,
  payments,
  seedStaffUser,
  seedUser,
  users,
  webhookEvents,
} from '@esim/db';
import { and, eq, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { signatureHeader, signPayload } from '../../adapters/payments/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import {
  createSignedInUser,
  createTestContext,
  loginAs,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';
import { activationCodePattern } from '../esims/qr-code';

const esimProvider = createSandboxEsimProvider({ allocationDelayMs: 200 });
let ctx: TestContext;
let stopSweep: () => void;
let localSlug: string;

beforeAll(async () => {
  ctx = await createTestContext(
    { FULFILMENT_ATTEMPTS: '3', FULFILMENT_RETRY_DELAY_SECONDS: '1', JOB_POLL_SECONDS: '0.5' },
    { esimProvider },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopSweep = await startFulfilment(ctx.deps, ctx.app.log);
  const [pkg] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.type, 'local'), eq(packages.active, true)))
    .limit(1);
  if (!pkg) throw new Error('no local package');
  localSlug = pkg.slug;
}, 60_000);
afterAll(async () => {
  stopSweep?.();
  await ctx?.close();
});

const sandbox = () => {
  if (!ctx.deps.sandboxPayments) throw new Error('sandbox payments expected');
  return ctx.deps.sandboxPayments;
};

const orderBody = (overrides: Record<string, unknown> = {}) => ({
  packageSlug: localSlug,
  fullName: 'Drita Hoxha',
  email: uniqueEmail('buyer'),
  phoneNumber: uniquePhone(),
  ...overrides,
});

/** Signed out, the order form solves the human check first (as forgot-password does); a body may bring its own. */
const placeOrder = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'accept-language': 'en', ...headers },
    payload:
      headers.authorization || 'humanProof' in body
        ? body
        : { ...body, humanProof: await solveHumanProof(ctx.app) },
  });

const sessionOf = (checkoutUrl: string) => checkoutUrl.split('/').pop() ?? '';

const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const declined = { ...card, number: '4000 0000 0000 0002' };

/** Places an order and pays it on the sandbox page (which posts its signed webhook into the app). */
const buy = async (body = orderBody(), headers: Record<string, string> = {}) => {
  const response = await placeOrder(body, headers);
  expect(response.statusCode, response.body).toBe(201);
  const { orderId, checkoutUrl } = response.json() as { orderId: string; checkoutUrl: string };
  const sessionId = sessionOf(checkoutUrl);
  const result = await sandbox().submitCard(sessionId, card);
  return { orderId, sessionId, body, result };
};

const orderRow = async (orderId: string) => {
  const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error('order missing');
  return row;
};

const waitFor = async <T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const waitForStatus = (orderId: string, status: string, timeoutMs?: number) =>
  waitFor(async () => {
    const row = await orderRow(orderId);
    return row.status === status ? row : null;
  }, timeoutMs);

const signedWebhook = (event: Record<string, unknown>, secret = ctx.config.payments.webhookSecret) => {
  const payload = JSON.stringify(event);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/sandbox',
    headers: { 'content-type': 'application/json', [signatureHeader]: signPayload(secret, payload) },
    payload,
  });
};

const decodeQr = (png: Buffer) => {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
};

describe('POST /api/orders: validation', () => {
  it('names every missing field', async () => {
    const response = await placeOrder({ packageSlug: localSlug });
    expect(response.statusCode).toBe(422);
    const { code, errors } = response.json();
    expect(code).toBe('VALIDATION_FAILED');
    expect(Object.keys(errors).sort()).toEqual(['email', 'fullName', 'phoneNumber']);
  });

  it('rejects an e-mail or phone number in a wrong format', async () => {
    const response = await placeOrder(orderBody({ email: 'not-an-email', phoneNumber: '+355 12' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: ['Invalid E-mail format'],
      phoneNumber: ['Invalid Phone number format'],
    });
  });

  it('answers 404 for an unknown, inactive or deleted package', async () => {
    expect((await placeOrder(orderBody({ packageSlug: 'no-such-package' }))).statusCode).toBe(404);
    const [inactive, deleted] = await ctx.deps.db
      .select()
      .from(packages)
      .where(and(eq(packages.type, 'local'), sql`${packages.slug} <> ${localSlug}`))
      .limit(2);
    if (!inactive || !deleted) throw new Error('packages expected');
    await ctx.deps.db.update(packages).set({ active: false }).where(eq(packages.id, inactive.id));
    await ctx.deps.db.update(packages).set({ deletedAt: new Date() }).where(eq(packages.id, deleted.id));
    for (const slug of [inactive.slug, deleted.slug]) {
      const response = await placeOrder(orderBody({ packageSlug: slug }));
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    const count = await ctx.deps.db.$count(orders, eq(orders.packageId, inactive.id));
    expect(count).toBe(0);
  });
});

describe('POST /api/orders: pricing and accounts', () => {
  it('prices the order itself; a price in the request is an unknown field (422)', async () => {
    const [pkg] = await ctx.deps.db.select().from(packages).where(eq(packages.slug, localSlug));
    if (!pkg) throw new Error('package missing');
    const tampered = await placeOrder(orderBody({ priceCents: 1, totalCents: 1, discountCents: 9999 }));
    expect(tampered.statusCode).toBe(422);
    expect(Object.keys(tampered.json().errors).sort()).toEqual(['discountCents', 'priceCents', 'totalCents']);
    const response = await placeOrder(orderBody());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const expected = pkg.offerPriceCents ?? pkg.priceCents;
    expect(body.totalCents).toBe(expected);
    expect(body.number).toMatch(/^ES-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(body.checkoutUrl).toMatch(/\/sandbox\/checkout\/sbx_cs_/);
    const row = await orderRow(body.orderId);
    expect(row).toMatchObject({ status: 'pending', totalCents: expected, subtotalCents: pkg.priceCents });
    const session = await sandbox().getCheckout(sessionOf(body.checkoutUrl));
    expect(session?.amountCents).toBe(expected);
  });

  it('uses the offer price when the package has one', async () => {
    const [pkg] = await ctx.deps.db.select().from(packages).where(eq(packages.slug, localSlug));
    if (!pkg) throw new Error('package missing');
    const offer = pkg.priceCents - 200;
    await ctx.deps.db.update(packages).set({ offerPriceCents: offer }).where(eq(packages.id, pkg.id));
    try {
      const response = await placeOrder(orderBody());
      expect(response.json()).toMatchObject({ totalCents: offer });
      const row = await orderRow(response.json().orderId);
      expect(row.discountCents).toBe(200);
    } finally {
      await ctx.deps.db
        .update(packages)
        .set({ offerPriceCents: pkg.offerPriceCents })
        .where(eq(packages.id, pkg.id));
    }
  });

  it('asks a signed-out buyer with an existing e-mail or phone to log in, in SPEC words', async () => {
    const { user } = await createSignedInUser(ctx, 'customer');
    const byEmail = await placeOrder(orderBody({ email: user.email }));
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'This email already exists!',
      errors: { email: ['This email already exists!'] },
    });
    const byPhone = await placeOrder(orderBody({ phoneNumber: user.phone }));
    expect(byPhone.statusCode).toBe(409);
    expect(byPhone.json()).toMatchObject({
      code: 'PHONE_TAKEN',
      message: 'This phone number already exists!',
    });
  });

  it('asks a signed-out buyer for the human check before answering whether an account exists', async () => {
    const { user } = await createSignedInUser(ctx, 'customer');
    for (const humanProof of [undefined, 'bm90LWEtcHJvb2Y=']) {
      const refused = await placeOrder({ ...orderBody({ email: user.email }), humanProof });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        code: 'HUMAN_VERIFICATION_FAILED',
        message: 'Human verification failed. Please try again.',
        errors: { humanProof: ['Human verification failed. Please try again.'] },
      });
    }
    // A solved challenge counts once, as on forgot-password.
    const humanProof = await solveHumanProof(ctx.app);
    expect((await placeOrder({ ...orderBody({ email: user.email }), humanProof })).statusCode).toBe(409);
    expect((await placeOrder({ ...orderBody({ email: user.email }), humanProof })).statusCode).toBe(422);
    expect((await placeOrder({ ...orderBody(), humanProof })).json().code).toBe('HUMAN_VERIFICATION_FAILED');
  });

  it('lets a signed-in customer order with their own details', async () => {
    const { user, auth } = await createSignedInUser(ctx, 'customer');
    const response = await placeOrder(orderBody({ email: user.email, phoneNumber: user.phone }), auth);
    expect(response.statusCode).toBe(201);
    expect((await orderRow(response.json().orderId)).userId).toBe(user.id);
    // The session's order (SPEC section 3) is this unfinished order.
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/auth/user-profile', headers: auth });
    expect(profile.json().order).toEqual({
      id: response.json().orderId,
      number: response.json().number,
      status: 'pending',
    });
  });

  it('refuses shop and staff tokens, and a bad token', async () => {
    for (const kind of ['shop', 'staff'] as const) {
      const { auth } = await createSignedInUser(ctx, kind);
      expect((await placeOrder(orderBody(), auth)).statusCode).toBe(403);
    }
    const bad = await placeOrder(orderBody(), { authorization: 'Bearer nonsense' });
    expect(bad.statusCode).toBe(401);
  });
});

describe('buying an eSIM end to end', () => {
  it('pays, fulfils once, e-mails the QR code and invoice, and registers the buyer', async () => {
    const { orderId, sessionId, body, result } = await buy();
    expect(result).toEqual({
      kind: 'redirect',
      url: `${ctx.config.siteUrl}/payment/success?order=${orderId}&session_id=${sessionId}`,
    });
    const completed = await waitForStatus(orderId, 'completed');
    expect(completed.paidAt).not.toBeNull();
    expect(completed.fulfilmentAttempts).toBe(1);

    const [esim] = await ctx.deps.db.select().from(esims).where(eq(esims.orderId, orderId));
    expect(esim?.iccid).toMatch(/^89\d{17}$/);
    expect(esim?.activationCode).toMatch(activationCodePattern);
    const packagesOnEsim = await ctx.deps.db
      .select()
      .from(esimPackages)
      .where(eq(esimPackages.orderId, orderId));
    expect(packagesOnEsim).toHaveLength(1);

    // The account was created with the order's details and no password; the order belongs to it.
    const [account] = await ctx.deps.db.select().from(users).where(eq(users.email, body.email));
    expect(account).toMatchObject({
      kind: 'customer',
      firstName: 'Drita',
      lastName: 'Hoxha',
      passwordHash: null,
    });
    expect(completed.userId).toBe(account?.id);
    expect(esim?.userId).toBe(account?.id);

    await ctx.deps.mailer.deliverPending();
    const confirmation = await waitFor(async () =>
      ctx.mails.find((m) => m.subject.includes(completed.number)),
    );
    expect(confirmation.to).toBe(body.email);
    expect(confirmation.subject).toBe(`Your eSIM is ready: order ${completed.number}`);
    expect(confirmation.html).toContain('cid:esim-qr');
    expect(confirmation.text).toContain(esim?.activationCode);
    expect(confirmation.text).toContain('https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=');
    const [qr, invoice] = confirmation.attachments ?? [];
    expect(qr).toMatchObject({ contentType: 'image/png', cid: 'esim-qr' });
    expect(decodeQr(Buffer.from(qr?.contentBase64 ?? '', 'base64'))).toBe(esim?.activationCode);
    expect(invoice).toMatchObject({
      contentType: 'application/pdf',
      filename: `invoice-${completed.number}.pdf`,
    });
    expect(
      Buffer.from(invoice?.contentBase64 ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The set-password e-mail opens the account: the link resets the (empty) password, then login works.
    const welcome = await waitFor(async () =>
      ctx.mails.find((m) => m.to === body.email && m.subject === 'Your account is ready: choose a password'),
    );
    const token = /reset-password\?token=([\w-]+)/.exec(welcome.text)?.[1];
    expect(token).toBeTruthy();
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'N3w-Passw0rd!', confirmPassword: 'N3w-Passw0rd!' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await loginAs(ctx.app, 'customer', body.email, 'N3w-Passw0rd!');
    expect(login.user.email).toBe(body.email);
  });

  it('shows the receipt once: "completed earlier" afterwards, and the QR decodes to the activation code', async () => {
    const { orderId, sessionId } = await buy();
    const confirm = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/confirm`,
        headers: { 'accept-language': 'en' },
        payload: { sessionId },
      });
    const first = await confirm();
    expect(first.statusCode).toBe(200);
    const outcome = first.json();
    expect(outcome).toMatchObject({ outcome: 'succeeded', message: 'Payment completed successfully!' });
    expect(outcome.viewToken).toEqual(expect.any(String));

    const receipt = await waitFor(async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/orders/${orderId}/receipt`,
        headers: { 'x-order-view': outcome.viewToken },
      });
      expect(response.statusCode).toBe(200);
      const json = response.json();
      return json.esim ? json : null;
    });
    expect(receipt.status).toBe('completed');
    expect(receipt.esim.activationCode).toMatch(activationCodePattern);
    const png = Buffer.from(receipt.esim.qrCodeDataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(decodeQr(png)).toBe(receipt.esim.activationCode);

    const again = await confirm();
    expect(again.json()).toEqual({
      outcome: 'completed_earlier',
      orderNumber: outcome.orderNumber,
      viewToken: null,
      message: 'This transaction was completed earlier, please check your email.',
    });
    expect(await ctx.deps.db.$count(esims, eq(esims.orderId, orderId))).toBe(1);
  });

  it('holds the receipt of a paid order with wait until the eSIM is ready: one request, no polling', async () => {
    const { orderId, sessionId } = await buy();
    const outcome = (
      await ctx.app.inject({ method: 'POST', url: `/api/orders/${orderId}/confirm`, payload: { sessionId } })
    ).json();
    const headers = { 'x-order-view': outcome.viewToken };
    const started = Date.now();
    const held = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/receipt?wait=15`,
      headers,
    });
    expect(held.statusCode).toBe(200);
    expect(held.json().status).toBe('completed');
    expect(held.json().esim.activationCode).toMatch(activationCodePattern);
    // Answered when the order completed, well before the 15 s limit.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(ctx.deps.orderEvents.waiting()).toBe(0);

    // Finished or unpaid orders are answered at once.
    const done = Date.now();
    await ctx.app.inject({ method: 'GET', url: `/api/orders/${orderId}/receipt?wait=15`, headers });
    expect(Date.now() - done).toBeLessThan(2_000);
    const unpaid = (await placeOrder(orderBody())).json();
    const pendingStarted = Date.now();
    const pending = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${unpaid.orderId}/receipt?wait=15`,
      headers: { 'x-order-view': unpaid.viewToken },
    });
    expect(pending.json().status).toBe('pending');
    expect(Date.now() - pendingStarted).toBeLessThan(2_000);

    const tooLong = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/receipt?wait=60`,
      headers: { ...headers, 'accept-language': 'en' },
    });
    expect(tooLong.statusCode).toBe(422);
  });

  it('guards the receipt with the view token of that order', async () => {
    const a = await buy();
    const b = await buy();
    const confirmA = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${a.orderId}/confirm`,
      payload: { sessionId: a.sessionId },
    });
    const tokenA = confirmA.json().viewToken as string;
    const missing = await ctx.app.inject({ method: 'GET', url: `/api/orders/${a.orderId}/receipt` });
    expect(missing.statusCode).toBe(404);
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${b.orderId}/receipt`,
      headers: { 'x-order-view': tokenA },
    });
    expect(other.statusCode).toBe(404);
    // A session id of another order does not confirm this one.
    const crossed = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${a.orderId}/confirm`,
      payload: { sessionId: b.sessionId },
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('confirms from the return URL when the webhook never came', async () => {
    const response = await placeOrder(orderBody());
    const { orderId, checkoutUrl } = response.json();
    const sessionId = sessionOf(checkoutUrl);
    // The webhook is lost: pay on the sandbox with a provider whose deliveries fail.
    const lost = ctx.deps.sandboxPayments;
    if (!lost) throw new Error('sandbox expected');
    await ctx.deps.db.execute(
      sql`update sandbox_payment_sessions set status = 'succeeded', payment_ref = 'sbx_pi_lost' where id = ${sessionId}`,
    );
    expect((await orderRow(orderId)).status).toBe('pending');
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/confirm`,
      payload: { sessionId },
    });
    expect(confirm.json().outcome).toBe('succeeded');
    await waitForStatus(orderId, 'completed');
    const [payment] = await ctx.deps.db.select().from(payments).where(eq(payments.sessionRef, sessionId));
    expect(payment).toMatchObject({ status: 'succeeded', paymentRef: 'sbx_pi_lost' });
  });

  it('says pending while the provider has not confirmed, and failed for a declined card', async () => {
    const response = await placeOrder(orderBody());
    const { orderId, checkoutUrl } = response.json();
    const sessionId = sessionOf(checkoutUrl);
    const confirm = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/confirm`,
        headers: { 'accept-language': 'en' },
        payload: { sessionId },
      });
    expect((await confirm()).json()).toMatchObject({ outcome: 'pending', message: null });
    const result = await sandbox().submitCard(sessionId, declined);
    expect(result).toMatchObject({ kind: 'redirect' });
    expect(result.kind === 'redirect' && result.url).toContain(`/payment/failed?order=${orderId}`);
    expect((await confirm()).json()).toMatchObject({
      outcome: 'failed',
      message: 'Payment failed. Please try again!',
    });
    const [payment] = await ctx.deps.db.select().from(payments).where(eq(payments.sessionRef, sessionId));
    expect(payment).toMatchObject({ status: 'failed', failureReason: 'declined' });
    expect((await orderRow(orderId)).status).toBe('pending');
  });

  it('opens a new checkout to try again, and refuses once the order is paid', async () => {
    const response = await placeOrder(orderBody());
    const { orderId, checkoutUrl, viewToken } = response.json();
    await sandbox().submitCard(sessionOf(checkoutUrl), declined);
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/retry-payment`,
      headers: { [orderViewHeader]: viewToken },
    });
    expect(retry.statusCode).toBe(200);
    const next = sessionOf(retry.json().checkoutUrl);
    expect(next).not.toBe(sessionOf(checkoutUrl));
    await sandbox().submitCard(next, card);
    await waitForStatus(orderId, 'completed');
    const late = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/retry-payment`,
      headers: { 'accept-language': 'en', [orderViewHeader]: viewToken },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'PAYMENT_COMPLETED_EARLIER',
      message: 'This transaction was completed earlier, please check your email.',
    });
  });
});

describe('"try again" on an order whose package was taken off sale (issue 40)', () => {
  it('is refused with a message before any new card page, and works again once the package is back', async () => {
    // A package of its own, so taking it off sale does not touch the other tests' orders.
    const [pkg] = await ctx.deps.db
      .select()
      .from(packages)
      .where(
        and(eq(packages.type, 'local'), eq(packages.active, true), sql`${packages.slug} <> ${localSlug}`),
      )
      .limit(1);
    if (!pkg) throw new Error('no second local package');
    const { orderId, checkoutUrl, viewToken } = (
      await placeOrder(orderBody({ packageSlug: pkg.slug }))
    ).json();
    await sandbox().submitCard(sessionOf(checkoutUrl), declined);
    const paymentsBefore = await ctx.deps.db.select().from(payments).where(eq(payments.orderId, orderId));
    await ctx.deps.db.update(packages).set({ active: false }).where(eq(packages.id, pkg.id));
    try {
      for (const [lang, message] of [
        ['en', 'This package is no longer on sale, so this order cannot be paid. Choose another package.'],
        [
          'sq',
          'Kjo paketë nuk shitet më, prandaj kjo porosi nuk mund të paguhet. Zgjidhni një paketë tjetër.',
        ],
      ] as const) {
        const retry = await ctx.app.inject({
          method: 'POST',
          url: `/api/orders/${orderId}/retry-payment`,
          headers: { 'accept-language': lang, [orderViewHeader]: viewToken },
        });
        expect(retry.statusCode).toBe(409);
        expect(retry.json()).toEqual({ code: 'PACKAGE_NOT_ON_SALE', message });
      }
      // No new card page was opened.
      expect(await ctx.deps.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(
        paymentsBefore.length,
      );
    } finally {
      await ctx.deps.db.update(packages).set({ active: true }).where(eq(packages.id, pkg.id));
    }
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/retry-payment`,
      headers: { [orderViewHeader]: viewToken },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('order proofs (view tokens) and access tokens', () => {
  it('refuses "try again" without the order\'s view token, with another order\'s, or with an access token', async () => {
    const first = (await placeOrder(orderBody())).json();
    const second = (await placeOrder(orderBody())).json();
    const { auth, token } = await createSignedInUser(ctx, 'customer');
    const retry = (orderId: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'POST', url: `/api/orders/${orderId}/retry-payment`, headers });
    expect((await retry(first.orderId)).statusCode).toBe(404);
    expect((await retry(first.orderId, { [orderViewHeader]: second.viewToken })).statusCode).toBe(404);
    expect((await retry(first.orderId, { [orderViewHeader]: token })).statusCode).toBe(404);
    // A signed-in customer who does not own the order finds nothing either.
    expect((await retry(first.orderId, auth)).statusCode).toBe(404);
    expect((await retry(first.orderId, { [orderViewHeader]: first.viewToken })).statusCode).toBe(200);
  });

  it('opens no receipt with an access token, and no endpoint with a view token as bearer', async () => {
    const { orderId, viewToken } = (await placeOrder(orderBody())).json();
    const { token } = await createSignedInUser(ctx, 'customer');
    const receipt = (proof: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/orders/${orderId}/receipt`,
        headers: { [orderViewHeader]: proof },
      });
    expect((await receipt(token)).statusCode).toBe(404);
    expect((await receipt(viewToken)).statusCode).toBe(200);
    for (const url of ['/api/auth/user-profile', '/api/account/profile']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${viewToken}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('lets the customer who owns an order try again with their session', async () => {
    const { auth } = await createSignedInUser(ctx, 'customer');
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: orderBody(),
    });
    expect(placed.statusCode).toBe(201);
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.json().orderId}/retry-payment`,
      headers: auth,
    });
    expect(retry.statusCode).toBe(200);
  });
});

describe('payment provider down', () => {
  it('answers "Payment failed. Please try again!" and keeps the order unpaid for a retry', async () => {
    const original = ctx.deps.payments.createCheckout;
    ctx.deps.payments.createCheckout = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      const response = await placeOrder(orderBody());
      expect(response.statusCode).toBe(402);
      expect(response.json()).toMatchObject({
        code: 'PAYMENT_FAILED',
        message: 'Payment failed. Please try again!',
      });
    } finally {
      ctx.deps.payments.createCheckout = original;
    }
  });

  it("answers in the buyer's language", async () => {
    const response = await placeOrder(orderBody({ email: 'wrong' }), { 'accept-language': 'sq' });
    expect(response.json().message).toBe('Ju lutemi kontrolloni fushat e theksuara.');
  });
});

describe('payment webhooks', () => {
  it('rejects a bad signature with 400 and changes nothing', async () => {
    const response = await placeOrder(orderBody());
    const { orderId, checkoutUrl } = response.json();
    const event = {
      id: 'evt_forged',
      type: 'payment.succeeded',
      sessionId: sessionOf(checkoutUrl),
      orderId,
      paymentRef: 'pi_forged',
      amountCents: 1,
    };
    const forged = await signedWebhook(event, 'not-the-secret-at-all');
    expect(forged.statusCode).toBe(400);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderRow(orderId)).status).toBe('pending');
    expect(await ctx.deps.db.$count(webhookEvents, eq(webhookEvents.eventId, 'evt_forged'))).toBe(0);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/payments/webhooks/paypal' })).statusCode).toBe(
      404,
    );
  });

  it('applies an event replayed 100 times once: one payment, one eSIM, one e-mail', async () => {
    const response = await placeOrder(orderBody());
    const { orderId, checkoutUrl, totalCents } = response.json();
    const event = {
      id: `evt_replay_${orderId}`,
      type: 'payment.succeeded',
      sessionId: sessionOf(checkoutUrl),
      orderId,
      paymentRef: 'pi_replayed',
      amountCents: totalCents,
    };
    const answers = await Promise.all(Array.from({ length: 100 }, () => signedWebhook(event)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    const completed = await waitForStatus(orderId, 'completed');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await ctx.deps.db.$count(webhookEvents, eq(webhookEvents.eventId, event.id))).toBe(1);
    expect(await ctx.deps.db.$count(esims, eq(esims.orderId, orderId))).toBe(1);
    await waitFor(async () => ctx.mails.find((m) => m.subject.includes(completed.number)));
    await ctx.deps.mailer.deliverPending();
    expect(ctx.mails.filter((m) => m.subject.includes(completed.number))).toHaveLength(1);
    expect((await orderRow(orderId)).fulfilmentAttempts).toBe(1);
  });

  it('does not let a failure that arrives after the success undo it', async () => {
    const { orderId, sessionId } = await buy();
    const failed = await signedWebhook({
      id: `evt_late_failure_${orderId}`,
      type: 'payment.failed',
      sessionId,
      orderId,
      failureReason: 'declined',
    });
    expect(failed.statusCode).toBe(200);
    const [payment] = await ctx.deps.db.select().from(payments).where(eq(payments.sessionRef, sessionId));
    expect(payment?.status).toBe('succeeded');
    expect((await waitForStatus(orderId, 'completed')).failureReason).toBeNull();
  });

  it('sends a payment whose amount differs from the order to staff review, not fulfilment', async () => {
    const response = await placeOrder(orderBody());
    const { orderId, checkoutUrl, totalCents } = response.json();
    await signedWebhook({
      id: `evt_short_${orderId}`,
      type: 'payment.succeeded',
      sessionId: sessionOf(checkoutUrl),
      orderId,
      paymentRef: 'pi_short',
      amountCents: totalCents - 100,
    });
    const row = await orderRow(orderId);
    expect(row.status).toBe('for_review');
    expect(row.failureReason).toContain('differs');
    expect(await ctx.deps.db.$count(esims, eq(esims.orderId, orderId))).toBe(0);
  });
});

describe('the buyer account made at payment', () => {
  it('joins an account that took the e-mail after the order was placed, and makes none', async () => {
    const body = orderBody();
    const response = await placeOrder(body);
    expect(response.statusCode, response.body).toBe(201);
    const { orderId, checkoutUrl } = response.json() as { orderId: string; checkoutUrl: string };
    const meanwhile = await seedUser(ctx.deps.db, { email: body.email, phone: uniquePhone() });
    await sandbox().submitCard(sessionOf(checkoutUrl), card);
    expect((await waitForStatus(orderId, 'completed')).userId).toBe(meanwhile.id);
    expect(await ctx.deps.db.$count(users, eq(users.email, body.email))).toBe(1);
  });

  it('creates the account without the phone another account took meanwhile', async () => {
    const body = orderBody();
    const response = await placeOrder(body);
    expect(response.statusCode, response.body).toBe(201);
    const { orderId, checkoutUrl } = response.json() as { orderId: string; checkoutUrl: string };
    await seedUser(ctx.deps.db, { email: uniqueEmail('phone-owner'), phone: body.phoneNumber });
    await sandbox().submitCard(sessionOf(checkoutUrl), card);
    const completed = await waitForStatus(orderId, 'completed');
    const [account] = await ctx.deps.db.select().from(users).where(eq(users.email, body.email));
    expect(completed.userId).toBe(account?.id);
    expect(account?.phone).toBeNull();
  });
});

describe('fulfilment failures and staff retry', () => {
  it('retries a failing provider, then marks the order failed with the error; an admin retry completes it', async () => {
    esimProvider.setFailureMode('error');
    let orderId = '';
    try {
      ({ orderId } = await buy());
      const failed = await waitForStatus(orderId, 'failed', 30_000);
      expect(failed.fulfilmentAttempts).toBe(3);
      expect(failed.failureReason).toContain('provider answered with an error');
      expect(await ctx.deps.db.$count(esims, eq(esims.orderId, orderId))).toBe(0);
    } finally {
      esimProvider.setFailureMode('none');
    }

    const admin = await createSignedInUser(ctx, 'staff');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/staff/orders/failed',
      headers: admin.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { id: string }) => i.id)).toContain(orderId);

    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${orderId}/retry-fulfilment`,
      headers: admin.auth,
    });
    expect(retry.statusCode).toBe(202);
    await waitForStatus(orderId, 'completed');
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${orderId}/retry-fulfilment`,
      headers: { ...admin.auth, 'accept-language': 'en' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_NOT_RETRIABLE');
  }, 60_000);

  it('lets only admins see failed orders and retry them', async () => {
    const editor = await seedStaffUser(ctx.deps.db, 'editor', { email: uniqueEmail('editor') });
    const editorToken = await loginAs(ctx.app, 'staff', editor.email, editor.password);
    const customer = await createSignedInUser(ctx, 'customer');
    const shop = await createSignedInUser(ctx, 'shop');
    const url = '/api/staff/orders/failed';
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const headers of [{ authorization: `Bearer ${editorToken.access_token}` }, customer.auth, shop.auth])
      expect((await ctx.app.inject({ method: 'GET', url, headers })).statusCode).toBe(403);
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${crypto.randomUUID()}/retry-fulfilment`,
      headers: customer.auth,
    });
    expect(retry.statusCode).toBe(403);
  });

  it('fails at once on an error the provider says is final', async () => {
    const original = esimProvider.orderProfile;
    const { EsimProviderError } = await import('../../adapters/esim/port');
    esimProvider.orderProfile = async () => {
      throw new EsimProviderError('package code unknown', false, 'INVALID_PACKAGE');
    };
    try {
      const { orderId } = await buy();
      const failed = await waitForStatus(orderId, 'failed');
      expect(failed.fulfilmentAttempts).toBe(1);
      expect(failed.failureReason).toBe('[INVALID_PACKAGE] package code unknown');
    } finally {
      esimProvider.orderProfile = original;
    }
  });
});
