import {
  type CreateOrderBody,
  type Locale,
  localeTags,
  type OrderReceipt,
  type OrderRefund,
  type PaymentOutcome,
} from '@esim/contracts';
import { type Db, packageSnapshotOf } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { TFunction } from 'i18next';
import { jwtVerify, SignJWT } from 'jose';
import type { PaymentEvent, PaymentsProvider } from '../../adapters/payments/port';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { deriveKey } from '../../lib/keys';
import type { OrderEvents } from '../../lib/order-events';
import { insertUser, type UserRow } from '../auth/auth.repository';
import { type AuthDeps, authContext, authenticate, createPasswordReset } from '../auth/auth.service';
import { orderPriceOf } from '../catalogue/package-price';
import { creditTopUp } from '../credits/credits.service';
import { getEsimForOrder } from '../esims/esims.repository';
import { toEsimInstall } from '../esims/qr-code';
import type { Mailer } from '../mail/mail.service';
import { renderActionMail } from '../mail/templates';
import {
  insertAutomaticRefund,
  listRefundsOfOrder,
  listRefundsOfPayment,
  type RefundRow,
  settleRefundOfPayment,
} from '../payments/refunds.repository';
import { resendUnsentRefunds, sendRefund } from '../payments/refunds.service';
import { findEsimChangeBlocker, findPaidOrderConflict } from './order-conflicts.repository';
import { createOrderNumber } from './order-number';
import {
  claimReceiptDisplay,
  findBusinessIdByReferral,
  findCustomerByContact,
  findPackageAndContactConflicts,
  findPaymentBySession,
  getOrder,
  hasSucceededPayment,
  insertOrder,
  insertPayment,
  listIdlePendingPayments,
  listPendingPaymentsOfOrder,
  lockOrder,
  markPaymentSucceeded,
  markPaymentUnsuccessful,
  type NewOrderRow,
  type OrderRow,
  packageNameOf,
  recordWebhookEvent,
  touchPendingPayment,
  updateOrder,
} from './orders.repository';

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

/** The set-password link of an automatically created account lives longer than a reset link. */
const setPasswordTtlMs = 7 * 24 * 3600 * 1000;
const viewTokenTtlSeconds = 2 * 3600;
const viewAudience = 'order-view';
const viewTokenType = 'order-view+jwt';

export const isUniqueViolation = (error: unknown, constraint: string) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (
    (e.code ?? e.cause?.code) === '23505' && (e.constraint ?? e.cause?.constraint ?? '').includes(constraint)
  );
};

const splitName = (fullName: string) => {
  const parts = fullName.trim().split(/\s+/);
  const firstName = parts[0] ?? fullName;
  return { firstName, lastName: parts.slice(1).join(' ') };
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
        await markPaymentUnsuccessful(deps.db, {
          provider: payment.provider,
          sessionRef: payment.sessionRef,
          status: 'expired',
          failureReason: 'replaced by a newer checkout',
        });
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
  }: {
    /** Where the provider sends the buyer back; default: the site's payment success and failure pages. */
    returnUrls?: { success: string; cancel: string };
    othersOpen?: 'close' | 'none' | 'keep';
  } = {},
) => {
  let session: Awaited<ReturnType<PaymentsProvider['createCheckout']>>;
  try {
    session = await deps.payments.createCheckout({
      orderId: order.id,
      orderNumber: order.number,
      amountCents: order.totalCents,
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
  await insertPayment(deps.db, {
    orderId: order.id,
    provider: deps.payments.name,
    sessionRef: session.sessionId,
    amountCents: order.totalCents,
  });
  if (othersOpen === 'close') await expireOtherCheckouts(deps, order.id, session.sessionId, log);
  return session.url;
};

/** Inserts a pending order under a fresh random number; on the rare collision, draws again. */
export const insertNumberedOrder = async (deps: CheckoutDeps, values: Omit<NewOrderRow, 'number'>) => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertOrder(deps.db, { ...values, number: createOrderNumber() });
    } catch (error) {
      if (attempt >= 4 || !isUniqueViolation(error, 'orders_number')) throw error;
    }
  }
};

/**
 * Creates a pending order priced by the server (the request carries no price) and opens a card checkout.
 * A signed-out buyer whose e-mail or phone belongs to an account is asked to log in (SPEC section 8); an
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
    kind: 'esim' as const,
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
    // Only with a code: the usual order pays no extra round trip.
    businessId: body.attribution?.referralCode
      ? ((await findBusinessIdByReferral(deps.db, body.attribution.referralCode.toUpperCase())) ?? null)
      : null,
  };
  const order = await insertNumberedOrder(deps, values);
  const checkoutUrl = await openCheckout(deps, order, pkg.slug, log, { othersOpen: 'none' });
  return { order, checkoutUrl };
};

/**
 * The buyer's account: the signed-in customer, an existing account with the order's e-mail (it receives the
 * eSIM anyway), or a new one with an e-mail to choose a password (SPEC section 4: registered automatically).
 */
const ensureBuyerAccount = async (deps: CheckoutDeps, tx: Db, order: OrderRow) => {
  if (order.userId) return order.userId;
  const { existingId, phoneTaken } = await findCustomerByContact(tx, order.buyerEmail, order.buyerPhone);
  if (existingId) return existingId;
  // The phone may have been taken since the order was placed; the account is then created without it.
  const { firstName, lastName } = splitName(order.buyerName);
  const user = await insertUser(tx, {
    kind: 'customer',
    firstName,
    lastName,
    email: order.buyerEmail,
    phone: phoneTaken ? null : order.buyerPhone,
    country: order.country,
    locale: order.locale,
    passwordHash: null,
  });
  const token = await createPasswordReset(tx, user.id, setPasswordTtlMs);
  const link = `${deps.config.siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const t = deps.i18n.fixedT(order.locale as Locale, 'mail');
  await deps.mailer.send(
    renderActionMail(t, { to: user.email, name: user.firstName, link, template: 'setPassword' }),
    tx,
  );
  return user.id;
};

type PaymentSuccess = { provider: string; sessionId: string; paymentRef: string; amountCents: number };
/** What a confirmed payment asks of the caller after commit: fulfil an order, or send a refund. */
type PaymentEffects = { orderToFulfil: string | null; refundToSend: string | null };
const noEffects: PaymentEffects = { orderToFulfil: null, refundToSend: null };

/**
 * Confirms a payment exactly once, whoever comes first (webhook or return URL): marks the order paid, links or
 * creates the buyer's account, and tells the caller to queue fulfilment (after commit). A payment whose amount
 * differs from the order goes to staff review instead of fulfilment. A second charge for an order already paid
 * (two tabs), or a paid order that may not be carried out (a second change of one eSIM), is recorded as a
 * refund for the caller to send: once per charge, since only the first confirmation gets here.
 */
const applyPaymentSucceeded = async (
  deps: CheckoutDeps,
  tx: Db,
  input: PaymentSuccess,
  log: FastifyBaseLogger,
): Promise<PaymentEffects> => {
  const payment = await markPaymentSucceeded(tx, {
    provider: input.provider,
    sessionRef: input.sessionId,
    paymentRef: input.paymentRef,
  });
  if (!payment) return noEffects;
  const order = await lockOrder(tx, payment.orderId);
  if (!order) return noEffects;
  const refund = async (kind: 'order' | 'duplicate_payment') => {
    const row = await insertAutomaticRefund(tx, {
      orderId: order.id,
      paymentId: payment.id,
      amountCents: input.amountCents,
      kind,
    });
    return { orderToFulfil: null, refundToSend: row?.id ?? null };
  };
  if (order.status !== 'pending') {
    log.warn(
      { orderId: order.id, paymentId: payment.id },
      'second payment for an order already paid: refunding',
    );
    return refund('duplicate_payment');
  }
  if (order.kind === 'credits') {
    await applyCreditTopUpPaid(tx, order, input.amountCents, log);
    return noEffects;
  }
  const userId = await ensureBuyerAccount(deps, tx, order);
  const conflict = await findPaidOrderConflict(tx, order);
  if (conflict) {
    log.warn({ orderId: order.id, conflict }, 'paid order may not be carried out: refunding');
    await updateOrder(tx, order.id, {
      status: 'refunded',
      userId,
      paidAt: new Date(),
      failureReason: conflict,
    });
    return refund('order');
  }
  if (input.amountCents !== order.totalCents) {
    log.error(
      { orderId: order.id, paid: input.amountCents, due: order.totalCents },
      'payment amount mismatch',
    );
    await updateOrder(tx, order.id, {
      status: 'for_review',
      userId,
      paidAt: new Date(),
      failureReason: `amount paid ${input.amountCents} differs from total ${order.totalCents}`,
    });
    return noEffects;
  }
  await updateOrder(tx, order.id, { status: 'paid', userId, paidAt: new Date() });
  return { orderToFulfil: order.id, refundToSend: null };
};

/**
 * A shop's credit top-up, paid: its amount and the bonus quoted when it was ordered go on the shop's balances in
 * this transaction (once: the ledger keys are the order's), and the order is complete. Nothing to fulfil.
 */
const applyCreditTopUpPaid = async (tx: Db, order: OrderRow, paidCents: number, log: FastifyBaseLogger) => {
  const now = new Date();
  if (paidCents !== order.totalCents || !order.shopId) {
    log.error({ orderId: order.id, paid: paidCents, due: order.totalCents }, 'credit top-up amount mismatch');
    await updateOrder(tx, order.id, {
      status: 'for_review',
      paidAt: now,
      failureReason: `amount paid ${paidCents} differs from total ${order.totalCents}`,
    });
    return;
  }
  await creditTopUp(tx, {
    shopId: order.shopId,
    orderId: order.id,
    amountCents: order.totalCents,
    bonusCents: order.bonusCents ?? 0,
  });
  await updateOrder(tx, order.id, { status: 'completed', paidAt: now, completedAt: now });
};

/** After commit: queue fulfilment or send the refund a confirmed payment asked for. */
const carryOut = async (deps: CheckoutDeps, effects: PaymentEffects, log: FastifyBaseLogger) => {
  if (effects.orderToFulfil) await deps.jobs.enqueueFulfilment(effects.orderToFulfil);
  if (effects.refundToSend) await sendRefund(deps, effects.refundToSend, log);
};

/** Applies one provider event; returns what to do after commit. */
const applyPaymentEvent = async (
  deps: CheckoutDeps,
  tx: Db,
  event: PaymentEvent,
  log: FastifyBaseLogger,
): Promise<PaymentEffects> => {
  const provider = deps.payments.name;
  switch (event.type) {
    case 'payment.succeeded':
      return applyPaymentSucceeded(
        deps,
        tx,
        {
          provider,
          sessionId: event.sessionId,
          paymentRef: event.paymentRef,
          amountCents: event.amountCents,
        },
        log,
      );
    case 'payment.failed':
      await markPaymentUnsuccessful(tx, {
        provider,
        sessionRef: event.sessionId,
        status: 'failed',
        failureReason: event.failureReason,
      });
      return noEffects;
    case 'checkout.expired':
      await markPaymentUnsuccessful(tx, {
        provider,
        sessionRef: event.sessionId,
        status: 'expired',
        failureReason: null,
      });
      return noEffects;
    case 'refund.succeeded':
    case 'refund.failed':
      await settleRefundOfPayment(tx, {
        provider,
        paymentRef: event.paymentRef,
        refundRef: event.refundRef,
        status: event.type === 'refund.succeeded' ? 'succeeded' : 'failed',
        error: event.type === 'refund.failed' ? event.failureReason : null,
      });
      return noEffects;
    default:
      return noEffects;
  }
};

/** A provider webhook, already verified: stored once by event id, then applied in the same transaction. */
export const handlePaymentWebhook = async (
  deps: CheckoutDeps,
  event: PaymentEvent,
  log: FastifyBaseLogger,
) => {
  const result = await deps.db.transaction(async (tx) => {
    const fresh = await recordWebhookEvent(tx, deps.payments.name, event.eventId, event.type);
    if (!fresh) return { duplicate: true, effects: noEffects };
    return { duplicate: false, effects: await applyPaymentEvent(deps, tx, event, log) };
  });
  await carryOut(deps, result.effects, log);
  // A refund recorded but never sent (the process stopped right after commit) goes out on the next delivery.
  if (event.type === 'payment.succeeded') await resendUnsentRefunds(deps, event.sessionId, log);
  return { duplicate: result.duplicate };
};

/**
 * The proof that opens one order's receipt and its "try again" (ADR 0013): signed with a key
 * derived for order views only, so neither an access token nor any other token of ours passes for it.
 */
export const signViewToken = (deps: CheckoutDeps, orderId: string) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: viewTokenType })
    .setSubject(orderId)
    .setAudience(viewAudience)
    .setIssuedAt()
    .setExpirationTime(`${viewTokenTtlSeconds}s`)
    .sign(deriveKey(deps.config.jwtSecret, 'order-view'));

/** Without this order's view token the order does not exist (404, not 401: it is no session matter). */
export const verifyViewToken = async (deps: CheckoutDeps, token: string | undefined, orderId: string) => {
  const unauthorized = new AppError('NOT_FOUND');
  if (!token) throw unauthorized;
  try {
    const { payload } = await jwtVerify(token, deriveKey(deps.config.jwtSecret, 'order-view'), {
      audience: viewAudience,
      algorithms: ['HS256'],
      typ: viewTokenType,
    });
    if (payload.sub !== orderId) throw unauthorized;
  } catch {
    throw unauthorized;
  }
};

/**
 * The return door of a payment (ADR 0010): asks the provider about a session the webhook has not confirmed yet
 * and confirms it the same way the webhook would (whoever comes first). Checkout's success page and the portal's
 * top-up return both use it.
 */
export const settleReturnedSession = async (
  deps: CheckoutDeps,
  sessionId: string,
  log: FastifyBaseLogger,
): Promise<'pending' | 'failed' | 'succeeded'> => {
  const session = await deps.payments.getSession(sessionId).catch((err: unknown) => {
    log.warn({ err, sessionId }, 'payment provider: session lookup failed');
    return { status: 'open' as const };
  });
  if (session.status === 'open') return 'pending';
  if (session.status === 'failed' || session.status === 'expired') {
    await markPaymentUnsuccessful(deps.db, {
      provider: deps.payments.name,
      sessionRef: sessionId,
      status: session.status,
      failureReason: session.status === 'failed' ? session.failureReason : null,
    });
    return 'failed';
  }
  const effects = await deps.db.transaction((tx) =>
    applyPaymentSucceeded(
      deps,
      tx,
      {
        provider: deps.payments.name,
        sessionId,
        paymentRef: session.paymentRef,
        amountCents: session.amountCents,
      },
      log,
    ),
  );
  await carryOut(deps, effects, log);
  return 'succeeded';
};

/**
 * The safety net under webhooks and return pages: pending payments idle for `idleSeconds` are settled with the
 * provider exactly as a return page would (paid ones are confirmed and fulfilled, failed and expired ones
 * recorded); a page still open is asked again only after another idle period. Without it, a payment whose
 * webhook is lost (a restart, an outage) and whose buyer closed the tab would stay charged and unconfirmed.
 */
export const reconcilePendingPayments = async (
  deps: CheckoutDeps,
  log: FastifyBaseLogger,
  idleSeconds: number,
  limit = 100,
) => {
  const counts = { succeeded: 0, failed: 0, pending: 0 };
  for (const sessionId of await listIdlePendingPayments(deps.db, deps.payments.name, idleSeconds, limit)) {
    const outcome = await settleReturnedSession(deps, sessionId, log);
    if (outcome === 'pending') await touchPendingPayment(deps.db, deps.payments.name, sessionId);
    counts[outcome]++;
  }
  if (counts.succeeded > 0)
    log.warn({ ...counts }, 'payments: confirmed payments whose webhook and return never arrived');
  return counts;
};

/**
 * The return URL (SPEC section 4): asks the provider about the session, confirms a payment the webhook has not
 * confirmed yet, and shows the receipt once. A second visit says "completed earlier" and changes nothing.
 */
export const confirmReturn = async (
  deps: CheckoutDeps,
  orderId: string,
  sessionId: string,
  t: TFunction,
  log: FastifyBaseLogger,
  locale: Locale = 'en',
): Promise<PaymentOutcome> => {
  const payment = await findPaymentBySession(deps.db, deps.payments.name, sessionId);
  const order = await getOrder(deps.db, orderId);
  if (!payment || !order || payment.orderId !== order.id) throw new AppError('NOT_FOUND');
  const messages: Record<PaymentOutcome['outcome'], string | null> = {
    succeeded: t('success.paymentCompleted'),
    completed_earlier: t('errors.PAYMENT_COMPLETED_EARLIER'),
    refunded: null,
    failed: t('errors.PAYMENT_FAILED'),
    pending: null,
  };
  const outcome = (value: PaymentOutcome['outcome'], viewToken: string | null = null): PaymentOutcome => ({
    outcome: value,
    orderNumber: order.number,
    viewToken,
    message: messages[value],
  });
  if (payment.status !== 'succeeded') {
    const settled = await settleReturnedSession(deps, sessionId, log);
    if (settled !== 'succeeded') return outcome(settled);
  }
  // This tab's charge was a second one for an order already paid: it is refunded, and the receipt is not its.
  const [duplicate] = await listRefundsOfPayment(deps.db, payment.id);
  if (duplicate?.kind === 'duplicate_payment')
    return {
      ...outcome('refunded'),
      message: t('refund.duplicate_payment', {
        amount: new Intl.NumberFormat(localeTags[locale], { style: 'currency', currency: 'EUR' }).format(
          duplicate.amountCents / 100,
        ),
      }),
    };
  if (!(await claimReceiptDisplay(deps.db, order.id))) return outcome('completed_earlier');
  return outcome('succeeded', await signViewToken(deps, order.id));
};

/** A refund as the buyer sees it (receipt, order list). */
export const toOrderRefund = (refund: RefundRow): OrderRefund => ({
  kind: refund.kind,
  amountCents: refund.amountCents,
  status: refund.status,
  createdAt: refund.createdAt.toISOString(),
});

/** What the success page polls: the order and, once fulfilled, how to install its eSIM. */
export const getReceipt = async (deps: CheckoutDeps, orderId: string, viewToken: string | undefined) => {
  await verifyViewToken(deps, viewToken, orderId);
  const order = await getOrder(deps.db, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  // A top-up brings no new eSIM; a new eSIM or a change shows the eSIM this order created.
  const esim =
    order.status === 'completed' && order.kind !== 'topup'
      ? await getEsimForOrder(deps.db, order.id)
      : undefined;
  const receipt: OrderReceipt = {
    orderId: order.id,
    number: order.number,
    kind: order.kind === 'topup' || order.kind === 'change_esim' ? order.kind : 'esim',
    status: order.status,
    packageName: packageNameOf(order),
    totalCents: order.totalCents,
    currency: 'EUR',
    email: order.buyerEmail,
    esim: esim ? await toEsimInstall(esim) : null,
    refunds: (await listRefundsOfOrder(deps.db, order.id)).map(toOrderRefund),
  };
  return receipt;
};

/**
 * The receipt, held up to `waitMs` while the order is paid and its eSIM on the way, and answered as soon as the
 * order finishes. The wait is registered before the order is read, so a completion in between is not missed.
 */
export const waitForReceipt = async (
  deps: CheckoutDeps & { orderEvents: Pick<OrderEvents, 'waitFor'> },
  orderId: string,
  viewToken: string | undefined,
  waitMs: number,
  signal?: AbortSignal,
) => {
  const wait = waitMs > 0 ? deps.orderEvents.waitFor(orderId, waitMs, signal) : null;
  try {
    const receipt = await getReceipt(deps, orderId, viewToken);
    if (!wait || receipt.status !== 'paid') return receipt;
    await wait.promise;
    return await getReceipt(deps, orderId, viewToken);
  } finally {
    wait?.cancel();
  }
};

/**
 * The proof a buyer shows for an order: its view token, or the bearer token of the customer it belongs to (the
 * dashboard's top-ups and changes). Anything else finds no order.
 */
export const verifyOrderProof = async (
  deps: CheckoutDeps & AuthDeps,
  orderId: string,
  proof: { viewToken?: string; bearer: string | null },
) => {
  if (proof.viewToken || !proof.bearer) return verifyViewToken(deps, proof.viewToken, orderId);
  const { details } = await authenticate(authContext(deps), proof.bearer);
  const order = await getOrder(deps.db, orderId);
  if (!order || details.user.kind !== 'customer' || order.userId !== details.user.id)
    throw new AppError('NOT_FOUND');
};

/** The failure page's "try again": a new checkout for the same unpaid order. */
export const retryPayment = async (deps: CheckoutDeps, orderId: string, log: FastifyBaseLogger) => {
  const order = await getOrder(deps.db, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  if (order.status !== 'pending' || (await hasSucceededPayment(deps.db, order.id)))
    throw new AppError(order.paidAt ? 'PAYMENT_COMPLETED_EARLIER' : 'ORDER_NOT_RETRIABLE');
  // Another change of the same eSIM started meanwhile: paying this one too would be refunded anyway.
  if (order.kind === 'change_esim' && order.targetEsimId) {
    const blocker = await findEsimChangeBlocker(deps.db, order.targetEsimId, order.id);
    if (blocker) throw new AppError(blocker);
  }
  const slug = String(order.packageSnapshot?.slug ?? '');
  return openCheckout(deps, order, slug, log);
};
