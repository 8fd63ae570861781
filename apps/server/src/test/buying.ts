import { giftCards, orders, shops } from '@esim/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { giftCardCodeOf } from '../modules/gift-cards/gift-card-code';
import {
  callApi,
  createSignedInUser,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from './harness';

// Buying, paying and refunding through the API as buyers, shops and staff do, for the price tests (ADR 0093) and
// the tests where money features meet (ADR 0090); and staff's price changes through their own screens' API.

/** The context must run the fulfilment jobs (`startFulfilment`) for anything here that waits for an order. */

export const sandboxCard = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

/** The sandbox card page's session id at the end of a checkout URL. */
export const sessionOf = (checkoutUrl: string) => checkoutUrl.split('/').pop() ?? '';

export const waitUntil = async <T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

export const orderRow = async (ctx: TestContext, orderId: string) => {
  const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
};

export const giftCardRow = async (ctx: TestContext, giftCardId: string) => {
  const [row] = await ctx.deps.db.select().from(giftCards).where(eq(giftCards.id, giftCardId));
  if (!row) throw new Error(`no gift card ${giftCardId}`);
  return row;
};

export const shopBalances = async (ctx: TestContext, shopId: string) => {
  const [row] = await ctx.deps.db.select().from(shops).where(eq(shops.id, shopId));
  return { creditCents: row?.creditCents ?? 0, bonusCents: row?.bonusCents ?? 0 };
};

/** Pays the sandbox card page of a checkout URL with a test card. */
export const payCard = async (ctx: TestContext, checkoutUrl: string, number = sandboxCard.number) => {
  if (!ctx.deps.sandboxPayments) throw new Error('sandbox payments expected');
  return ctx.deps.sandboxPayments.submitCard(sessionOf(checkoutUrl), { ...sandboxCard, number });
};

export const waitForFulfilment = (ctx: TestContext, orderId: string) =>
  waitUntil(async () => {
    const row = await orderRow(ctx, orderId);
    return row.fulfilmentStatus !== 'pending' && row.fulfilmentStatus !== 'paid' ? row : null;
  });

/** A gift card bought and paid on the site; resolves once its purchase is completed (the card is active). */
/** A signed-in customer buying: their token and their e-mail address. */
type Buyer = { auth: Record<string, string>; email: string };

export const buyGiftCard = async (
  ctx: TestContext,
  values: { amount: number; sendOn?: string; buyer?: Buyer },
) => {
  const response = await callApi(ctx, 'POST', '/api/gift-cards', {
    headers: values.buyer?.auth ?? {},
    payload: {
      amount: values.amount,
      recipientEmail: uniqueEmail('recipient'),
      sendOn: values.sendOn ?? new Date().toISOString().slice(0, 10),
      recipientLocale: 'en',
      fullName: 'Ana Berisha',
      email: values.buyer?.email ?? uniqueEmail('giver'),
      humanProof: await solveHumanProof(ctx.app),
    },
  });
  if (response.statusCode !== 201) throw new Error(`gift card: ${response.statusCode} ${response.body}`);
  const { orderId, checkoutUrl } = response.json() as { orderId: string; checkoutUrl: string };
  await payCard(ctx, checkoutUrl);
  await waitUntil(async () => (await orderRow(ctx, orderId)).fulfilmentStatus === 'completed');
  const [card] = await ctx.deps.db.select().from(giftCards).where(eq(giftCards.orderId, orderId));
  if (!card) throw new Error('no gift card');
  return { orderId, giftCard: card, id: card.id, code: giftCardCodeOf(ctx.deps.config.jwtSecret, card.id) };
};

/** An eSIM ordered on the site (optionally with a gift card or coupon); the order and its card page. */
export const placeOrder = async (
  ctx: TestContext,
  values: { packageSlug: string; giftCardCode?: string; couponCode?: string; email?: string; buyer?: Buyer },
) => {
  const { buyer, ...fields } = values;
  const response = await callApi(ctx, 'POST', '/api/orders', {
    headers: buyer?.auth ?? {},
    payload: {
      fullName: 'Besa Krasniqi',
      email: buyer?.email ?? values.email ?? uniqueEmail('buyer'),
      phoneNumber: uniquePhone(),
      humanProof: await solveHumanProof(ctx.app),
      ...fields,
    },
  });
  if (response.statusCode !== 201) throw new Error(`order: ${response.statusCode} ${response.body}`);
  return response.json() as { orderId: string; checkoutUrl: string; totalCents: number };
};

/** An eSIM ordered and paid on the site; resolves once its fulfilment has ended. */
export const buyEsim = async (
  ctx: TestContext,
  values: { packageSlug: string; giftCardCode?: string; email?: string; buyer?: Buyer },
) => {
  const placed = await placeOrder(ctx, values);
  if (placed.checkoutUrl.includes('session_id=gift_card:'))
    await callApi(ctx, 'POST', `/api/orders/${placed.orderId}/confirm`, {
      payload: { sessionId: `gift_card:${placed.orderId}` },
    });
  else await payCard(ctx, placed.checkoutUrl);
  return waitForFulfilment(ctx, placed.orderId);
};

/** A signed-in shop user with its shop id and headers. */
export const newShopUser = async (ctx: TestContext) => {
  const signed = await createSignedInUser(ctx, 'shop');
  return {
    ...signed,
    shopId: signed.user.shopId ?? '',
    headers: { ...signed.auth, 'accept-language': 'en' },
  };
};

/** A shop's credit top-up bought and paid by card; resolves once it is credited. */
export const topUpShop = async (
  ctx: TestContext,
  shop: { headers: Record<string, string> },
  amountCents: number,
) => {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/portal/topups',
    headers: shop.headers,
    payload: { amountCents },
  });
  if (created.statusCode !== 201) throw new Error(`top-up: ${created.statusCode} ${created.body}`);
  const { orderId, checkoutUrl } = created.json() as { orderId: string; checkoutUrl: string };
  await payCard(ctx, checkoutUrl);
  return waitUntil(async () => {
    const row = await orderRow(ctx, orderId);
    return row.fulfilmentStatus === 'completed' ? row : null;
  });
};

let keys = 0;
/** A portal purchase of a package for a new subscriber, paid with the shop's credits. */
export const shopPurchase = async (
  ctx: TestContext,
  shop: { headers: Record<string, string> },
  packageSlug: string,
) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/portal/orders',
    headers: shop.headers,
    payload: {
      packageSlug,
      idempotencyKey: `seam-${Date.now().toString(36)}-${keys++}`,
      subscriber: { name: 'Drin', lastname: 'Gashi', email: uniqueEmail('subscriber'), country: 'AL' },
    },
  });
  if (response.statusCode !== 201) throw new Error(`purchase: ${response.statusCode} ${response.body}`);
  return (response.json() as { order: { id: string } }).order.id;
};

/** A staff refund of an order, as the refund action sends it. */
export const staffRefund = (
  ctx: TestContext,
  admin: { auth: Record<string, string> },
  orderId: string,
  body: { amountCents: number | 'full'; kind?: string; reason?: string; policyOverrideReason?: string },
) =>
  callApi(ctx, 'POST', `/api/staff/orders/${orderId}/refunds`, {
    headers: admin.auth,
    payload: { kind: 'order', reason: `Refund ${keys++}`, policyOverrideReason: 'Goodwill', ...body },
  });

export const giftCardBalance = async (ctx: TestContext, id: string) =>
  (await ctx.deps.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]?.balanceCents;

type StaffPackage = {
  version: string;
  priceCents: number;
  offerPriceCents: number | null;
  offerStartsAt: string | null;
  offerEndsAt: string | null;
  popular: boolean;
  active: boolean;
  displayNames: Record<string, string>;
};

/** Staff edit a package's price or offer from its drawer (`PATCH /api/staff/packages/:id`), margin confirmed. */
export const editPackageAsStaff = async (
  ctx: TestContext,
  admin: Record<string, string>,
  packageId: string,
  changes: Partial<Pick<StaffPackage, 'priceCents' | 'offerPriceCents' | 'offerStartsAt' | 'offerEndsAt'>>,
) => {
  const read = await callApi(ctx, 'GET', `/api/staff/packages/${packageId}`, { headers: admin });
  expect(read.statusCode, read.body).toBe(200);
  const pkg = read.json().package as StaffPackage;
  const saved = await callApi(ctx, 'PATCH', `/api/staff/packages/${packageId}`, {
    headers: admin,
    payload: {
      version: pkg.version,
      priceCents: pkg.priceCents,
      offerPriceCents: pkg.offerPriceCents,
      offerStartsAt: pkg.offerStartsAt,
      offerEndsAt: pkg.offerEndsAt,
      popular: pkg.popular,
      active: pkg.active,
      displayNames: pkg.displayNames,
      confirmBelowMargin: true,
      ...changes,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
};

/** Staff change a package's reseller price (`PUT /api/staff/packages/:id/reseller`), margin confirmed. */
export const setResellerPriceAsStaff = async (
  ctx: TestContext,
  admin: Record<string, string>,
  packageId: string,
  resellerPriceCents: number,
) => {
  const read = await callApi(ctx, 'GET', `/api/staff/packages/${packageId}`, { headers: admin });
  const saved = await callApi(ctx, 'PUT', `/api/staff/packages/${packageId}/reseller`, {
    headers: admin,
    payload: { version: read.json().package.version, resellerPriceCents, confirmBelowMargin: true },
  });
  expect(saved.statusCode, saved.body).toBe(200);
};

/** Staff change the change-of-eSIM fee in the general options (`PUT /api/staff/settings/general`). */
export const setChangeFeeAsStaff = async (
  ctx: TestContext,
  admin: Record<string, string>,
  changeEsimPriceCents: number,
) => {
  const read = await callApi(ctx, 'GET', '/api/staff/settings/general', { headers: admin });
  const { options, version } = read.json() as { options: Record<string, unknown>; version: number };
  const saved = await callApi(ctx, 'PUT', '/api/staff/settings/general', {
    headers: admin,
    payload: { options: { ...options, changeEsimPriceCents }, version },
  });
  expect(saved.statusCode, saved.body).toBe(200);
};
