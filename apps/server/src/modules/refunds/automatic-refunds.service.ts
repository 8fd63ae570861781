import type { Db } from '@esim/db';
import { refundPurchaseShare, spentOnPurchase } from '../credits/credits.service';
import { getPaidRedemptionOfOrder, refundOntoGiftCard } from '../gift-cards/gift-cards.repository';
import { type RefundSettlementDeps, settleRefund } from './refund-settlement';
import { insertRefund, type RefundOrderRow } from './refunds.repository';

// Refunds the system makes itself, given back at once, in the caller's transaction (ADR 0090). Like every refund
// they are rows that succeed through `settleRefund`, so the order's status, the buyer's notice and the money
// model all see them; card charges the system gives back are `insertAutomaticRefund` and are sent.

/**
 * A paid order that will not be carried out: what a gift card paid of it goes back onto the card, as a refund of
 * its own. Nothing when no gift card paid.
 */
export const refundGiftCardPart = async (tx: Db, deps: RefundSettlementDeps, order: RefundOrderRow) => {
  const redemption = await getPaidRedemptionOfOrder(tx, order.id);
  if (!redemption) return undefined;
  const refund = await insertRefund(tx, {
    orderId: order.id,
    amountCents: redemption.amountCents,
    kind: 'order',
    status: 'pending',
  });
  await refundOntoGiftCard(tx, {
    giftCardId: redemption.giftCardId,
    orderId: order.id,
    refundId: refund.id,
    amountCents: redemption.amountCents,
  });
  return settleRefund(tx, deps, refund.id, order.id, { status: 'succeeded', actor: 'system' });
};

/**
 * A shop's purchase that finally failed: its credits go back to the buckets they came from, once (the caller's
 * state change from `paid` to `failed` happens once).
 */
export const refundShopPurchase = async (tx: Db, deps: RefundSettlementDeps, order: RefundOrderRow) => {
  if (order.paymentMethod !== 'credits' || !order.shopId) return undefined;
  const spent = await spentOnPurchase(tx, order.id);
  const refund = await insertRefund(tx, {
    orderId: order.id,
    amountCents: spent.creditCents + spent.bonusCents,
    kind: 'order',
    status: 'pending',
    reason: 'credits given back to the shop',
  });
  await refundPurchaseShare(tx, {
    shopId: order.shopId,
    orderId: order.id,
    refundId: refund.id,
    userId: null,
    note: null,
    ...spent,
  });
  return settleRefund(tx, deps, refund.id, order.id, { status: 'succeeded', actor: 'system' });
};
