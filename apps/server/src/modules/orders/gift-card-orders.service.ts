import { randomUUID } from 'node:crypto';
import { type BuyGiftCardBody, type Locale, localeTags, sendDateProblem, utcDay } from '@esim/contracts';
import type { Db } from '@esim/db';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage } from '../../adapters/mail/port';
import { AppError } from '../../lib/app-error';
import { escapeHtml } from '../../lib/html';
import type { UserRow } from '../auth/auth.repository';
import { giftCardCodeHash, giftCardCodeLast4, giftCardCodeOf } from '../gift-cards/gift-card-code';
import { formatEuros } from '../gift-cards/gift-card-mail';
import {
  activateGiftCard,
  type GiftCardRow,
  getGiftCardOfOrder,
  insertGiftCard,
} from '../gift-cards/gift-cards.repository';
import { deliverGiftCardInTransaction, type GiftCardMailDeps } from '../gift-cards/gift-cards.service';
import { mailId } from '../mail/mail-id';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { getGeneralOptions } from '../settings/settings.repository';
import { type CheckoutDeps, insertNumberedOrder, openCheckout } from './checkout.service';
import { invoiceFileName, renderOrderInvoice } from './order-invoice';
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
export const completeGiftCard = async (deps: GiftCardMailDeps, order: OrderRow, now = new Date()) => {
  const pending = await getGiftCardOfOrder(deps.db, order.id);
  if (!pending) throw new Error(`gift card of order ${order.id} missing`);
  // Rendered before the transaction (the invoice PDF takes a moment); stored in it, once.
  const receipt = await renderGiftCardReceipt(deps, order, pending);
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (locked?.fulfilmentStatus !== 'paid') return 'skipped' as const;
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
    await storeGiftCardReceipt(deps, tx, order, receipt);
    return 'completed' as const;
  });
};

/** The buyer's receipt's outbox id: fixed by the order, so it is stored once however often fulfilment runs. */
export const giftCardReceiptMailId = (orderId: string) => mailId(`gift-card-receipt:${orderId}`);

const formatDay = (locale: string, day: string) =>
  new Intl.DateTimeFormat(localeTags[locale as Locale] ?? 'en', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/**
 * The gift card buyer's receipt (ADR 0082), in the order's language: amount, recipient, send date, order number
 * and the invoice attached, as a package order's confirmation has it. Never the code: only the recipient gets it.
 */
export const renderGiftCardReceipt = async (
  deps: Pick<GiftCardMailDeps, 'db' | 'i18n'>,
  order: OrderRow,
  card: Pick<GiftCardRow, 'amountCents' | 'recipientEmail' | 'sendOn'>,
): Promise<MailMessage> => {
  const t = deps.i18n.fixedT(order.locale as Locale, 'mail');
  const k = (key: string, values: Record<string, string> = {}) => t(`giftCards.receipt.${key}`, values);
  const sendOn = formatDay(order.locale, card.sendOn);
  const facts: [string, string][] = [
    [k('orderNumber'), order.number],
    [k('amount'), formatEuros(order.locale, card.amountCents)],
    [k('recipient'), card.recipientEmail],
    [k('sendOn'), sendOn],
  ];
  const greeting = t('greeting', { name: order.buyerName });
  const lines = [
    k('intro'),
    k('codeNote', { email: card.recipientEmail, date: sendOn }),
    t('orderConfirmation.invoiceNote'),
  ];
  const invoice = await renderOrderInvoice(t, order, await getGeneralOptions(deps.db));
  const row = ([label, value]: [string, string]) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
  return {
    to: order.buyerEmail,
    subject: k('subject', { number: order.number }),
    text: [
      greeting,
      lines[0],
      facts.map(([a, b]) => `${a}: ${b}`).join('\n'),
      ...lines.slice(1),
      t('signature'),
    ].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(lines[0] ?? '')}</p><table>${facts.map(row).join('')}</table>${lines
      .slice(1)
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('')}<p>${escapeHtml(t('signature'))}</p></body></html>`,
    attachments: [
      {
        filename: invoiceFileName(t, order),
        contentType: 'application/pdf',
        contentBase64: invoice.toString('base64'),
      },
    ],
  };
};

/** Stores the receipt in the outbox with its line on the order's timeline (and so its messages), once. */
const storeGiftCardReceipt = async (
  deps: GiftCardMailDeps,
  tx: Db,
  order: OrderRow,
  receipt: MailMessage,
) => {
  await deps.mailer.send(receipt, tx, giftCardReceiptMailId(order.id));
  await recordOrderEvent(tx, order.id, {
    kind: 'message_sent',
    actor: 'system',
    detail: { channel: 'email', to: receipt.to, subject: receipt.subject ?? null },
    dedupeKey: 'mail:gift-card-receipt',
  });
};

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
        fulfilmentStatus: 'paid',
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
