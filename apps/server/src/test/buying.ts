import { giftCards, orders } from '@esim/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { giftCardCodeOf } from '../modules/gift-cards/gift-card-code';
import { callApi, solveHumanProof, type TestContext, uniqueEmail } from './harness';

// What the price tests share (ADR 0093): paying on the sandbox's card page, a gift card bought and paid the way
// a visitor buys one, and staff's price changes through their own screens' API.

export const sandboxCard = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

/** The sandbox card page's session id at the end of a checkout URL. */
export const sessionOf = (checkoutUrl: string) => checkoutUrl.split('/').pop() ?? '';

export const waitUntil = async (probe: () => Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

export const orderRow = async (ctx: TestContext, orderId: string) =>
  (await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId)))[0];

/**
 * A gift card of `euros` bought on the site, paid on the card page and issued by the fulfilment job (which the
 * caller runs): its code and its row's id.
 */
export const buyGiftCard = async (ctx: TestContext, euros: number) => {
  const bought = await callApi(ctx, 'POST', '/api/gift-cards', {
    payload: {
      amount: euros,
      recipientEmail: uniqueEmail('gift-to'),
      sendOn: new Date().toISOString().slice(0, 10),
      recipientLocale: 'en',
      fullName: 'Ana Berisha',
      email: uniqueEmail('gift-from'),
      humanProof: await solveHumanProof(ctx.app),
    },
  });
  expect(bought.statusCode, bought.body).toBe(201);
  const { orderId, checkoutUrl } = bought.json() as { orderId: string; checkoutUrl: string };
  await ctx.deps.sandboxPayments?.submitCard(sessionOf(checkoutUrl), sandboxCard);
  await waitUntil(async () => (await orderRow(ctx, orderId))?.status === 'completed');
  const [card] = await ctx.deps.db.select().from(giftCards).where(eq(giftCards.orderId, orderId));
  if (!card) throw new Error('no gift card');
  return { id: card.id, code: giftCardCodeOf(ctx.deps.config.jwtSecret, card.id) };
};

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
