import { randomUUID } from 'node:crypto';
import {
  type BuyGiftCardBody,
  type GiftCardPreviewBody,
  type Locale,
  sendDateProblem,
  utcDay,
} from '@esim/contracts';
import type {
  GiftCardDeliveryState,
  StaffGiftCard,
  StaffGiftCardDetail,
  StaffGiftCardsCsvQuery,
  StaffGiftCardsQuery,
} from '@esim/contracts/staff';
import type { Db, orders } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { TFunction } from 'i18next';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { type CsvColumn, csvStream } from '../../lib/csv';
import { toPaged } from '../../lib/list-query';
import { recordChange } from '../audit/audit.repository';
import type { UserRow } from '../auth/auth.repository';
import { findSellablePackageBySlug } from '../catalogue/catalogue.repository';
import { orderPriceOf } from '../catalogue/package-price';
import type { Mailer } from '../mail/mail.service';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { type CheckoutDeps, insertNumberedOrder, openCheckout } from '../orders/checkout.service';
import { changeOrderStatus, insertOrder, lockOrder, type OrderRow } from '../orders/orders.repository';
import { giftCardCodeHash, giftCardCodeLast4, giftCardCodeOf, maskedGiftCardCode } from './gift-card-code';
import { formatEuros, renderGiftCardMail } from './gift-card-mail';
import { coveredBy, findUsableGiftCard } from './gift-card-redemption.service';
import {
  activateGiftCard,
  claimGiftCardDelivery,
  countGiftCardResend,
  type GiftCardFilters,
  type GiftCardRow,
  getBuyerOfOrder,
  getGiftCardOfOrder,
  getGiftCardWithOrder,
  insertGiftCard,
  listDueGiftCardIds,
  listGiftCards,
  listRedemptionsOfCard,
  lockGiftCard,
  recordStaffClick,
  streamGiftCards,
} from './gift-cards.repository';

/** What delivering a card's e-mail uses. */
export type GiftCardMailDeps = {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'siteUrl'>;
  i18n: ServerI18n;
  mailer: Mailer;
};

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
 * Stores the card's e-mail in the outbox and marks it delivered, once: the claim is a guarded update, so two
 * runs of the job (or two processes) store one e-mail. Returns whether this call delivered it.
 */
const deliverInTransaction = async (deps: GiftCardMailDeps, tx: Db, card: GiftCardRow, now: Date) => {
  const claimed = await claimGiftCardDelivery(tx, card.id, utcDay(now));
  if (!claimed) return false;
  await storeCardMail(deps, tx, card);
  return true;
};

const storeCardMail = async (deps: GiftCardMailDeps, tx: Db, card: GiftCardRow) => {
  const buyer = await getBuyerOfOrder(tx, card.orderId);
  if (!buyer) throw new AppError('NOT_FOUND');
  const t = deps.i18n.fixedT(card.locale as Locale, 'mail');
  const mail = renderGiftCardMail(t, card, {
    code: giftCardCodeOf(deps.config.jwtSecret, card.id),
    buyerName: buyer.buyerName,
    siteUrl: deps.config.siteUrl,
  });
  await deps.mailer.send(mail, tx);
  await recordOrderEvent(tx, card.orderId, {
    kind: 'message_sent',
    actor: 'system',
    detail: { channel: 'email', to: mail.to, subject: mail.subject },
  });
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
    if (active) await deliverInTransaction(deps, tx, active, now);
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

/** The delivery job: every active card due by today and never delivered gets its e-mail (once). */
export const deliverDueGiftCards = async (deps: GiftCardMailDeps, now = new Date()) => {
  let delivered = 0;
  for (const id of await listDueGiftCardIds(deps.db, utcDay(now))) {
    const sent = await deps.db.transaction(async (tx) => {
      const card = await lockGiftCard(tx, id);
      return card ? deliverInTransaction(deps, tx, card, now) : false;
    });
    if (sent) delivered++;
  }
  if (delivered > 0) void deps.mailer.deliverPending().catch(() => undefined);
  return delivered;
};

/** The order page's "apply": what the code would cover of the package's price (nothing is held). */
export const previewGiftCard = async (deps: { db: Db }, body: GiftCardPreviewBody) => {
  const pkg = await findSellablePackageBySlug(deps.db, body.packageSlug);
  if (!pkg) throw new AppError('NOT_FOUND', { packageSlug: ['errors.NOT_FOUND'] });
  const card = await findUsableGiftCard(deps.db, body.code);
  const { totalCents } = orderPriceOf(pkg);
  const coveredCents = coveredBy(card.balanceCents, totalCents);
  return { coveredCents, toPayCents: totalCents - coveredCents, totalCents };
};

const deliveryStateOf = (card: GiftCardRow): GiftCardDeliveryState =>
  card.status === 'pending' ? 'awaiting_payment' : card.deliveredAt ? 'delivered' : 'scheduled';

const toStaffGiftCard = ({
  giftCard: card,
  order,
}: {
  giftCard: GiftCardRow;
  order: typeof orders.$inferSelect;
}) =>
  ({
    id: card.id,
    orderId: order.id,
    orderNumber: order.number,
    maskedCode: maskedGiftCardCode(card.codeLast4),
    amountCents: card.amountCents,
    balanceCents: card.balanceCents,
    buyerName: order.buyerName,
    buyerEmail: order.buyerEmail,
    recipientEmail: card.recipientEmail,
    sendOn: card.sendOn,
    locale: card.locale,
    deliveryState: deliveryStateOf(card),
    deliveredAt: card.deliveredAt?.toISOString() ?? null,
    resendCount: card.resendCount,
    createdAt: card.createdAt.toISOString(),
  }) satisfies StaffGiftCard;

const filtersOf = (query: StaffGiftCardsCsvQuery): GiftCardFilters => ({
  sort: query.sort,
  ...(query.q ? { q: query.q } : {}),
  ...(query.deliveryState ? { deliveryState: query.deliveryState } : {}),
});

export const listStaffGiftCards = async (deps: { db: Db }, query: StaffGiftCardsQuery) => {
  const { rows, total } = await listGiftCards(deps.db, filtersOf(query), query);
  return toPaged(query, total, rows.map(toStaffGiftCard));
};

const csvColumns: CsvColumn<StaffGiftCard>[] = [
  { header: 'orderNumber', value: (c) => c.orderNumber },
  { header: 'code', value: (c) => c.maskedCode },
  { header: 'amountCents', value: (c) => c.amountCents },
  { header: 'balanceCents', value: (c) => c.balanceCents },
  { header: 'buyerEmail', value: (c) => c.buyerEmail },
  { header: 'recipientEmail', value: (c) => c.recipientEmail },
  { header: 'sendOn', value: (c) => c.sendOn },
  { header: 'deliveryState', value: (c) => c.deliveryState },
  { header: 'deliveredAt', value: (c) => c.deliveredAt },
  { header: 'createdAt', value: (c) => c.createdAt },
];

export const exportStaffGiftCards = (deps: { db: Db }, query: StaffGiftCardsCsvQuery) =>
  csvStream(
    csvColumns,
    (async function* () {
      for await (const batch of streamGiftCards(deps.db, filtersOf(query))) yield batch.map(toStaffGiftCard);
    })(),
  );

export const getStaffGiftCard = async (
  deps: { db: Db },
  giftCardId: string,
): Promise<StaffGiftCardDetail> => {
  const found = await getGiftCardWithOrder(deps.db, giftCardId);
  if (!found) throw new AppError('NOT_FOUND');
  const redemptions = await listRedemptionsOfCard(deps.db, giftCardId);
  return {
    giftCard: toStaffGiftCard(found),
    redemptions: redemptions.map(({ redemption, orderNumber, buyerEmail }) => ({
      id: redemption.id,
      orderId: redemption.orderId,
      orderNumber,
      buyerEmail,
      amountCents: redemption.amountCents,
      status: redemption.status,
      createdAt: redemption.createdAt.toISOString(),
    })),
  };
};

/**
 * Staff "resend": the recipient's e-mail again, on the purchase's timeline and in the audit log, in one
 * transaction. Only a card already delivered (one not yet due would reach its recipient early). One e-mail per
 * click: a repeated request with the same click id finds its timeline event and sends nothing.
 */
export const resendGiftCard = async (
  deps: GiftCardMailDeps,
  input: { giftCardId: string; staffUserId: string; clickId: string; reason: string | null; t: TFunction },
) => {
  await deps.db.transaction(async (tx) => {
    const card = await lockGiftCard(tx, input.giftCardId);
    if (!card) throw new AppError('NOT_FOUND');
    if (card.status !== 'active' || !card.deliveredAt) throw new AppError('ACTION_NOT_ALLOWED');
    const first = await recordStaffClick(tx, card.orderId, {
      staffUserId: input.staffUserId,
      clickId: input.clickId,
      action: 'resend_gift_card',
      reason: input.reason,
    });
    if (!first) return;
    const after = await countGiftCardResend(tx, card.id);
    await storeCardMail(deps, tx, card);
    await recordChange(tx, {
      staffUserId: input.staffUserId,
      action: 'gift_card.resend',
      entityType: 'gift_card',
      entityId: card.id,
      before: { resendCount: card.resendCount },
      after: { resendCount: after?.resendCount ?? card.resendCount + 1, reason: input.reason },
    });
  });
  void deps.mailer.deliverPending().catch(() => undefined);
  const detail = await getStaffGiftCard(deps, input.giftCardId);
  return { giftCard: detail.giftCard, message: input.t('admin:giftCards.resent') };
};
