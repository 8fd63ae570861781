import type { CreateOrderBody, Locale, OrderQuote, QuoteOrderBody } from '@esim/contracts';
import { type Db, packageSnapshotOf } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsProvider } from '../../adapters/payments/port';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../auth/auth.repository';
import { findSellablePackageById, findSellablePackageBySlug } from '../catalogue/catalogue.repository';
import { orderPriceOf } from '../catalogue/package-price';
import {
  type CouponUse,
  quoteCouponDiscount,
  redeemCoupon,
  reserveCoupon,
  retakeReleasedCoupon,
} from '../coupons/coupon-redemption.service';
import { captureCouponRedemption } from '../coupons/coupons.repository';
import { assertEsimAllows } from '../esims/esim-lifecycle';
import { getEsim } from '../esims/esims.repository';
import {
  captureGiftCardHolds,
  coveredBy,
  dueByCard,
  findUsableGiftCard,
  giftCardSessionRef,
  holdGiftCard,
} from '../gift-cards/gift-card-redemption.service';
import { insertGiftEsim } from '../gift-esims/gift-esims.repository';
import type { Mailer } from '../mail/mail.service';
import { ensureBuyerAccount } from './buyer-account.service';
import { checkConfirmedPrice } from './confirmed-price';
import { findEsimChangeBlocker } from './order-conflicts.repository';
import { createOrderNumber } from './order-number';
import {
  changeOrderStatus,
  findBusinessIdByReferral,
  findPackageAndContactConflicts,
  getOrder,
  hasSucceededPayment,
  insertOrder,
  insertPayment,
  listPendingPaymentsOfOrder,
  markPaymentUnsuccessful,
  type NewOrderRow,
  type OrderRow,
  packageNameOf,
  type StatusChange,
} from './orders.repository';
import { visitAttributionOf } from './visit-attribution';

// Checkout: a pending order priced by the server, and the provider's card page that pays it (ADR 0010, 0014).
// What a payment's outcome does to its order is in payment-events.service.ts (provider events and webhooks) and
// payment-reconciliation.service.ts (return pages and the sweep).

/** What checkout and payment confirmation use. */
export type CheckoutDeps = {
  db: Db;
  config: Pick<Config, 'siteUrl' | 'jwtSecret'>;
  payments: PaymentsProvider;
  i18n: ServerI18n;
  mailer: Mailer;
  /** Queues a paid order's fulfilment (the job queue). */
  jobs: { enqueueFulfilment: (orderId: string) => Promise<void> };
};

export const isUniqueViolation = (error: unknown, constraint: string) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (
    (e.code ?? e.cause?.code) === '23505' && (e.constraint ?? e.cause?.constraint ?? '').includes(constraint)
  );
};

const successUrl = (deps: CheckoutDeps, order: OrderRow) =>
  `${deps.config.siteUrl}/payment/success?order=${order.id}&session_id={SESSION_ID}`;
const cancelUrl = (deps: CheckoutDeps, order: OrderRow, packageSlug: string) =>
  `${deps.config.siteUrl}/payment/failed?order=${order.id}&package=${encodeURIComponent(packageSlug)}&session_id={SESSION_ID}`;

/**
 * Closes the order's other checkouts that are still open (a second tab, or "try again" while the first card
 * page is open), so one order can be paid only once. A page the provider no longer holds open is left to its
 * webhook (it may have been paid a moment ago: that payment is then refunded, see applyPaymentSucceeded).
 */
const expireOtherCheckouts = async (
  deps: CheckoutDeps,
  orderId: string,
  keepSessionId: string,
  log: FastifyBaseLogger,
) => {
  for (const payment of await listPendingPaymentsOfOrder(deps.db, orderId)) {
    if (payment.sessionRef === keepSessionId || payment.provider !== deps.payments.name) continue;
    try {
      if ((await deps.payments.expireCheckout(payment.sessionRef)) === 'expired')
        await markPaymentUnsuccessful(
          deps.db,
          {
            provider: payment.provider,
            sessionRef: payment.sessionRef,
            status: 'expired',
            failureReason: 'replaced by a newer checkout',
          },
          'system',
        );
    } catch (err) {
      // The new page still works; should the old one be paid too, that payment is refunded automatically.
      log.warn({ err, orderId, sessionRef: payment.sessionRef }, 'payment provider: checkout not expired');
    }
  }
};

/**
 * Opens a checkout with the provider and records the attempt. A provider outage is a clear "payment failed".
 * The order's other open card pages are closed first, unless `othersOpen` says there are none to close (an order
 * inserted a moment ago: skipping the lookup saves a round trip on every purchase) or they are kept on purpose
 * (a top-up reopened by its idempotency key; the e2e support standing for a provider that could not close the
 * page still open in another tab, which is how one order gets paid twice).
 */
export const openCheckout = async (
  deps: CheckoutDeps,
  order: OrderRow,
  packageSlug: string,
  log: FastifyBaseLogger,
  {
    returnUrls = { success: successUrl(deps, order), cancel: cancelUrl(deps, order, packageSlug) },
    othersOpen = 'close',
    amountCents = order.totalCents,
  }: {
    /** Where the provider sends the buyer back; default: the site's payment success and failure pages. */
    returnUrls?: { success: string; cancel: string };
    othersOpen?: 'close' | 'none' | 'keep';
    /** What the card pays: the order's total unless a gift card pays part of it. */
    amountCents?: number;
  } = {},
) => {
  let session: Awaited<ReturnType<PaymentsProvider['createCheckout']>>;
  try {
    session = await deps.payments.createCheckout({
      orderId: order.id,
      orderNumber: order.number,
      amountCents,
      currency: 'EUR',
      description: packageNameOf(order),
      customerEmail: order.buyerEmail,
      locale: order.locale,
      successUrl: returnUrls.success,
      cancelUrl: returnUrls.cancel,
    });
  } catch (err) {
    log.error({ err, orderId: order.id }, 'payment provider: checkout could not be created');
    throw new AppError('PAYMENT_FAILED');
  }
  await insertPayment(
    deps.db,
    {
      orderId: order.id,
      provider: deps.payments.name,
      sessionRef: session.sessionId,
      amountCents,
    },
    'buyer',
  );
  if (othersOpen === 'close') await expireOtherCheckouts(deps, order.id, session.sessionId, log);
  return session.url;
};

/** Inserts a pending order under a fresh random number; on the rare collision, draws again. */
export const insertNumberedOrder = async (
  deps: Pick<CheckoutDeps, 'db'>,
  values: Omit<NewOrderRow, 'number'>,
  by: StatusChange = { actor: 'buyer' },
) => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertOrder(deps.db, { ...values, number: createOrderNumber() }, by);
    } catch (error) {
      if (attempt >= 4 || !isUniqueViolation(error, 'orders_number')) throw error;
    }
  }
};

/**
 * The order page's price for its codes (ADR 0093): the package's price now, the coupon's discount and what the
 * gift card would pay, by the rules the order itself uses; nothing is held. The page shows it and sends it back
 * with the order, which refuses a different price.
 */
export const quoteOrder = async (deps: { db: Db }, body: QuoteOrderBody): Promise<OrderQuote> => {
  const pkg = await findSellablePackageBySlug(deps.db, body.packageSlug);
  if (!pkg) throw new AppError('NOT_FOUND', { packageSlug: ['errors.NOT_FOUND'] });
  const { totalCents: priceCents } = orderPriceOf(pkg);
  const discountCents = body.couponCode
    ? await quoteCouponDiscount(deps.db, body.couponCode, pkg, priceCents)
    : 0;
  const totalCents = priceCents - discountCents;
  const giftCardCents = body.giftCardCode
    ? coveredBy((await findUsableGiftCard(deps.db, body.giftCardCode)).balanceCents, totalCents)
    : 0;
  return { priceCents, discountCents, totalCents, giftCardCents, cardCents: totalCents - giftCardCents };
};

/**
 * Creates a pending order priced by the server and opens a card checkout. The request carries no price to
 * charge, only the one the page showed: a different price refuses the order before anything is written (ADR
 * 0093). A signed-out buyer whose e-mail or phone belongs to an account is asked to log in (SPEC section 8); an
 * unknown buyer's account is created when the payment succeeds, so an abandoned checkout leaves no account.
 */
export const createOrder = async (
  deps: CheckoutDeps,
  input: { body: CreateOrderBody; user: UserRow | null; locale: Locale; country: string | null },
  log: FastifyBaseLogger,
) => {
  const { body, user } = input;
  const found = await findPackageAndContactConflicts(deps.db, {
    slug: body.packageSlug,
    contact: user ? null : { email: body.email, phone: body.phoneNumber },
  });
  if (!found) throw new AppError('NOT_FOUND', { packageSlug: ['errors.NOT_FOUND'] });
  if (found.emailTaken) throw new AppError('EMAIL_TAKEN', { email: ['errors.EMAIL_TAKEN'] });
  if (found.phoneTaken) throw new AppError('PHONE_TAKEN', { phoneNumber: ['errors.PHONE_TAKEN'] });
  const { pkg } = found;
  const values = {
    kind: body.gift ? ('gift_esim' as const) : ('esim' as const),
    userId: user?.id ?? null,
    packageId: pkg.id,
    packageSnapshot: packageSnapshotOf(pkg),
    ...orderPriceOf(pkg),
    paymentMethod: 'card' as const,
    buyerName: body.fullName,
    buyerEmail: body.email,
    buyerPhone: body.phoneNumber,
    country: user?.country ?? input.country,
    locale: input.locale,
    utmSource: body.attribution?.utmSource ?? null,
    utmCampaign: body.attribution?.utmCampaign ?? null,
    fbclid: body.attribution?.fbclid ?? null,
    landingPage: body.attribution?.landingPage ?? null,
    // The visit's attribution, sent by the site only after consent to statistics (ADR 0067).
    ...visitAttributionOf(body.attribution),
    // Only with a code: the usual order pays no extra round trip.
    businessId: body.attribution?.referralCode
      ? ((await findBusinessIdByReferral(deps.db, body.attribution.referralCode.toUpperCase())) ?? null)
      : null,
  };
  const { gift } = body;
  const couponCode = body.couponCode || null;
  const giftCardCode = body.giftCardCode || null;
  const confirmed = { totalCents: body.expectedTotalCents, cardCents: body.expectedCardCents };
  // A gift's recipient and a coupon's use are written with their order, in the order's transaction (ADR 0044,
  // 0057); the coupon is checked (its row locked) before the order is priced, and the price compared with the
  // one the buyer confirmed before anything is written (ADR 0093).
  const insertRows = async (db: Db) => {
    const coupon: CouponUse | null = couponCode
      ? await reserveCoupon(db, {
          code: couponCode,
          pkg,
          priceCents: values.totalCents,
          customerEmail: body.email,
        })
      : null;
    const totalCents = values.totalCents - (coupon?.discountCents ?? 0);
    // With a gift card, what the card pays is known once the card's part is held (createOrderWithGiftCard).
    checkConfirmedPrice(giftCardCode ? { totalCents: confirmed.totalCents } : confirmed, {
      totalCents,
      cardCents: totalCents,
    });
    const row = await insertNumberedOrder(
      { db },
      coupon ? { ...values, discountCents: values.discountCents + coupon.discountCents, totalCents } : values,
    );
    if (coupon) await redeemCoupon(db, coupon, row.id);
    if (gift)
      await insertGiftEsim(db, {
        orderId: row.id,
        recipientEmail: gift.recipientEmail,
        recipientName: gift.recipientName,
        message: gift.message ?? null,
        recipientLocale: gift.recipientLocale,
      });
    return row;
  };
  if (giftCardCode)
    return createOrderWithGiftCard(deps, insertRows, giftCardCode, pkg.slug, log, confirmed.cardCents);
  const order =
    gift || couponCode ? await deps.db.transaction((tx) => insertRows(tx)) : await insertRows(deps.db);
  const checkoutUrl = await openCheckout(deps, order, pkg.slug, log, { othersOpen: 'none' });
  return { order, checkoutUrl };
};

/**
 * An order with a gift card (ADR 0040): the order and the card's hold in one transaction, so a code refused
 * (unknown, spent, or emptied a moment ago by another checkout) leaves no order behind. A card that covers the
 * whole price pays it: the order is paid with method `gift_card` and fulfilled by the same job, no card page.
 * Otherwise the rest is paid on the card page.
 */
const createOrderWithGiftCard = async (
  deps: CheckoutDeps,
  insertRows: (tx: Db) => Promise<OrderRow>,
  code: string,
  packageSlug: string,
  log: FastifyBaseLogger,
  confirmedCardCents: number | undefined,
) => {
  const { order, heldCents } = await deps.db.transaction(async (tx) => {
    const created = await insertRows(tx);
    const held = await holdGiftCard(tx, { code, orderId: created.id, totalCents: created.totalCents });
    // The card spent elsewhere since the page asked pays less: the card page would charge more than shown.
    checkConfirmedPrice(
      { cardCents: confirmedCardCents },
      { totalCents: created.totalCents, cardCents: created.totalCents - held },
    );
    if (held < created.totalCents) return { order: created, heldCents: held };
    const sessionRef = giftCardSessionRef(created.id);
    await insertPayment(
      tx,
      { orderId: created.id, provider: 'gift_card', sessionRef, amountCents: held, status: 'succeeded' },
      'buyer',
    );
    await captureGiftCardHolds(tx, created.id);
    await captureCouponRedemption(tx, created.id);
    const userId = await ensureBuyerAccount(deps, tx, created);
    await changeOrderStatus(
      tx,
      created,
      'paid',
      { actor: 'buyer' },
      { userId, paymentMethod: 'gift_card', paidAt: new Date() },
    );
    return { order: { ...created, userId, paymentMethod: 'gift_card' as const }, heldCents: held };
  });
  if (heldCents >= order.totalCents) {
    await deps.jobs.enqueueFulfilment(order.id);
    const checkoutUrl = successUrl(deps, order).replace('{SESSION_ID}', giftCardSessionRef(order.id));
    return { order, checkoutUrl };
  }
  const checkoutUrl = await openCheckout(deps, order, packageSlug, log, {
    othersOpen: 'none',
    amountCents: order.totalCents - heldCents,
  });
  return { order, checkoutUrl };
};

/** The failure page's "try again": a new checkout for the same unpaid order. */
export const retryPayment = async (deps: CheckoutDeps, orderId: string, log: FastifyBaseLogger) => {
  const order = await getOrder(deps.db, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  if (order.status !== 'pending' || (await hasSucceededPayment(deps.db, order.id)))
    throw new AppError(order.paidAt ? 'PAYMENT_COMPLETED_EARLIER' : 'ORDER_NOT_RETRIABLE');
  // A package taken off sale since the order was made is not sold by a new card page (what a package order buys;
  // a change of eSIM buys the change, whatever package the new profile carries).
  if (
    order.packageId &&
    order.kind !== 'change_esim' &&
    !(await findSellablePackageById(deps.db, order.packageId))
  )
    throw new AppError('PACKAGE_NOT_ON_SALE');
  // The eSIM a top-up or a change is for may have ended meanwhile (freed, cancelled, replaced: ADR 0091).
  if ((order.kind === 'topup' || order.kind === 'change_esim') && order.targetEsimId) {
    const target = await getEsim(deps.db, order.targetEsimId);
    if (!target) throw new AppError('NOT_FOUND');
    assertEsimAllows(target, order.kind === 'topup' ? 'topUp' : 'change');
  }
  // Another change of the same eSIM started meanwhile: paying this one too would be refunded anyway.
  if (order.kind === 'change_esim' && order.targetEsimId) {
    const blocker = await findEsimChangeBlocker(deps.db, order.targetEsimId, order.id);
    if (blocker) throw new AppError(blocker);
  }
  // A coupon whose use went back when the last payment failed is taken again, if it still allows it.
  const { refusal } = await deps.db.transaction((tx) => retakeReleasedCoupon(tx, order.id));
  if (refusal) throw new AppError(refusal, { couponCode: [`errors.${refusal}`] });
  const slug = String(order.packageSnapshot?.slug ?? '');
  return openCheckout(deps, order, slug, log, { amountCents: await dueByCard(deps.db, order) });
};
