import {
  creditLedger,
  esimPackages,
  esims,
  orders,
  packages,
  sandboxPaymentSessions,
  settings,
  shops,
  subscribers,
} from '@esim/db';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { signatureHeader, signPayload } from '../../adapters/payments/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import { createSignedInUser, createTestContext, type TestContext } from '../../test/harness';
import { getGeneralOptions } from '../settings/settings.repository';
import { postEntries } from './credits.service';

// Issue 11, the portal's money: top-ups, purchases for subscribers, ledger, statement, access.
// PGlite by default; with TEST_DATABASE_URL the concurrency block runs on PostgreSQL's real connections.
let ctx: TestContext;
let stopFulfilment: () => void;
const esimProvider = createSandboxEsimProvider({ allocationDelayMs: 0, usageMbPerMinute: 0 });
let slug: string;
let priceCents: number;

beforeAll(async () => {
  ctx = await createTestContext(
    { JOB_POLL_SECONDS: '0.5', FULFILMENT_RETRY_DELAY_SECONDS: '1', FULFILMENT_ATTEMPTS: '1' },
    { esimProvider },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopFulfilment = await startFulfilment(ctx.deps, ctx.app.log);
  const [pkg] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.type, 'local'), eq(packages.active, true), isNotNull(packages.resellerPriceCents)))
    .limit(1);
  slug = pkg?.slug ?? '';
  priceCents = pkg?.resellerPriceCents ?? 0;
}, 180_000);
afterAll(async () => {
  stopFulfilment?.();
  await ctx?.close();
});

const en = { 'accept-language': 'en' };
let keyCounter = 0;
const newKey = () => `key-${Date.now().toString(36)}-${keyCounter++}`;

const newShop = async () => {
  const signed = await createSignedInUser(ctx, 'shop');
  const shopId = signed.user.shopId ?? '';
  return { ...signed, shopId, headers: { ...signed.auth, ...en } };
};

/** Gives a shop credit the way staff would: an adjustment through the ledger service. */
const fund = (shopId: string, creditCents: number, bonusCents = 0) =>
  ctx.deps.db.transaction((tx) =>
    postEntries(tx, {
      shopId,
      orderId: null,
      movements: [
        {
          kind: 'adjustment',
          bucket: 'credit',
          amountCents: creditCents,
          idempotencyKey: `fund:${shopId}:${newKey()}:c`,
        },
        {
          kind: 'adjustment',
          bucket: 'bonus',
          amountCents: bonusCents,
          idempotencyKey: `fund:${shopId}:${newKey()}:b`,
        },
      ],
    }),
  );

const balancesOf = async (shopId: string) => {
  const [row] = await ctx.deps.db
    .select({ credit: shops.creditCents, bonus: shops.bonusCents })
    .from(shops)
    .where(eq(shops.id, shopId));
  const [sums] = await ctx.deps.db
    .select({
      credit: sql<number>`coalesce(sum(amount_cents) filter (where bucket = 'credit'), 0)::int`,
      bonus: sql<number>`coalesce(sum(amount_cents) filter (where bucket = 'bonus'), 0)::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(creditLedger)
    .where(eq(creditLedger.shopId, shopId));
  return { credit: row?.credit ?? -1, bonus: row?.bonus ?? -1, ledger: sums };
};

const purchase = (headers: Record<string, string>, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/portal/orders', headers, payload: body });

const subscriber = { name: 'Besa', lastname: 'Hoxha', email: 'besa@example.test', country: 'AL' };

const waitFor = async (check: () => Promise<boolean>, ms = 15_000) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
};

const orderOf = async (orderId: string) =>
  (await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId)))[0];

/** An active global package shops can buy (it has a reseller price). */
const pricedGlobalPackage = async () =>
  (
    await ctx.deps.db
      .select()
      .from(packages)
      .where(
        and(eq(packages.type, 'global'), eq(packages.active, true), isNotNull(packages.resellerPriceCents)),
      )
      .limit(1)
  )[0];

describe('portal top-up', () => {
  it('refuses amounts under 200 EUR, negatives, fractions of a cent and non-numbers, word for word', async () => {
    const shop = await newShop();
    const post = (amountCents: unknown, lang = 'en') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/portal/topups',
        headers: { ...shop.auth, 'accept-language': lang },
        payload: { amountCents },
      });
    for (const amount of [19_999, -25_000, 0]) {
      const response = await post(amount);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'TOP_UP_BELOW_MINIMUM',
        message: 'Amount must be at least 200 Euro',
        errors: { amountCents: ['Amount must be at least 200 Euro'] },
      });
    }
    expect((await post(19_999, 'sq')).json().message).toBe('Shuma duhet të jetë të paktën 200 Euro');
    for (const amount of [20_000.5, 'abc', '25000', null])
      expect((await post(amount)).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await post(100_000_001)).statusCode).toBe(422);
    const [count] = await ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.shopId, shop.shopId));
    expect(count?.n).toBe(0);
  });

  it('quotes the bonus, pays by card, credits amount and the quoted bonus once however often the webhook comes', async () => {
    const shop = await newShop();
    const quote = await ctx.app.inject({
      method: 'GET',
      url: '/api/portal/topups/quote?amountCents=25000',
      headers: shop.headers,
    });
    expect(quote.json()).toEqual({
      amountCents: 25_000,
      bonusCents: 750,
      creditedCents: 25_750,
      minimumCents: 20_000,
      currency: 'EUR',
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/topups',
      headers: shop.headers,
      payload: { amountCents: 25_000 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId, checkoutUrl, bonusCents } = created.json() as {
      orderId: string;
      checkoutUrl: string;
      bonusCents: number;
    };
    expect(bonusCents).toBe(750);
    const sessionId = checkoutUrl.split('/').pop() ?? '';
    const sandbox = ctx.deps.sandboxPayments;
    if (!sandbox) throw new Error('sandbox payments expected');
    // Staff change the bonus rule after the quote: the bonus credited is still the one quoted.
    const general = await getGeneralOptions(ctx.deps.db);
    await ctx.deps.db
      .insert(settings)
      .values({ key: 'general', value: { ...general, topUpBonusTiers: [{ fromCents: 0, percent: 50 }] } })
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } });
    const redirect = await sandbox.submitCard(sessionId, {
      number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(redirect.kind).toBe('redirect');
    await waitFor(async () => (await orderOf(orderId))?.status === 'completed');
    await ctx.deps.db.update(settings).set({ value: general }).where(eq(settings.key, 'general'));
    const [session] = await ctx.deps.db
      .select()
      .from(sandboxPaymentSessions)
      .where(eq(sandboxPaymentSessions.id, sessionId));
    const payload = JSON.stringify({
      id: `sbx_evt_replay_${sessionId}`,
      type: 'payment.succeeded',
      sessionId,
      orderId,
      paymentRef: session?.paymentRef,
      amountCents: 25_000,
    });
    const replays = await Promise.all(
      Array.from({ length: 100 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/payments/webhooks/sandbox',
          headers: {
            'content-type': 'application/json',
            [signatureHeader]: signPayload(ctx.config.payments.webhookSecret, payload),
          },
          payload,
        }),
      ),
    );
    expect(replays.every((r) => r.statusCode === 200)).toBe(true);
    // The return page too, twice.
    for (let i = 0; i < 2; i++) {
      const back = await ctx.app.inject({
        method: 'POST',
        url: `/api/portal/topups/${orderId}/confirm`,
        headers: shop.headers,
        payload: { sessionId },
      });
      expect(back.json()).toMatchObject({
        id: orderId,
        kind: 'credits',
        status: 'completed',
        bonusCents: 750,
      });
    }
    const after = await balancesOf(shop.shopId);
    expect(after).toEqual({ credit: 25_000, bonus: 750, ledger: { credit: 25_000, bonus: 750, n: 2 } });
    const balances = await ctx.app.inject({
      method: 'GET',
      url: '/api/portal/credits',
      headers: shop.headers,
    });
    expect(balances.json()).toEqual({
      creditCents: 25_000,
      bonusCents: 750,
      totalCents: 25_750,
      lowBalanceThresholdCents: null,
      currency: 'EUR',
    });
    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/api/portal/topups/${orderId}/receipt`,
      headers: shop.headers,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another shop: the order does not exist.
    const other = await newShop();
    for (const url of [`/api/portal/topups/${orderId}/receipt`])
      expect((await ctx.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
    const foreignConfirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/portal/topups/${orderId}/confirm`,
      headers: other.headers,
      payload: { sessionId },
    });
    expect(foreignConfirm.statusCode).toBe(404);
  });
});

describe('portal purchase for a subscriber', () => {
  it('debits the reseller price in the order transaction and fulfils it like checkout; a double submit is one order', async () => {
    const shop = await newShop();
    await fund(shop.shopId, priceCents - 100, 500);
    const key = newKey();
    const [first, second] = await Promise.all([
      purchase(shop.headers, { packageSlug: slug, subscriber, idempotencyKey: key }),
      purchase(shop.headers, { packageSlug: slug, subscriber, idempotencyKey: key }),
    ]);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    const order = first.json().order as { id: string; retailPriceCents: number; subscriber: { id: string } };
    expect(second.json().order.id).toBe(order.id);
    // Paid credit first, then bonus (ADR 0019).
    expect(first.json().balances).toMatchObject({ creditCents: 0, bonusCents: 400, totalCents: 400 });
    expect(order.retailPriceCents).toBe(Math.round((priceCents * 120) / 100));
    const after = await balancesOf(shop.shopId);
    expect(after).toEqual({ credit: 0, bonus: 400, ledger: { credit: 0, bonus: 400, n: 4 } });
    await waitFor(async () => (await orderOf(order.id))?.status === 'completed');
    const [esim] = await ctx.deps.db.select().from(esims).where(eq(esims.orderId, order.id));
    expect(esim).toMatchObject({ shopId: shop.shopId, subscriberId: order.subscriber.id, userId: null });
    // The subscriber gets the QR code, but neither the shop's price nor our invoice.
    const number = (await orderOf(order.id))?.number ?? '';
    await waitFor(async () => {
      await ctx.deps.mailer.deliverPending();
      return ctx.mails.some((m) => m.subject.includes(number));
    }, 20_000);
    const mail = ctx.mails.find((m) => m.subject.includes(number));
    expect(mail?.to).toBe(subscriber.email);
    expect(mail?.attachments?.map((a) => a.contentType)).toEqual(['image/png']);
    expect(mail?.text).not.toContain((priceCents / 100).toFixed(2));
    // An existing subscriber of this shop, and the shop's order list.
    await fund(shop.shopId, priceCents);
    const again = await purchase(shop.headers, {
      packageSlug: slug,
      subscriberId: order.subscriber.id,
      idempotencyKey: newKey(),
    });
    expect(again.statusCode, again.body).toBe(201);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/portal/orders?pageSize=1',
      headers: shop.headers,
    });
    expect(list.json()).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(list.json().items[0].subscriber).toMatchObject({ name: 'Besa', lastname: 'Hoxha' });
  });

  it("refills a subscriber's eSIM by credits through the top-up fulfilment; other shops' eSIMs are 404", async () => {
    const shop = await newShop();
    await fund(shop.shopId, priceCents * 3);
    const bought = await purchase(shop.headers, { packageSlug: slug, subscriber, idempotencyKey: newKey() });
    const orderId = bought.json().order.id as string;
    await waitFor(async () => (await orderOf(orderId))?.status === 'completed');
    const [esim] = await ctx.deps.db.select().from(esims).where(eq(esims.orderId, orderId));
    const refill = (headers: Record<string, string>, body: Record<string, unknown>, esimId = esim?.id) =>
      ctx.app.inject({ method: 'POST', url: `/api/portal/esims/${esimId}/refills`, headers, payload: body });
    const key = newKey();
    const first = await refill(shop.headers, { packageSlug: slug, idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().order).toMatchObject({
      kind: 'topup',
      paymentMethod: 'credits',
      subscriber: { name: 'Besa' },
    });
    expect((await refill(shop.headers, { packageSlug: slug, idempotencyKey: key })).json().order.id).toBe(
      first.json().order.id,
    );
    await waitFor(async () => (await orderOf(first.json().order.id))?.status === 'completed');
    const onEsim = await ctx.deps.db
      .select()
      .from(esimPackages)
      .where(eq(esimPackages.esimId, esim?.id ?? ''));
    expect(onEsim).toHaveLength(2);
    expect(await balancesOf(shop.shopId)).toMatchObject({ credit: priceCents });
    const elsewhere = await pricedGlobalPackage();
    expect(
      (await refill(shop.headers, { packageSlug: elsewhere?.slug, idempotencyKey: newKey() })).json().code,
    ).toBe('TOP_UP_NOT_ALLOWED');
    const other = await newShop();
    await fund(other.shopId, priceCents);
    expect((await refill(other.headers, { packageSlug: slug, idempotencyKey: newKey() })).statusCode).toBe(
      404,
    );
    expect(await balancesOf(other.shopId)).toMatchObject({ credit: priceCents });
  });

  it('answers not enough credit with the amount missing and writes nothing', async () => {
    const shop = await newShop();
    await fund(shop.shopId, 100);
    const response = await purchase(shop.headers, {
      packageSlug: slug,
      subscriber,
      idempotencyKey: newKey(),
    });
    expect(response.statusCode).toBe(402);
    const missing = ((priceCents - 100) / 100).toFixed(2);
    expect(response.json()).toMatchObject({
      code: 'INSUFFICIENT_CREDIT',
      message: `Not enough credit: ${missing} EUR more is needed. Top up your credits to continue.`,
    });
    const sq = await purchase(
      { ...shop.auth, 'accept-language': 'sq' },
      { packageSlug: slug, subscriber, idempotencyKey: newKey() },
    );
    expect(sq.json().message).toContain(missing);
    expect(sq.json().message).not.toContain('Not enough');
    expect(await balancesOf(shop.shopId)).toEqual({
      credit: 100,
      bonus: 0,
      ledger: { credit: 100, bonus: 0, n: 1 },
    });
    const rows = await ctx.deps.db.select().from(subscribers).where(eq(subscribers.shopId, shop.shopId));
    expect(rows).toHaveLength(0);
  });

  it("refuses bad input: no subscriber, a bad key, an unknown package, one without reseller price, another shop's subscriber", async () => {
    const shop = await newShop();
    await fund(shop.shopId, 100_000);
    expect(
      (await purchase(shop.headers, { packageSlug: slug, idempotencyKey: newKey() })).json(),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { subscriber: ['Subscriber is required'] },
    });
    expect(
      (await purchase(shop.headers, { packageSlug: slug, subscriber, idempotencyKey: 'x' })).statusCode,
    ).toBe(422);
    expect(
      (
        await purchase(shop.headers, {
          packageSlug: slug,
          subscriber: { ...subscriber, email: 'no' },
          idempotencyKey: newKey(),
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await purchase(shop.headers, { packageSlug: 'nope', subscriber, idempotencyKey: newKey() }))
        .statusCode,
    ).toBe(404);
    // One global package loses its reseller price for this test only; the refill test needs another one priced.
    const global = await pricedGlobalPackage();
    const [unpriced] = await ctx.deps.db
      .update(packages)
      .set({ resellerPriceCents: null })
      .where(eq(packages.id, global?.id ?? ''))
      .returning();
    onTestFinished(async () => {
      await ctx.deps.db
        .update(packages)
        .set({ resellerPriceCents: global?.resellerPriceCents ?? null })
        .where(eq(packages.id, global?.id ?? ''));
    });
    const refused = await purchase(shop.headers, {
      packageSlug: unpriced?.slug,
      subscriber,
      idempotencyKey: newKey(),
    });
    expect(refused.json()).toMatchObject({
      code: 'PACKAGE_NOT_FOR_RESELLERS',
      message: 'This package has no reseller price and cannot be bought in the portal.',
    });
    const other = await newShop();
    await fund(other.shopId, 100_000);
    const theirs = await purchase(other.headers, { packageSlug: slug, subscriber, idempotencyKey: newKey() });
    const foreign = await purchase(shop.headers, {
      packageSlug: slug,
      subscriberId: theirs.json().order.subscriber.id,
      idempotencyKey: newKey(),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await balancesOf(shop.shopId)).toMatchObject({ credit: 100_000 });
  });

  it('gives the credits back as a refund row, once, when the provider finally fails', async () => {
    const shop = await newShop();
    await fund(shop.shopId, priceCents);
    esimProvider.setFailureMode('error');
    try {
      const response = await purchase(shop.headers, {
        packageSlug: slug,
        subscriber,
        idempotencyKey: newKey(),
      });
      expect(response.statusCode, response.body).toBe(201);
      const orderId = response.json().order.id as string;
      await waitFor(async () => (await orderOf(orderId))?.status === 'refunded');
      // A resumed job or a late sweep finds it no longer paid and changes nothing.
      await ctx.deps.jobs.enqueueFulfilment(orderId);
      await new Promise((r) => setTimeout(r, 1500));
      const refunds = await ctx.deps.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.orderId, orderId), eq(creditLedger.kind, 'refund')));
      expect(refunds.map((r) => [r.bucket, r.amountCents])).toEqual([['credit', priceCents]]);
      expect(await balancesOf(shop.shopId)).toMatchObject({ credit: priceCents, bonus: 0 });
      // Staff cannot retry a refunded purchase into a free delivery.
      expect((await orderOf(orderId))?.failureReason).toContain('500');
    } finally {
      esimProvider.setFailureMode('none');
    }
  });
});

describe('statement', () => {
  it('opening balance + entries = closing balance, with running balances and totals per kind', async () => {
    const shop = await newShop();
    await fund(shop.shopId, 10_000, 1_000);
    for (let i = 0; i < 3; i++)
      expect(
        (await purchase(shop.headers, { packageSlug: slug, subscriber, idempotencyKey: newKey() }))
          .statusCode,
      ).toBe(201);
    // Move the first entries into yesterday: they make the opening balance of today's statement.
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await ctx.deps.db.execute(
      sql`update credit_ledger set created_at = created_at - interval '1 day' where shop_id = ${shop.shopId} and kind = 'adjustment'`,
    );
    const get = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/portal/credits/statement?${query}`, headers: shop.headers });
    const day = (await get(`from=${today}&to=${today}&pageSize=2`)).json();
    const all = (await get(`from=${yesterday}&to=${today}`)).json();
    const sum = (totals: Record<string, number>) => Object.values(totals).reduce((a, b) => a + b, 0);
    for (const statement of [day, all])
      expect(statement.opening.totalCents + sum(statement.totals)).toBe(statement.closing.totalCents);
    expect(day.opening).toEqual({ creditCents: 10_000, bonusCents: 1_000, totalCents: 11_000 });
    expect(day.totals.purchase).toBe(-3 * priceCents);
    expect(day.entries).toMatchObject({ total: 3, pageSize: 2 });
    expect(all.opening.totalCents).toBe(0);
    expect(all.totals.adjustment).toBe(11_000);
    let running = all.opening.totalCents;
    for (const entry of all.entries.items) {
      running += entry.amountCents;
      expect(entry.balanceAfterCents).toBe(running);
    }
    expect(running).toBe(all.closing.totalCents);
    const balances = await balancesOf(shop.shopId);
    expect(all.closing).toEqual({
      creditCents: balances.credit,
      bonusCents: balances.bonus,
      totalCents: balances.credit + balances.bonus,
    });
    expect((await get(`from=${today}&to=${yesterday}`)).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { to: ['To is not valid'] },
    });
    expect((await get('from=2026-13-01&to=2026-12-01')).statusCode).toBe(422);
    expect((await get(`from=${today}&to=${today}&page=9`)).json().code).toBe('PAGE_OUT_OF_RANGE');

    // The CSV holds every entry of the period with the same running balances, whatever the page size.
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/portal/credits/statement.csv?from=${yesterday}&to=${today}`,
      headers: shop.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="statement-${yesterday}-${today}.csv"`,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'createdAt,kind,bucket,orderNumber,amountCents,creditAfterCents,bonusAfterCents,balanceAfterCents',
    );
    expect(lines.slice(1).map((line) => Number(line.split(',').at(-1)))).toEqual(
      all.entries.items.map((e: { balanceAfterCents: number }) => e.balanceAfterCents),
    );
    const wrongWay = await ctx.app.inject({
      method: 'GET',
      url: `/api/portal/credits/statement.csv?from=${today}&to=${yesterday}`,
      headers: shop.headers,
    });
    expect(wrongWay.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { to: ['To is not valid'] } });
  });
});

describe('subscribers', () => {
  it("lists this shop's subscribers only, searched by name or e-mail, paged", async () => {
    const shop = await newShop();
    const other = await newShop();
    await fund(shop.shopId, priceCents * 2);
    await fund(other.shopId, priceCents);
    for (const [s, person] of [
      [shop, { ...subscriber, name: 'Drita', email: 'drita@example.test' }],
      [shop, { ...subscriber, name: 'Arben', email: 'arben@example.test' }],
      [other, { ...subscriber, name: 'Drita', email: 'drita@other.test' }],
    ] as const)
      expect(
        (await purchase(s.headers, { packageSlug: slug, subscriber: person, idempotencyKey: newKey() }))
          .statusCode,
      ).toBe(201);
    const list = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/portal/subscribers?${query}`, headers: shop.headers });
    const all = (await list('')).json();
    expect(all.total).toBe(2);
    expect(all.items.map((s: { name: string }) => s.name)).toEqual(['Arben', 'Drita']);
    expect((await list('q=DRITA')).json()).toMatchObject({
      total: 1,
      items: [{ email: 'drita@example.test' }],
    });
    expect((await list('q=drita%40other')).json().total).toBe(0);
    expect((await list('pageSize=1&page=2')).json().items).toHaveLength(1);
    expect((await list('pageSize=101')).statusCode).toBe(422);
  });
});

describe('reseller packages', () => {
  it("lists packages with the reseller price and the shop's suggested retail price, by type, paged", async () => {
    const shop = await newShop();
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/portal/packages?type=local&pageSize=5',
      headers: shop.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      total: number;
      items: { type: string; resellerPriceCents: number; retailPriceCents: number }[];
    };
    expect(body.items).toHaveLength(5);
    for (const item of body.items) {
      expect(item.type).toBe('local');
      expect(item.retailPriceCents).toBe(Math.round((item.resellerPriceCents * 120) / 100));
    }
  });
});

describe('portal access', () => {
  const routes = [
    { method: 'GET' as const, url: '/api/portal/credits' },
    { method: 'GET' as const, url: '/api/portal/credits/statement?from=2026-01-01&to=2026-01-31' },
    { method: 'GET' as const, url: '/api/portal/credits/statement.csv?from=2026-01-01&to=2026-01-31' },
    { method: 'GET' as const, url: '/api/portal/orders' },
    { method: 'GET' as const, url: '/api/portal/packages' },
    { method: 'GET' as const, url: '/api/portal/subscribers' },
    { method: 'GET' as const, url: '/api/portal/topups/quote?amountCents=20000' },
    { method: 'POST' as const, url: '/api/portal/topups', payload: { amountCents: 20_000 } },
  ];

  it('opens for an active shop only: none 401, customer and staff 403, a pending or suspended shop 403', async () => {
    const customer = await createSignedInUser(ctx, 'customer');
    const staff = await createSignedInUser(ctx, 'staff');
    const suspended = await newShop();
    const pending = await newShop();
    await ctx.deps.db.update(shops).set({ status: 'suspended' }).where(eq(shops.id, suspended.shopId));
    await ctx.deps.db
      .update(shops)
      .set({ status: 'pending_verification' })
      .where(eq(shops.id, pending.shopId));
    for (const route of routes) {
      const call = (headers: Record<string, string>) =>
        ctx.app.inject({ ...route, headers: { ...en, ...headers } });
      expect((await call({})).statusCode).toBe(401);
      expect((await call(customer.auth)).statusCode).toBe(403);
      expect((await call(staff.auth)).statusCode).toBe(403);
      for (const shop of [suspended, pending]) {
        const refused = await call(shop.auth);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('SHOP_NOT_ACTIVE');
      }
    }
    expect(
      (
        await purchase(
          { ...suspended.auth, ...en },
          { packageSlug: slug, subscriber, idempotencyKey: newKey() },
        )
      ).json().code,
    ).toBe('SHOP_NOT_ACTIVE');
  });
});

describe('money under contention', () => {
  it('50 parallel purchases against a balance covering 20: exactly 20 succeed, the ledger sums to the balance', async () => {
    const shop = await newShop();
    await fund(shop.shopId, priceCents * 15, priceCents * 5);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        purchase(shop.headers, { packageSlug: slug, subscriber, idempotencyKey: newKey() }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 402)).toHaveLength(30);
    const after = await balancesOf(shop.shopId);
    expect(after.credit).toBe(0);
    expect(after.bonus).toBe(0);
    expect(after.ledger?.credit).toBe(0);
    expect(after.ledger?.bonus).toBe(0);
    const [negative] = await ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(creditLedger)
      .where(sql`shop_id = ${shop.shopId} and (credit_after_cents < 0 or bonus_after_cents < 0)`);
    expect(negative?.n).toBe(0);
    const [paid] = await ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.shopId, shop.shopId));
    expect(paid?.n).toBe(20);
  }, 60_000);
});
