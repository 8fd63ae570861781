import {
  couponRedemptions,
  creditLedger,
  orders,
  packages,
  payments,
  seedCompletedEsimOrder,
  seedUser,
  shops,
  subscribers,
} from '@esim/db';
import { and, asc, count, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import {
  buyGiftCard,
  editPackageAsStaff,
  giftCardBalance,
  sessionOf,
  setChangeFeeAsStaff,
  setResellerPriceAsStaff,
} from '../../test/buying';
import { signInEveryKind } from '../../test/callers';
import {
  callApi,
  createSignedInUser,
  createTestContext,
  loginAs,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';
import { postEntries } from '../credits/credits.service';
import { getGeneralOptions } from '../settings/settings.repository';

// Issue 39, "charged more than shown" (ADR 0093): every purchase that showed a price sends it back; a price the
// server no longer charges is refused with 409 PRICE_CHANGED naming the new one, before anything is created,
// held, debited or charged. And the order page's quote, which prices its codes as the order will.
let ctx: TestContext;
let stopFulfilment: () => void;
let admin: Record<string, string>;
/** A package without an offer, above 10 euros (a 10-euro gift card pays part of it). */
let pkg: { id: string; slug: string; priceCents: number; type: string };

beforeAll(async () => {
  ctx = await createTestContext(
    { JOB_POLL_SECONDS: '0.5', FULFILMENT_RETRY_DELAY_SECONDS: '1', FULFILMENT_ATTEMPTS: '1' },
    { esimProvider: createSandboxEsimProvider({ allocationDelayMs: 0, usageMbPerMinute: 0 }) },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopFulfilment = await startFulfilment(ctx.deps, ctx.app.log);
  admin = (await createSignedInUser(ctx, 'staff')).auth;
  const [row] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.active, true), gt(packages.priceCents, 1500), isNull(packages.offerPriceCents)))
    .orderBy(asc(packages.priceCents))
    .limit(1);
  if (!row) throw new Error('no package');
  pkg = row;
}, 180_000);
afterAll(async () => {
  stopFulfilment?.();
  await ctx?.close();
});

let codes = 0;
const createCoupon = async (values: Record<string, unknown>) => {
  const code = `PRICE-${Date.now().toString(36).toUpperCase()}-${++codes}`;
  const answer = await callApi(ctx, 'POST', '/api/staff/coupons', {
    headers: admin,
    payload: {
      code,
      kind: 'percent',
      percentOff: 20,
      amountOffCents: null,
      startsOn: new Date().toISOString().slice(0, 10),
      endsOn: '',
      maxRedemptions: '',
      maxPerCustomer: '',
      minOrderCents: 0,
      scopePackageSlug: '',
      scopePackageType: '',
      scopeCountry: '',
      ...values,
    },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return code;
};

const quote = (body: Record<string, unknown>, lang = 'en') =>
  callApi(ctx, 'POST', '/api/orders/quote', { payload: { packageSlug: pkg.slug, ...body }, lang });

const orderBody = async (values: Record<string, unknown> = {}) => ({
  packageSlug: pkg.slug,
  fullName: 'Besa Krasniqi',
  email: uniqueEmail('price'),
  phoneNumber: uniquePhone(),
  humanProof: await solveHumanProof(ctx.app),
  ...values,
});
const order = async (values: Record<string, unknown> = {}, lang = 'en') => {
  const payload = await orderBody(values);
  return { payload, answer: await callApi(ctx, 'POST', '/api/orders', { payload, lang }) };
};
const ordersOf = async (email: string) =>
  (await ctx.deps.db.select({ n: count() }).from(orders).where(eq(orders.buyerEmail, email)))[0]?.n;
/** What the sandbox card page shows it will charge. */
const checkoutAmount = async (checkoutUrl: string) =>
  (await ctx.deps.sandboxPayments?.getCheckout(sessionOf(checkoutUrl)))?.amountCents;
const euros = (cents: number) => (cents / 100).toFixed(2);
/** The package's price back as it was, for the next test. */
const restorePrice = () => editPackageAsStaff(ctx, admin, pkg.id, { priceCents: pkg.priceCents });

describe("the order page's quote", () => {
  it('prices the codes as the order will: price, coupon, what the gift card and the card pay', async () => {
    const coupon = await createCoupon({ percentOff: 20 });
    const small = await buyGiftCard(ctx, { amount: 10 });
    const large = await buyGiftCard(ctx, { amount: 100 });
    const discount = Math.round(pkg.priceCents * 0.2);
    const total = pkg.priceCents - discount;

    expect((await quote({})).json()).toEqual({
      priceCents: pkg.priceCents,
      discountCents: 0,
      totalCents: pkg.priceCents,
      giftCardCents: 0,
      cardCents: pkg.priceCents,
    });
    expect((await quote({ couponCode: coupon.toLowerCase() })).json()).toEqual({
      priceCents: pkg.priceCents,
      discountCents: discount,
      totalCents: total,
      giftCardCents: 0,
      cardCents: total,
    });
    // The gift card pays its balance of the discounted total; the card page the rest.
    expect((await quote({ couponCode: coupon, giftCardCode: small.code })).json()).toEqual({
      priceCents: pkg.priceCents,
      discountCents: discount,
      totalCents: total,
      giftCardCents: 1000,
      cardCents: total - 1000,
    });
    expect((await quote({ giftCardCode: large.code, couponCode: '' })).json()).toMatchObject({
      totalCents: pkg.priceCents,
      giftCardCents: pkg.priceCents,
      cardCents: 0,
    });
    // Nothing is held by a quote.
    expect(await giftCardBalance(ctx, small.id)).toBe(1000);
  });

  it("refuses a code in the code's words, and a malformed body, as the order would", async () => {
    const unknownCoupon = await quote({ couponCode: 'NO-SUCH-CODE' });
    expect(unknownCoupon.statusCode).toBe(422);
    expect(unknownCoupon.json()).toMatchObject({
      code: 'COUPON_UNKNOWN',
      errors: { couponCode: ['This coupon code is not valid or has expired.'] },
    });
    const unknownCard = await quote({ giftCardCode: 'AAAA-BBBB-CCCC-DDDD' }, 'sq');
    expect(unknownCard.json().code).toBe('GIFT_CARD_UNKNOWN');
    const missing = await callApi(ctx, 'POST', '/api/orders/quote', { payload: { packageSlug: 'no-such' } });
    expect(missing.statusCode).toBe(404);
    const malformed = await quote({ couponCode: 'x', priceCents: 1 });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors).sort()).toEqual(['couponCode', 'priceCents']);
  });

  it('answers every caller: it is the public order page', async () => {
    const callers = await signInEveryKind(ctx);
    for (const [kind, headers] of Object.entries(callers)) {
      const answer = await callApi(ctx, 'POST', '/api/orders/quote', {
        headers,
        payload: { packageSlug: pkg.slug },
      });
      expect(answer.statusCode, kind).toBe(200);
    }
  });
});

describe('the order page: a price changed after it was shown', () => {
  it('refuses a package repriced by staff while the buyer was on its page, creating and charging nothing', async () => {
    const shown = (await quote({})).json() as { totalCents: number; cardCents: number };
    await editPackageAsStaff(ctx, admin, pkg.id, { priceCents: pkg.priceCents + 300 });
    try {
      const { payload, answer } = await order({
        expectedTotalCents: shown.totalCents,
        expectedCardCents: shown.cardCents,
      });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({
        code: 'PRICE_CHANGED',
        message: `The price has changed since it was shown: it is now ${euros(pkg.priceCents + 300)} EUR. Nothing was charged. Check the new price and confirm to continue.`,
      });
      expect(await ordersOf(payload.email)).toBe(0);
      // In the buyer's language.
      const sq = await order({ expectedTotalCents: shown.totalCents }, 'sq');
      expect(sq.answer.json().message).toBe(
        `Çmimi ka ndryshuar që kur u shfaq: tani është ${euros(pkg.priceCents + 300)} EUR. Nuk u tarifua asgjë. Kontrolloni çmimin e ri dhe konfirmoni për të vazhduar.`,
      );
      // The page shows the new price (its quote); confirmed, it is what the card page charges.
      const now = (await quote({})).json() as { totalCents: number; cardCents: number };
      expect(now.cardCents).toBe(pkg.priceCents + 300);
      const confirmed = await order({ expectedTotalCents: now.totalCents, expectedCardCents: now.cardCents });
      expect(confirmed.answer.statusCode, confirmed.answer.body).toBe(201);
      expect(await checkoutAmount(confirmed.answer.json().checkoutUrl)).toBe(pkg.priceCents + 300);
    } finally {
      await restorePrice();
    }
  });

  it('refuses the discounted price of a coupon the buyer cleared, and takes no use of the coupon', async () => {
    const coupon = await createCoupon({ percentOff: 20 });
    const shown = (await quote({ couponCode: coupon })).json() as { totalCents: number; cardCents: number };
    // The page said €x.99 with the coupon; the code was cleared, and the order carries no coupon.
    const cleared = await order({
      couponCode: '',
      expectedTotalCents: shown.totalCents,
      expectedCardCents: shown.cardCents,
    });
    expect(cleared.answer.statusCode).toBe(409);
    expect(cleared.answer.json().message).toContain(`it is now ${euros(pkg.priceCents)} EUR`);
    // A coupon typed but never applied: the page showed the full price, the order would cost less. Said too.
    const unapplied = await order({ couponCode: coupon, expectedTotalCents: pkg.priceCents });
    expect(unapplied.answer.statusCode).toBe(409);
    expect(
      await ctx.deps.db
        .select()
        .from(couponRedemptions)
        .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
        .where(eq(orders.buyerEmail, unapplied.payload.email)),
    ).toEqual([]);
  });

  it("refuses the card's share when the gift card was spent elsewhere since the page asked, holding nothing", async () => {
    const card = await buyGiftCard(ctx, { amount: 20 });
    const shown = (await quote({ giftCardCode: card.code })).json() as {
      totalCents: number;
      cardCents: number;
      giftCardCents: number;
    };
    expect(shown.giftCardCents).toBe(Math.min(2000, pkg.priceCents));
    // Another tab spends 10 euros of it on a cheaper order.
    const cheap = await ctx.deps.db
      .select()
      .from(packages)
      .where(and(eq(packages.active, true), gt(packages.priceCents, 1000)))
      .orderBy(asc(packages.priceCents))
      .limit(1);
    const other = await order({ packageSlug: cheap[0]?.slug, giftCardCode: card.code });
    expect(other.answer.statusCode, other.answer.body).toBe(201);
    const left = (await giftCardBalance(ctx, card.id)) ?? 0;
    expect(left).toBeLessThan(2000);

    const { payload, answer } = await order({
      giftCardCode: card.code,
      expectedTotalCents: shown.totalCents,
      expectedCardCents: shown.cardCents,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      code: 'PRICE_CHANGED',
      message: `The amount to pay by card has changed since it was shown: it is now ${euros(shown.totalCents - left)} EUR (the gift card pays the rest). Nothing was charged. Check the new amount and confirm to continue.`,
    });
    expect(await ordersOf(payload.email)).toBe(0);
    expect(await giftCardBalance(ctx, card.id)).toBe(left);
  });

  it('prices as before when the caller showed no price (an API client)', async () => {
    const { answer } = await order();
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await checkoutAmount(answer.json().checkoutUrl)).toBe(pkg.priceCents);
  });
});

describe('the customer dashboard: a price changed after it was shown', () => {
  const customerWithEsim = async () => {
    const user = await seedUser(ctx.deps.db, { email: uniqueEmail('dash'), phone: uniquePhone() });
    const token = await loginAs(ctx.app, 'customer', user.email, user.password);
    const seeded = await seedCompletedEsimOrder(ctx.deps.db, { userId: user.id, packageSlug: 'de-5gb-30d' });
    return { user, auth: { authorization: `Bearer ${token.access_token}` }, ...seeded };
  };
  const ordersOfUser = async (userId: string, kind: 'topup' | 'change_esim') =>
    ctx.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.kind, kind)));

  it('buy package: a package repriced since the list was shown is refused, nothing ordered', async () => {
    const customer = await customerWithEsim();
    const list = await callApi(ctx, 'GET', `/api/account/esims/${customer.esim.id}/top-up-packages`, {
      headers: customer.auth,
    });
    const shown = (
      list.json().items as { slug: string; id?: string; priceCents: number; offerPriceCents: number | null }[]
    )[0];
    if (!shown) throw new Error('no top-up package');
    const [row] = await ctx.deps.db.select().from(packages).where(eq(packages.slug, shown.slug));
    if (!row) throw new Error('no package row');
    const shownCents = shown.offerPriceCents ?? shown.priceCents;
    await editPackageAsStaff(ctx, admin, row.id, { priceCents: row.priceCents + 100, offerPriceCents: null });
    try {
      const refused = await callApi(ctx, 'POST', '/api/account/top-ups', {
        headers: customer.auth,
        payload: { esimId: customer.esim.id, packageSlug: shown.slug, expectedTotalCents: shownCents },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain(`it is now ${euros(row.priceCents + 100)} EUR`);
      expect(await ordersOfUser(customer.user.id, 'topup')).toEqual([]);
      const confirmed = await callApi(ctx, 'POST', '/api/account/top-ups', {
        headers: customer.auth,
        payload: {
          esimId: customer.esim.id,
          packageSlug: shown.slug,
          expectedTotalCents: row.priceCents + 100,
        },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      expect(await checkoutAmount(confirmed.json().checkoutUrl)).toBe(row.priceCents + 100);
    } finally {
      await editPackageAsStaff(ctx, admin, row.id, {
        priceCents: row.priceCents,
        offerPriceCents: row.offerPriceCents,
      });
    }
  });

  it('change eSIM: a fee changed since the quote is refused, nothing ordered', async () => {
    const customer = await customerWithEsim();
    const before = (await getGeneralOptions(ctx.deps.db)).changeEsimPriceCents;
    const shown = await callApi(ctx, 'GET', `/api/account/esims/${customer.esim.id}/change`, {
      headers: customer.auth,
    });
    expect(shown.json().priceCents).toBe(before);
    await setChangeFeeAsStaff(ctx, admin, before + 100);
    try {
      const refused = await callApi(ctx, 'POST', `/api/account/esims/${customer.esim.id}/change`, {
        headers: customer.auth,
        payload: { confirm: true, expectedTotalCents: before },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'PRICE_CHANGED' });
      expect(refused.json().message).toContain(`it is now ${euros(before + 100)} EUR`);
      expect(await ordersOfUser(customer.user.id, 'change_esim')).toEqual([]);
      const confirmed = await callApi(ctx, 'POST', `/api/account/esims/${customer.esim.id}/change`, {
        headers: customer.auth,
        payload: { confirm: true, expectedTotalCents: before + 100 },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      expect(await checkoutAmount(confirmed.json().checkoutUrl)).toBe(before + 100);
    } finally {
      await setChangeFeeAsStaff(ctx, admin, before);
    }
  });

  it('refuses a confirmed price beyond what a database integer holds as a validation error', async () => {
    const customer = await customerWithEsim();
    const answer = await callApi(ctx, 'POST', `/api/account/esims/${customer.esim.id}/change`, {
      headers: customer.auth,
      payload: { confirm: true, expectedTotalCents: 99_999_999_999 },
    });
    expect(answer.statusCode).toBe(422);
    expect(Object.keys(answer.json().errors)).toEqual(['expectedTotalCents']);
  });
});

describe('the reseller portal wizard: a price changed during the confirm step', () => {
  let reseller: { id: string; slug: string; resellerPriceCents: number };
  let key = 0;
  const newKey = () => `price-${Date.now().toString(36)}-${++key}`;

  beforeAll(async () => {
    const [row] = await ctx.deps.db
      .select()
      .from(packages)
      .where(
        and(
          eq(packages.active, true),
          eq(packages.type, 'local'),
          eq(packages.topUpAllowed, true),
          isNotNull(packages.resellerPriceCents),
        ),
      )
      .limit(1);
    if (!row?.resellerPriceCents) throw new Error('no reseller package');
    reseller = { id: row.id, slug: row.slug, resellerPriceCents: row.resellerPriceCents };
  });

  const fundedShop = async () => {
    const signed = await createSignedInUser(ctx, 'shop');
    const shopId = signed.user.shopId ?? '';
    await ctx.deps.db.transaction((tx) =>
      postEntries(tx, {
        shopId,
        orderId: null,
        movements: [
          { kind: 'adjustment', bucket: 'credit', amountCents: 20_000, idempotencyKey: `fund:${newKey()}` },
        ],
      }),
    );
    return { shopId, headers: { ...signed.auth, 'accept-language': 'en' } };
  };
  const moneyOf = async (shopId: string) => {
    const [shop] = await ctx.deps.db.select().from(shops).where(eq(shops.id, shopId));
    const [lines] = await ctx.deps.db
      .select({ n: count() })
      .from(creditLedger)
      .where(eq(creditLedger.shopId, shopId));
    const [bought] = await ctx.deps.db.select({ n: count() }).from(orders).where(eq(orders.shopId, shopId));
    const [people] = await ctx.deps.db
      .select({ n: count() })
      .from(subscribers)
      .where(eq(subscribers.shopId, shopId));
    return {
      credit: shop?.creditCents,
      bonus: shop?.bonusCents,
      lines: lines?.n,
      orders: bought?.n,
      people: people?.n,
    };
  };
  const subscriber = () => ({
    name: 'Arta',
    lastname: 'Krasniqi',
    email: uniqueEmail('subscriber'),
    country: 'AL',
  });

  it('new subscriber: a reseller price raised during the confirm step is refused, nothing debited', async () => {
    const shop = await fundedShop();
    const shown = reseller.resellerPriceCents;
    await setResellerPriceAsStaff(ctx, admin, reseller.id, shown + 100);
    try {
      const before = await moneyOf(shop.shopId);
      const idempotencyKey = newKey();
      const refused = await callApi(ctx, 'POST', '/api/portal/orders', {
        headers: shop.headers,
        payload: {
          packageSlug: reseller.slug,
          subscriber: subscriber(),
          idempotencyKey,
          expectedTotalCents: shown,
        },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'PRICE_CHANGED',
        message: `The price has changed since it was shown: it is now ${euros(shown + 100)} EUR. Nothing was charged. Check the new price and confirm to continue.`,
      });
      expect(await moneyOf(shop.shopId)).toEqual(before);
      // The wizard shows the new price; Finish again (the same run's key) confirms it.
      const now = await callApi(ctx, 'GET', `/api/portal/packages/${reseller.slug}`, {
        headers: shop.headers,
      });
      expect(now.json().resellerPriceCents).toBe(shown + 100);
      const confirmed = await callApi(ctx, 'POST', '/api/portal/orders', {
        headers: shop.headers,
        payload: {
          packageSlug: reseller.slug,
          subscriber: subscriber(),
          idempotencyKey,
          expectedTotalCents: shown + 100,
        },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      expect(confirmed.json().order.totalCents).toBe(shown + 100);
      expect((await moneyOf(shop.shopId)).credit).toBe((before.credit ?? 0) - shown - 100);
    } finally {
      await setResellerPriceAsStaff(ctx, admin, reseller.id, reseller.resellerPriceCents);
    }
  });

  it("refill and change eSIM: a raised price or fee is refused in the shop's language, nothing debited", async () => {
    const shop = await fundedShop();
    const bought = await callApi(ctx, 'POST', '/api/portal/orders', {
      headers: shop.headers,
      payload: {
        packageSlug: reseller.slug,
        subscriber: subscriber(),
        idempotencyKey: newKey(),
        expectedTotalCents: reseller.resellerPriceCents,
      },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const orderId = bought.json().order.id as string;
    let esimId = '';
    for (let i = 0; i < 200 && !esimId; i++) {
      const status = await callApi(ctx, 'GET', `/api/portal/orders/${orderId}`, { headers: shop.headers });
      esimId = status.json().esim?.esimId ?? '';
      if (!esimId) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(esimId).not.toBe('');
    const before = await moneyOf(shop.shopId);

    await setResellerPriceAsStaff(ctx, admin, reseller.id, reseller.resellerPriceCents + 100);
    try {
      const refill = await callApi(ctx, 'POST', `/api/portal/esims/${esimId}/refills`, {
        headers: { ...shop.headers, 'accept-language': 'sq' },
        payload: {
          packageSlug: reseller.slug,
          idempotencyKey: newKey(),
          expectedTotalCents: reseller.resellerPriceCents,
        },
      });
      expect(refill.statusCode).toBe(409);
      expect(refill.json().message).toContain(`tani është ${euros(reseller.resellerPriceCents + 100)} EUR`);
    } finally {
      await setResellerPriceAsStaff(ctx, admin, reseller.id, reseller.resellerPriceCents);
    }

    const fee = (await getGeneralOptions(ctx.deps.db)).changeEsimPriceCents;
    await setChangeFeeAsStaff(ctx, admin, fee + 100);
    try {
      const change = await callApi(ctx, 'POST', `/api/portal/esims/${esimId}/change`, {
        headers: shop.headers,
        payload: { idempotencyKey: newKey(), expectedTotalCents: fee },
      });
      expect(change.statusCode).toBe(409);
      expect(change.json().message).toContain(`it is now ${euros(fee + 100)} EUR`);
    } finally {
      await setChangeFeeAsStaff(ctx, admin, fee);
    }
    expect(await moneyOf(shop.shopId)).toEqual(before);
    expect(
      await ctx.deps.db
        .select()
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(orders.shopId, shop.shopId)),
    ).toEqual([]);
  });
});
