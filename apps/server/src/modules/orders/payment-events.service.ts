import type { OrderEventActor } from '@esim/contracts';
import type { Db } from '@esim/db';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentEvent } from '../../adapters/payments/port';
import { retakeReleasedCoupon } from '../coupons/coupon-redemption.service';
import { captureCouponRedemption, releaseCouponRedemption } from '../coupons/coupons.repository';
import { creditTopUp } from '../credits/credits.service';
import { captureGiftCardHolds, dueByCard } from '../gift-cards/gift-card-redemption.service';
import { recordOrderEvent, recordOrderEvents } from '../order-timeline/order-timeline.repository';
import { refundGiftCardPart } from '../refunds/automatic-refunds.service';
import { resendUnsentRefunds, sendRefund } from '../refunds/refund-sending.service';
import { settleRefund } from '../refunds/refund-settlement';
import { findRefundsOfProviderEvent, insertAutomaticRefund } from '../refunds/refunds.repository';
import { ensureBuyerAccount } from './buyer-account.service';
import type { CheckoutDeps } from './checkout.service';
import { findPaidOrderConflict } from './order-conflicts.repository';
import {
  changeOrderStatus,
  listOrderIdsOfPayment,
  lockOrder,
  markPaymentSucceeded,
  markPaymentUnsuccessful,
  type OrderRow,
  recordWebhookEvent,
} from './orders.repository';

// A payment's outcome reaching its order: provider events (webhooks) applied once per payment, the buyer's account
// created on first payment, a second charge refunded (ADR 0014). Checkout is checkout.service.ts; the return page
// and the sweep that settle a payment without its webhook are payment-reconciliation.service.ts.

type PaymentSuccess = {
  provider: string;
  sessionId: string;
  paymentRef: string;
  amountCents: number;
  /** Who brought the news: the provider's webhook, the buyer's return page or the sweep. */
  actor: OrderEventActor;
};
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
export const applyPaymentSucceeded = async (
  deps: CheckoutDeps,
  tx: Db,
  input: PaymentSuccess,
  log: FastifyBaseLogger,
): Promise<PaymentEffects> => {
  // The order before the payment, as the webhook path takes them: a return page and a webhook (or two events of
  // one payment) confirming at once otherwise lock the two rows in opposite orders and deadlock on PostgreSQL.
  await lockOrdersOf(tx, input.provider, { sessionRef: input.sessionId });
  const payment = await markPaymentSucceeded(
    tx,
    {
      provider: input.provider,
      sessionRef: input.sessionId,
      paymentRef: input.paymentRef,
    },
    input.actor,
  );
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
    if (row)
      await recordOrderEvent(tx, order.id, {
        kind: 'refund',
        actor: 'system',
        detail: { kind, status: row.status, amountCents: row.amountCents },
      });
    return { orderToFulfil: null, refundToSend: row?.id ?? null };
  };
  if (order.fulfilmentStatus !== 'pending') {
    log.warn(
      { orderId: order.id, paymentId: payment.id },
      'second payment for an order already paid: refunding',
    );
    return refund('duplicate_payment');
  }
  if (order.kind === 'credits') {
    await applyCreditTopUpPaid(tx, order, input, log);
    return noEffects;
  }
  const userId = await ensureBuyerAccount(deps, tx, order);
  const conflict = await findPaidOrderConflict(tx, order);
  if (conflict) {
    // Paid but not to be carried out: every part goes back, each as a refund (ADR 0090), so the order reads
    // refunded once they have succeeded, and the coupon's use is free again.
    log.warn({ orderId: order.id, conflict }, 'paid order may not be carried out: refunding');
    await changeOrderStatus(
      tx,
      order,
      'cancelled',
      { actor: input.actor },
      { userId, paidAt: new Date(), failureReason: conflict },
    );
    await captureGiftCardHolds(tx, order.id);
    await refundGiftCardPart(tx, deps, order);
    await releaseCouponRedemption(tx, order.id);
    return refund('order');
  }
  // A success reported after the failure that released the coupon's use (ADR 0083): the use is taken again under
  // the coupon's lock, or, if the coupon no longer allows it, staff decide; the count never passes its limit.
  const coupon = await retakeReleasedCoupon(tx, order.id);
  if (coupon.refusal) {
    log.warn(
      { orderId: order.id, refusal: coupon.refusal },
      'late payment: coupon no longer allows the order',
    );
    await changeOrderStatus(
      tx,
      order,
      'for_review',
      { actor: input.actor },
      {
        userId,
        paidAt: new Date(),
        reviewReason: 'coupon_limit_late_payment',
        failureReason: `paid after its payment failed; coupon refused: ${coupon.refusal}`,
      },
    );
    return noEffects;
  }
  const due = await dueByCard(tx, order);
  if (input.amountCents !== due) {
    log.error({ orderId: order.id, paid: input.amountCents, due }, 'payment amount mismatch');
    await changeOrderStatus(
      tx,
      order,
      'for_review',
      { actor: input.actor },
      {
        userId,
        paidAt: new Date(),
        reviewReason: 'amount_mismatch',
        failureReason: `amount paid ${input.amountCents} differs from total ${due}`,
      },
    );
    return noEffects;
  }
  await captureGiftCardHolds(tx, order.id);
  await captureCouponRedemption(tx, order.id);
  await changeOrderStatus(tx, order, 'paid', { actor: input.actor }, { userId, paidAt: new Date() });
  return { orderToFulfil: order.id, refundToSend: null };
};

/**
 * A shop's credit top-up, paid: its amount and the bonus quoted when it was ordered go on the shop's balances in
 * this transaction (once: the ledger keys are the order's), and the order is complete. Nothing to fulfil.
 */
const applyCreditTopUpPaid = async (
  tx: Db,
  order: OrderRow,
  input: PaymentSuccess,
  log: FastifyBaseLogger,
) => {
  const paidCents = input.amountCents;
  const now = new Date();
  if (paidCents !== order.totalCents || !order.shopId) {
    log.error({ orderId: order.id, paid: paidCents, due: order.totalCents }, 'credit top-up amount mismatch');
    await changeOrderStatus(
      tx,
      order,
      'for_review',
      { actor: input.actor },
      {
        paidAt: now,
        reviewReason: 'amount_mismatch',
        failureReason: `amount paid ${paidCents} differs from total ${order.totalCents}`,
      },
    );
    return;
  }
  await creditTopUp(tx, {
    shopId: order.shopId,
    orderId: order.id,
    amountCents: order.totalCents,
    bonusCents: order.bonusCents ?? 0,
  });
  await changeOrderStatus(tx, order, 'completed', { actor: input.actor }, { paidAt: now, completedAt: now });
};

/** After commit: queue fulfilment or send the refund a confirmed payment asked for. */
export const carryOut = async (deps: CheckoutDeps, effects: PaymentEffects, log: FastifyBaseLogger) => {
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
          actor: 'payment_provider',
        },
        log,
      );
    case 'payment.failed':
      await markPaymentUnsuccessful(
        tx,
        { provider, sessionRef: event.sessionId, status: 'failed', failureReason: event.failureReason },
        'payment_provider',
      );
      return noEffects;
    case 'checkout.expired':
      await markPaymentUnsuccessful(
        tx,
        { provider, sessionRef: event.sessionId, status: 'expired', failureReason: null },
        'payment_provider',
      );
      return noEffects;
    case 'refund.succeeded':
    case 'refund.failed': {
      const matching = await findRefundsOfProviderEvent(tx, {
        provider,
        paymentRef: event.paymentRef,
        refundRef: event.refundRef,
        ...(event.refundKey ? { refundKey: event.refundKey } : {}),
      });
      for (const refund of matching)
        await settleRefund(tx, deps, refund.id, refund.orderId, {
          status: event.type === 'refund.succeeded' ? 'succeeded' : 'failed',
          actor: 'payment_provider',
          providerRef: event.refundRef,
          ...(event.type === 'refund.failed'
            ? { error: event.failureReason, errorCode: event.errorCode }
            : {}),
        });
      return noEffects;
    }
    default:
      return noEffects;
  }
};

/** Locks the orders a payment of ours names, in id order (the lock order of every payment confirmation). */
const lockOrdersOf = async (tx: Db, provider: string, ref: { sessionRef: string }) => {
  for (const orderId of [...(await listOrderIdsOfPayment(tx, provider, ref))].sort())
    await lockOrder(tx, orderId);
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
    // The orders our own payments name (an event about a payment we never opened names none).
    const orderIds =
      'sessionId' in event
        ? await listOrderIdsOfPayment(tx, deps.payments.name, { sessionRef: event.sessionId })
        : 'paymentRef' in event
          ? await listOrderIdsOfPayment(tx, deps.payments.name, { paymentRef: event.paymentRef })
          : [];
    // Each order locked first (ids in order), before its timeline row: two events of one payment delivered at
    // once (Stripe sends several) wait here one after the other instead of deadlocking on order and payment.
    for (const orderId of [...orderIds].sort()) await lockOrder(tx, orderId);
    await recordOrderEvents(tx, orderIds, {
      kind: 'webhook_received',
      actor: 'payment_provider',
      detail: { provider: deps.payments.name, eventId: event.eventId, type: event.type },
      dedupeKey: `webhook:${deps.payments.name}:${event.eventId}`,
    });
    return { duplicate: false, effects: await applyPaymentEvent(deps, tx, event, log) };
  });
  await carryOut(deps, result.effects, log);
  // A refund recorded but never sent (the process stopped right after commit) goes out on the next delivery.
  if (event.type === 'payment.succeeded') await resendUnsentRefunds(deps, event.sessionId, log);
  return { duplicate: result.duplicate };
};
