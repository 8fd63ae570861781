import { type Locale, localeTags, type PaymentOutcome } from '@esim/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TFunction } from 'i18next';
import { AppError } from '../../lib/app-error';
import { giftCardSessionRef } from '../gift-cards/gift-card-redemption.service';
import { listRefundsOfPayment } from '../refunds/refunds.repository';
import type { CheckoutDeps } from './checkout.service';
import { signViewToken } from './order-view-tokens';
import {
  claimReceiptDisplay,
  findPaymentBySession,
  getOrder,
  listIdlePendingPayments,
  markPaymentUnsuccessful,
  touchPendingPayment,
} from './orders.repository';
import { applyPaymentSucceeded, carryOut } from './payment-events.service';

/**
 * The return door of a payment (ADR 0010): asks the provider about a session the webhook has not confirmed yet
 * and confirms it the same way the webhook would (whoever comes first). Checkout's success page and the portal's
 * top-up return both use it.
 */
export const settleReturnedSession = async (
  deps: CheckoutDeps,
  sessionId: string,
  log: FastifyBaseLogger,
  /** Who asked: the buyer (or shop) back on the return page, or the sweep. */
  actor: 'buyer' | 'shop' | 'system',
): Promise<'pending' | 'failed' | 'succeeded'> => {
  const session = await deps.payments.getSession(sessionId).catch((err: unknown) => {
    log.warn({ err, sessionId }, 'payment provider: session lookup failed');
    return { status: 'open' as const };
  });
  if (session.status === 'open') return 'pending';
  if (session.status === 'failed' || session.status === 'expired') {
    await markPaymentUnsuccessful(
      deps.db,
      {
        provider: deps.payments.name,
        sessionRef: sessionId,
        status: session.status,
        failureReason: session.status === 'failed' ? session.failureReason : null,
      },
      actor,
    );
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
        actor,
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
    const outcome = await settleReturnedSession(deps, sessionId, log, 'system');
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
  // An order a gift card paid in full has its payment under the provider `gift_card` (ADR 0040).
  const provider = sessionId === giftCardSessionRef(orderId) ? 'gift_card' : deps.payments.name;
  const payment = await findPaymentBySession(deps.db, provider, sessionId);
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
    const settled = await settleReturnedSession(deps, sessionId, log, 'buyer');
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
