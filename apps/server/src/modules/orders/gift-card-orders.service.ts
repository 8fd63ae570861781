import { randomUUID } from 'node:crypto';
import { type BuyGiftCardBody, type Locale, sendDateProblem, utcDay } from '@esim/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../auth/auth.repository';
import { giftCardCodeHash, giftCardCodeLast4, giftCardCodeOf } from '../gift-cards/gift-card-code';
import { formatEuros } from '../gift-cards/gift-card-mail';
import { activateGiftCard, getGiftCardOfOrder, insertGiftCard } from '../gift-cards/gift-cards.repository';
import { deliverGiftCardInTransaction, type GiftCardMailDeps } from '../gift-cards/gift-cards.service';
import { type CheckoutDeps, insertNumberedOrder, openCheckout } from './checkout.service';
import { changeOrderStatus, insertOrder, lockOrder, type OrderRow } from './orders.repository';

/*
 * A gift card's purchase is an order of kind `gift_card` (ADR 0040): buying one, and the fulfilment of the paid
 * order that gives the card its code and balance. The card itself (code, redemption, e-mail, delivery job, staff
 * list) is the gift-cards module's.
 */

const sendDateErrors = { past: 'errors.GIFT_CARD_SEND_DATE_PAST', tooFar: 'errors.GIFT_CARD_SEND_DATE_FAR' };

/**
 * A gift card purchase: a pending order of kind `gift_card` and its pending card in one transaction, then the
 * card page. The card gets its code and balance when the order is paid (the fulfilment job, `completeGiftCard`).
 */
export const buyGiftCard = async (
  deps: CheckoutDeps,
  input: { body: BuyGiftCardBody; user: UserRow | null; locale: Locale; country: string | null; now: Date },
  log: FastifyBaseLogger,
) => {
  const { body, user } = input;
  const problem = sendDateProblem(body.sendOn, input.now);
  if (problem) throw new AppError('VALIDATION_FAILED', { sendOn: [sendDateErrors[problem]] });
  const amountCents = body.amount * 100;
  const name = deps.i18n.fixedT(input.locale, 'mail')('giftCards.orderName', {
    amount: formatEuros(input.locale, amountCents),
  });
  const order = await deps.db.transaction(async (tx) => {
    const created = await insertNumberedOrder(
      { ...deps, db: tx },
      {
        kind: 'gift_card',
        userId: user?.id ?? null,
        packageSnapshot: { name },
        subtotalCents: amountCents,
        totalCents: amountCents,
        paymentMethod: 'card',
        buyerName: body.fullName,
        buyerEmail: body.email,
        country: user?.country ?? input.country,
        locale: input.locale,
      },
    );
    await insertGiftCard(tx, {
      orderId: created.id,
      amountCents,
      balanceCents: 0,
      recipientEmail: body.recipientEmail,
      message: body.message ? body.message : null,
      sendOn: body.sendOn,
      locale: body.recipientLocale,
    });
    return created;
  });
  const page = `${deps.config.siteUrl}/gift-cards?order=${order.id}`;
  const checkoutUrl = await openCheckout(deps, order, '', log, {
    othersOpen: 'none',
    returnUrls: { success: `${page}&session_id={SESSION_ID}`, cancel: `${page}&cancelled=1` },
  });
  return { order, checkoutUrl };
};

/**
 * The fulfilment of a paid gift-card order: the card gets its code (its hash) and balance, the order completes,
 * and a card due today is e-mailed in the same transaction. Safe to run twice (the order row is locked and
 * must still be `paid`).
 */
export const completeGiftCard = async (deps: GiftCardMailDeps, order: OrderRow, now = new Date()) =>
  deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (locked?.status !== 'paid') return 'skipped' as const;
    const card = await getGiftCardOfOrder(tx, order.id);
    if (!card) throw new Error(`gift card of order ${order.id} missing`);
    const code = giftCardCodeOf(deps.config.jwtSecret, card.id);
    const active = await activateGiftCard(tx, card.id, {
      codeHash: giftCardCodeHash(code),
      codeLast4: giftCardCodeLast4(code),
      balanceCents: card.amountCents,
    });
    await changeOrderStatus(
      tx,
      locked,
      'completed',
      { actor: 'system' },
      { completedAt: new Date(), failureReason: null },
    );
    if (active) await deliverGiftCardInTransaction(deps, tx, active, now);
    return 'completed' as const;
  });

/**
 * A paid gift card delivered today, for the journeys' fixtures (test support only): a paid purchase made the
 * way checkout makes one, then activated and delivered by the fulfilment step itself.
 */
export const seedDeliveredGiftCard = async (
  deps: GiftCardMailDeps,
  input: { buyerEmail: string; recipientEmail: string; amount: number },
) => {
  const amountCents = input.amount * 100;
  const order = await deps.db.transaction(async (tx) => {
    const paid = await insertOrder(
      tx,
      {
        number: `GC-${randomUUID().slice(0, 8).toUpperCase()}`,
        kind: 'gift_card',
        status: 'paid',
        packageSnapshot: { name: `Gift card ${input.amount} EUR` },
        subtotalCents: amountCents,
        totalCents: amountCents,
        paymentMethod: 'card',
        buyerName: 'Ana Berisha',
        buyerEmail: input.buyerEmail,
        locale: 'en',
        paidAt: new Date(),
      },
      { actor: 'system' },
    );
    await insertGiftCard(tx, {
      orderId: paid.id,
      amountCents,
      balanceCents: 0,
      recipientEmail: input.recipientEmail,
      sendOn: utcDay(new Date()),
      locale: 'en',
    });
    return paid;
  });
  await completeGiftCard(deps, order);
  const card = await getGiftCardOfOrder(deps.db, order.id);
  if (!card) throw new Error('gift card missing');
  return { id: card.id, orderId: order.id, code: giftCardCodeOf(deps.config.jwtSecret, card.id) };
};
