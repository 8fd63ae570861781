import { type GiftCardPreviewBody, type Locale, utcDay } from '@esim/contracts';
import type {
  GiftCardDeliveryState,
  StaffGiftCard,
  StaffGiftCardDetail,
  StaffGiftCardsCsvQuery,
  StaffGiftCardsQuery,
} from '@esim/contracts/staff';
import type { Db, orders } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { TFunction } from 'i18next';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { type CsvColumn, csvStream } from '../../lib/csv';
import { toPaged } from '../../lib/list-query';
import { recordChange } from '../audit/audit.repository';
import { findSellablePackageBySlug } from '../catalogue/catalogue.repository';
import { orderPriceOf } from '../catalogue/package-price';
import type { Mailer } from '../mail/mail.service';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { giftCardCodeOf, maskedGiftCardCode } from './gift-card-code';
import { isGiftCardHeld } from './gift-card-hold';
import { renderGiftCardMail } from './gift-card-mail';
import { coveredBy, findUsableGiftCard } from './gift-card-redemption.service';
import {
  claimGiftCardDelivery,
  countGiftCardResend,
  type GiftCardFilters,
  type GiftCardRow,
  getBuyerOfOrder,
  getGiftCardWithOrder,
  listDueGiftCardIds,
  listGiftCards,
  listRedemptionsOfCard,
  lockGiftCard,
  recordStaffClick,
  releaseGiftCardHold,
  streamGiftCards,
} from './gift-cards.repository';

/** What delivering a card's e-mail uses. */
export type GiftCardMailDeps = {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'siteUrl'>;
  i18n: ServerI18n;
  mailer: Mailer;
};

/**
 * Stores the card's e-mail in the outbox and marks it delivered, once: the claim is a guarded update, so two
 * runs of the job (or two processes) store one e-mail. Returns whether this call delivered it.
 */
export const deliverGiftCardInTransaction = async (
  deps: GiftCardMailDeps,
  tx: Db,
  card: GiftCardRow,
  now: Date,
) => {
  const buyer = await getBuyerOfOrder(tx, card.orderId);
  if (!buyer) throw new AppError('NOT_FOUND');
  // A blocked buyer's card waits for staff (ADR 0092), checked under the card's lock like the claim.
  if (isGiftCardHeld(card, buyer.account)) return false;
  const claimed = await claimGiftCardDelivery(tx, card.id, utcDay(now));
  if (!claimed) return false;
  await storeCardMail(deps, tx, card, buyer.buyerName);
  return true;
};

const storeCardMail = async (deps: GiftCardMailDeps, tx: Db, card: GiftCardRow, buyerName?: string) => {
  const buyer = buyerName === undefined ? await getBuyerOfOrder(tx, card.orderId) : { buyerName };
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

/** The delivery job: every active card due by today and never delivered gets its e-mail (once). */
export const deliverDueGiftCards = async (deps: GiftCardMailDeps, now = new Date()) => {
  let delivered = 0;
  for (const id of await listDueGiftCardIds(deps.db, utcDay(now))) {
    const sent = await deps.db.transaction(async (tx) => {
      const card = await lockGiftCard(tx, id);
      return card ? deliverGiftCardInTransaction(deps, tx, card, now) : false;
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

type BuyerAccount = Parameters<typeof isGiftCardHeld>[1];

const deliveryStateOf = (card: GiftCardRow, buyer: BuyerAccount): GiftCardDeliveryState =>
  card.status === 'pending'
    ? 'awaiting_payment'
    : card.deliveredAt
      ? 'delivered'
      : isGiftCardHeld(card, buyer)
        ? 'held'
        : 'scheduled';

const toStaffGiftCard = ({
  giftCard: card,
  order,
  buyer,
}: {
  giftCard: GiftCardRow;
  order: typeof orders.$inferSelect;
  buyer: BuyerAccount;
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
    deliveryState: deliveryStateOf(card, buyer),
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
      kind: redemption.kind,
      refundId: redemption.refundId,
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

/**
 * Staff "release": a blocked buyer's held card goes out anyway (ADR 0092), at once when its day has come, else on
 * its day; with a reason, on the purchase's timeline and in the audit log, in one transaction. Only a held card;
 * one release per click id.
 */
export const releaseGiftCard = async (
  deps: GiftCardMailDeps,
  input: { giftCardId: string; staffUserId: string; clickId: string; reason: string; t: TFunction },
  now = new Date(),
) => {
  await deps.db.transaction(async (tx) => {
    const card = await lockGiftCard(tx, input.giftCardId);
    if (!card) throw new AppError('NOT_FOUND');
    // The same click again (a retry) finds its timeline event and changes nothing; a refusal rolls it back.
    const first = await recordStaffClick(tx, card.orderId, {
      staffUserId: input.staffUserId,
      clickId: input.clickId,
      action: 'release_gift_card',
      reason: input.reason,
    });
    if (!first) return;
    const buyer = await getBuyerOfOrder(tx, card.orderId);
    if (card.status !== 'active' || card.deliveredAt || !isGiftCardHeld(card, buyer?.account ?? null))
      throw new AppError('ACTION_NOT_ALLOWED');
    const released = await releaseGiftCardHold(tx, card.id);
    if (!released) return;
    await recordChange(tx, {
      staffUserId: input.staffUserId,
      action: 'gift_card.release',
      entityType: 'gift_card',
      entityId: card.id,
      before: { held: true },
      after: { held: false, reason: input.reason },
    });
    await deliverGiftCardInTransaction(deps, tx, released, now);
  });
  void deps.mailer.deliverPending().catch(() => undefined);
  const detail = await getStaffGiftCard(deps, input.giftCardId);
  return { giftCard: detail.giftCard, message: input.t('admin:giftCards.released') };
};
