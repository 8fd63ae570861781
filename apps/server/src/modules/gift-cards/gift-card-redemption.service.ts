import type { Db } from '@esim/db';
import { AppError } from '../../lib/app-error';
import { giftCardCodeHash } from './gift-card-code';
import {
  changeRedemptionsOfOrder,
  debitGiftCard,
  findActiveGiftCardByHash,
  giftCardCentsOfOrder,
  insertRedemption,
  lockGiftCard,
} from './gift-cards.repository';

export { releaseGiftCardHolds } from './gift-cards.repository';

// Redeeming a gift card at checkout (ADR 0040): the amount is held when the order is made, in the order's own
// transaction; captured when the order is paid; given back when its card payment fails or expires.

const unknown = () => new AppError('GIFT_CARD_UNKNOWN', { giftCardCode: ['errors.GIFT_CARD_UNKNOWN'] });
const spent = () => new AppError('GIFT_CARD_SPENT', { giftCardCode: ['errors.GIFT_CARD_SPENT'] });

/** The payment row of an order a gift card paid in full (the return page confirms it like a card's). */
export const giftCardSessionRef = (orderId: string) => `gift_card:${orderId}`;

/** What a card covers of a total: all of it, or its balance. */
export const coveredBy = (balanceCents: number, totalCents: number) =>
  Math.max(0, Math.min(balanceCents, totalCents));

/** An active card by its code, or the code's translated refusal (unknown, or nothing left on it). */
export const findUsableGiftCard = async (db: Db, code: string) => {
  const card = await findActiveGiftCardByHash(db, giftCardCodeHash(code));
  if (!card) throw unknown();
  if (card.balanceCents <= 0) throw spent();
  return card;
};

/**
 * Holds what the card covers of the order (all of it, or the card's balance) in the caller's transaction: the
 * card row is locked, so concurrent checkouts with one code take turns, and the debit is guarded
 * (`balance >= amount`) besides. A checkout that finds nothing left is refused with GIFT_CARD_SPENT, and its
 * transaction (with its order) rolls back. Returns the amount held.
 */
export const holdGiftCard = async (tx: Db, input: { code: string; orderId: string; totalCents: number }) => {
  const found = await findUsableGiftCard(tx, input.code);
  const card = await lockGiftCard(tx, found.id);
  const amountCents = coveredBy(card?.balanceCents ?? 0, input.totalCents);
  if (!card || amountCents <= 0) throw spent();
  if (!(await debitGiftCard(tx, card.id, amountCents))) throw spent();
  await insertRedemption(tx, { giftCardId: card.id, orderId: input.orderId, amountCents, status: 'held' });
  return amountCents;
};

/** The order was paid: its held amounts are spent for good. */
export const captureGiftCardHolds = (tx: Db, orderId: string) =>
  changeRedemptionsOfOrder(tx, orderId, 'held', 'captured');

/** What is left to pay by card: the order's total less what its gift cards pay. */
export const dueByCard = async (db: Db, order: { id: string; totalCents: number }) =>
  order.totalCents - (await giftCardCentsOfOrder(db, order.id));
