import type { OrderEventActor, RefundErrorCode } from '@esim/contracts';
import type { Db } from '@esim/db';
import { restoreTopUp, retakeTopUp } from '../credits/credits.service';
import {
  captureRevocation,
  getRevocationOfRefund,
  holdRevocation,
  releaseRevocation,
} from '../gift-cards/gift-cards.repository';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import {
  addRefundedToOrder,
  cancelRefundedOrder,
  getRefund,
  lockOrderForRefund,
  type RefundRow,
  transitionRefund,
} from './refunds.repository';

/** What settling a refund uses. */
export type RefundSettlementDeps = { db: Db };

export type RefundOutcome = {
  status: 'succeeded' | 'failed';
  actor: OrderEventActor;
  providerRef?: string;
  error?: string | null;
  errorCode?: RefundErrorCode | null;
};

/**
 * Settles one refund in the caller's transaction (ADR 0090), the order's row locked first like every change of an
 * order's money: the refund's new state, the same on the order's timeline, and what follows from it. Only the call
 * that moves the refund acts (a webhook and the provider's answer may both report it): a success from `pending`
 * or `failed` (the provider may report a success after an error on our side), a failure from `pending`; a success
 * is never undone. Answers the refund when this call settled it.
 */
export const settleRefund = async (
  tx: Db,
  deps: RefundSettlementDeps,
  refundId: string,
  orderId: string,
  outcome: RefundOutcome,
) => {
  await lockOrderForRefund(tx, orderId);
  const from: RefundRow['status'][] = outcome.status === 'succeeded' ? ['pending', 'failed'] : ['pending'];
  const failure =
    outcome.status === 'failed'
      ? { error: outcome.error ?? null, errorCode: outcome.errorCode ?? 'unknown' }
      : { error: null, errorCode: null };
  // Every settlement of a refund locks its order first, so what is read here stays true until the update.
  const current = await getRefund(tx, refundId);
  if (!current || !from.includes(current.status)) return undefined;
  const settled = await transitionRefund(tx, refundId, from, outcome.status, {
    ...(outcome.providerRef ? { providerRef: outcome.providerRef } : {}),
    ...failure,
  });
  if (!settled) return undefined;
  await recordOrderEvent(tx, orderId, {
    kind: 'refund',
    actor: outcome.actor,
    detail: {
      kind: settled.kind,
      status: outcome.status,
      amountCents: settled.amountCents,
      ...(failure.errorCode ? { errorCode: failure.errorCode, error: failure.error } : {}),
    },
  });
  if (outcome.status === 'succeeded') await onRefundSucceeded(tx, deps, settled, current.status === 'failed');
  else await onRefundFailed(tx, settled);
  return settled;
};

/**
 * Everything a refund's success changes, in its transaction; the one place every succeeded refund passes (a card
 * refund the provider confirmed, a gift card's or shop credit's part given back at once): the order's refunded sum
 * and so its shown status, what the refund took off a gift card or a shop for good.
 */
export const onRefundSucceeded = async (
  tx: Db,
  _deps: RefundSettlementDeps,
  refund: RefundRow,
  afterFailure = false,
) => {
  const order = await lockOrderForRefund(tx, refund.orderId);
  if (!order) return;
  if (refund.kind !== 'duplicate_payment') {
    const after = await addRefundedToOrder(tx, order.id, refund.amountCents);
    if (after && after.status !== order.status)
      await recordOrderEvent(tx, order.id, {
        kind: 'state_changed',
        actor: 'system',
        detail: { from: order.status, to: after.status, reason: null },
      });
    const ended = await cancelRefundedOrder(tx, order.id);
    if (ended)
      await recordOrderEvent(tx, order.id, {
        kind: 'state_changed',
        actor: 'system',
        detail: { from: order.fulfilmentStatus, to: 'cancelled', reason: null },
      });
  }
  // A refund reported failed (what it held given back) that succeeded after all takes it again, as far as the
  // card or the shop still holds it; what was spent meanwhile is the shop's loss, on the order's refunds.
  const revocation = await getRevocationOfRefund(tx, refund.id);
  if (afterFailure && revocation?.status === 'released')
    await holdRevocation(tx, {
      giftCardId: revocation.giftCardId,
      orderId: revocation.orderId,
      refundId: refund.id,
      amountCents: revocation.amountCents,
    });
  await captureRevocation(tx, refund.id);
  if (afterFailure && order.kind === 'credits' && order.shopId)
    await retakeTopUp(tx, { shopId: order.shopId, orderId: order.id, refundId: refund.id });
};

/** A refund that failed moves nothing: what it held back from a gift card or a shop goes back there. */
const onRefundFailed = async (tx: Db, refund: RefundRow) => {
  await releaseRevocation(tx, refund.id);
  const order = await lockOrderForRefund(tx, refund.orderId);
  if (order?.kind === 'credits' && order.shopId)
    await restoreTopUp(tx, { shopId: order.shopId, orderId: order.id, refundId: refund.id });
};
