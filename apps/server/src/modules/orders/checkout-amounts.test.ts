import { couponRedemptions, giftCardRedemptions, packages, payments } from '@esim/db';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import {
  buyGiftCard,
  editPackageAsStaff,
  orderRow,
  sandboxCard,
  sessionOf,
  waitUntil,
} from '../../test/buying';
import {
  callApi,
  createSignedInUser,
  createTestContext,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';

// Issue 39: the amount on the pay button, the amount on the card page and the amount captured are one amount,
// for every combination of coupon, gift card, campaign and offer price (ADR 0093). Each combination is priced by
// hand here too (the oracle), so the server agreeing with itself is not enough.
let ctx: TestContext;
let stopFulfilment: () => void;
let admin: Record<string, string>;

type Pkg = { id: string; slug: string; priceCents: number };
let plain: Pkg;
let offered: Pkg & { offerCents: number };
const coupons = { percent: '', fixed: '' };
const campaigns = { none: '', percent: '', fixed: '' };
/** The fixed coupon's amount off and the percent coupon's percent. */
const fixedOffCents = 150;
const percentOff = 20;
/** One card large enough to pay every order that a gift card pays whole. */
let wholeCard: { code: string };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let serial = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++serial}`.toUpperCase();

const createCoupon = async (values: Record<string, unknown>) => {
  const code = unique('AMOUNTS');
  const answer = await callApi(ctx, 'POST', '/api/staff/coupons', {
    headers: admin,
    payload: {
      code,
      kind: 'percent',
      percentOff: null,
      amountOffCents: null,
      startsOn: day(0),
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

const createCampaign = async (couponCode: string) => {
  const utmCode = unique('amounts').toLowerCase();
  const answer = await callApi(ctx, 'POST', '/api/staff/campaigns', {
    headers: admin,
    payload: {
      name: 'Price shown, price charged',
      utmCode,
      startsOn: day(-1),
      endsOn: day(10),
      couponCode,
      bannerTexts: { sq: 'Zbritje', en: 'Sale' },
    },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return utmCode;
};

beforeAll(async () => {
  ctx = await createTestContext(
    { JOB_POLL_SECONDS: '0.5', FULFILMENT_RETRY_DELAY_SECONDS: '1', FULFILMENT_ATTEMPTS: '1' },
    { esimProvider: createSandboxEsimProvider({ allocationDelayMs: 0, usageMbPerMinute: 0 }) },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopFulfilment = await startFulfilment(ctx.deps, ctx.app.log);
  admin = (await createSignedInUser(ctx, 'staff')).auth;
  // Two packages dear enough that 20 % off still leaves more than a 10-euro gift card pays.
  const rows = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.active, true), gt(packages.priceCents, 1800), isNull(packages.offerPriceCents)))
    .orderBy(asc(packages.priceCents))
    .limit(2);
  const [first, second] = rows;
  if (!first || !second) throw new Error('two packages above 18 euros expected');
  plain = first;
  // Staff put the second on offer (no window: it runs now), as the packages screen does.
  const offerCents = second.priceCents - 300;
  await editPackageAsStaff(ctx, admin, second.id, { offerPriceCents: offerCents });
  offered = { ...second, offerCents };
  coupons.percent = await createCoupon({ kind: 'percent', percentOff });
  coupons.fixed = await createCoupon({ kind: 'fixed', amountOffCents: fixedOffCents });
  campaigns.none = await createCampaign('');
  campaigns.percent = await createCampaign(coupons.percent);
  campaigns.fixed = await createCampaign(coupons.fixed);
  wholeCard = await buyGiftCard(ctx, { amount: 500 });
}, 240_000);
afterAll(async () => {
  stopFulfilment?.();
  await ctx?.close();
});

type Combination = {
  coupon: 'none' | 'percent' | 'fixed';
  giftCard: 'none' | 'part' | 'whole';
  campaign: boolean;
  offer: boolean;
};
const combinations: Combination[] = [];
for (const coupon of ['none', 'percent', 'fixed'] as const)
  for (const giftCard of ['none', 'part', 'whole'] as const)
    for (const campaign of [false, true])
      for (const offer of [false, true]) combinations.push({ coupon, giftCard, campaign, offer });

/** The price by hand: the offer while it runs, the coupon off that, the gift card's part, the rest by card. */
const oracle = (c: Combination) => {
  const priceCents = c.offer ? offered.offerCents : plain.priceCents;
  const discountCents =
    c.coupon === 'percent'
      ? Math.round((priceCents * percentOff) / 100)
      : c.coupon === 'fixed'
        ? fixedOffCents
        : 0;
  const totalCents = priceCents - discountCents;
  const giftCardCents = c.giftCard === 'whole' ? totalCents : c.giftCard === 'part' ? 1000 : 0;
  return { priceCents, discountCents, totalCents, giftCardCents, cardCents: totalCents - giftCardCents };
};

const label = (c: Combination) =>
  `coupon ${c.coupon}, gift card ${c.giftCard}, ${c.campaign ? 'campaign link' : 'no campaign'}, ${
    c.offer ? 'offer price' : 'list price'
  }`;

describe('the amount on the pay button, on the card page and captured', () => {
  it.each(combinations.map((c) => [label(c), c] as const))('%s', async (_label, c) => {
    const pkg = c.offer ? offered : plain;
    const couponCode = c.coupon === 'none' ? '' : coupons[c.coupon];
    // A card of its own for a part payment (it is spent by this order), the large one for a whole payment.
    const giftCardCode =
      c.giftCard === 'part'
        ? (await buyGiftCard(ctx, { amount: 10 })).code
        : c.giftCard === 'whole'
          ? wholeCard.code
          : '';
    const expected = oracle(c);

    // The order page asks the server for the price of its codes and shows `cardCents` on the pay button.
    const quoted = await callApi(ctx, 'POST', '/api/orders/quote', {
      payload: { packageSlug: pkg.slug, couponCode, giftCardCode },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toEqual(expected);
    const button = quoted.json().cardCents as number;

    const created = await callApi(ctx, 'POST', '/api/orders', {
      payload: {
        packageSlug: pkg.slug,
        fullName: 'Besa Krasniqi',
        email: uniqueEmail('amounts'),
        phoneNumber: uniquePhone(),
        humanProof: await solveHumanProof(ctx.app),
        couponCode,
        giftCardCode,
        attribution: c.campaign
          ? { utmSource: 'campaign', utmCampaign: campaigns[c.coupon] }
          : { utmSource: 'newsletter' },
        expectedTotalCents: quoted.json().totalCents,
        expectedCardCents: button,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId, checkoutUrl, totalCents } = created.json() as {
      orderId: string;
      checkoutUrl: string;
      totalCents: number;
    };
    expect(totalCents).toBe(expected.totalCents);

    if (button > 0) {
      // The card page charges what the button said, and the payment captured is that amount.
      expect(checkoutUrl).toContain('/sandbox/checkout/');
      const page = await ctx.deps.sandboxPayments?.getCheckout(sessionOf(checkoutUrl));
      expect(page?.amountCents).toBe(button);
      await ctx.deps.sandboxPayments?.submitCard(sessionOf(checkoutUrl), sandboxCard);
    } else {
      // The gift card pays it all: no card page at all.
      expect(checkoutUrl).toContain('/payment/success');
    }
    await waitUntil(async () => ['paid', 'completed'].includes((await orderRow(ctx, orderId))?.status ?? ''));

    const paid = await ctx.deps.db.select().from(payments).where(eq(payments.orderId, orderId));
    const captured = paid.filter((p) => p.status === 'succeeded' && p.provider !== 'gift_card');
    expect(captured.map((p) => p.amountCents)).toEqual(button > 0 ? [button] : []);
    if (button > 0) {
      const session = await ctx.deps.payments.getSession(captured[0]?.sessionRef ?? '');
      expect(session).toMatchObject({ status: 'succeeded', amountCents: button });
    }
    const fromGiftCard = await ctx.deps.db
      .select()
      .from(giftCardRedemptions)
      .where(eq(giftCardRedemptions.orderId, orderId));
    expect(fromGiftCard.reduce((sum, r) => sum + r.amountCents, 0)).toBe(expected.giftCardCents);
    const [coupon] = await ctx.deps.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, orderId));
    expect(coupon?.amountCents ?? 0).toBe(expected.discountCents);

    const order = await orderRow(ctx, orderId);
    expect(order).toMatchObject({
      subtotalCents: pkg.priceCents,
      discountCents: pkg.priceCents - expected.totalCents,
      totalCents: expected.totalCents,
      utmCampaign: c.campaign ? campaigns[c.coupon] : null,
      reviewReason: null,
    });
    // Every cent of the total was paid once: by card and by gift card.
    expect(button + expected.giftCardCents).toBe(order?.totalCents);
  });
});
