import type { StaffGiftCardsCsvQuery } from '@esim/contracts/staff';
import { type Db, giftCardRedemptions, giftCards, orderEvents, orders, payments, users } from '@esim/db';
import {
  and,
  asc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { defineListQuery, searchCondition } from '../../lib/list-query';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';

export type GiftCardRow = typeof giftCards.$inferSelect;
export type NewGiftCardRow = typeof giftCards.$inferInsert;
export type GiftCardRedemptionRow = typeof giftCardRedemptions.$inferSelect;

export const insertGiftCard = async (tx: Db, values: NewGiftCardRow) => {
  const [row] = await tx.insert(giftCards).values(values).returning();
  if (!row) throw new Error('gift card insert returned nothing');
  return row;
};

export const getGiftCard = async (db: Db, giftCardId: string) =>
  (await db.select().from(giftCards).where(eq(giftCards.id, giftCardId)).limit(1))[0];

export const lockGiftCard = async (tx: Db, giftCardId: string) =>
  (await tx.select().from(giftCards).where(eq(giftCards.id, giftCardId)).for('update').limit(1))[0];

export const getGiftCardOfOrder = async (db: Db, orderId: string) =>
  (await db.select().from(giftCards).where(eq(giftCards.orderId, orderId)).limit(1))[0];

/** Who bought a card (its purchase order's buyer), for the card's e-mail, and the buyer's account (ADR 0092). */
export const getBuyerOfOrder = async (db: Db, orderId: string) =>
  (
    await db
      .select({
        buyerName: orders.buyerName,
        account: { status: users.status, deletedAt: users.deletedAt, email: users.email },
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId))
      .limit(1)
  )[0];

/**
 * A paid card held because its buyer is blocked and staff did not release it: `isGiftCardHeld` in SQL, for the
 * lists (the delivery checks the function itself under the card's lock). Correlated to `gift_cards` alone, as the list's total counts that table.
 */
// Written with table names: drizzle leaves columns unqualified in a one-table select (the list's count).
const heldCondition = sql`("gift_cards"."hold_released_at" is null and exists (
  select 1 from orders o join users u on u.id = o.user_id
  where o.id = "gift_cards"."order_id" and u.status = 'blocked' and u.deleted_at is null))`;

/** An active card by the hash of its code. */
export const findActiveGiftCardByHash = async (db: Db, codeHash: string) =>
  (
    await db
      .select()
      .from(giftCards)
      .where(and(eq(giftCards.codeHash, codeHash), eq(giftCards.status, 'active')))
      .limit(1)
  )[0];

/** Activates a paid purchase's card with its code's hash, once (a repeated activation changes nothing). */
export const activateGiftCard = async (
  tx: Db,
  giftCardId: string,
  code: { codeHash: string; codeLast4: string; balanceCents: number },
) =>
  (
    await tx
      .update(giftCards)
      .set({ ...code, status: 'active', activatedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(giftCards.id, giftCardId), eq(giftCards.status, 'pending')))
      .returning()
  )[0];

/** Active cards whose send date has come and that were never delivered (the delivery job's list). */
export const listDueGiftCardIds = async (db: Db, today: string, limit = 100) =>
  (
    await db
      .select({ id: giftCards.id })
      .from(giftCards)
      .where(
        and(
          eq(giftCards.status, 'active'),
          isNull(giftCards.deliveredAt),
          lte(giftCards.sendOn, today),
          // Held cards stay out of the list (they would fill it while they wait).
          not(heldCondition),
        ),
      )
      .orderBy(asc(giftCards.sendOn))
      .limit(limit)
  ).map((r) => r.id);

/**
 * Claims a card's first delivery: only one caller gets the row (the guard is `delivered_at is null`), so the
 * e-mail stored in the same transaction is stored once however often the job runs.
 */
export const claimGiftCardDelivery = async (tx: Db, giftCardId: string, today: string) =>
  (
    await tx
      .update(giftCards)
      .set({ deliveredAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(giftCards.id, giftCardId),
          eq(giftCards.status, 'active'),
          isNull(giftCards.deliveredAt),
          lte(giftCards.sendOn, today),
        ),
      )
      .returning()
  )[0];

/** Staff let a held card go (ADR 0092); once: a second release changes nothing and answers nothing. */
export const releaseGiftCardHold = async (tx: Db, giftCardId: string) =>
  (
    await tx
      .update(giftCards)
      .set({ holdReleasedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(giftCards.id, giftCardId), isNull(giftCards.holdReleasedAt)))
      .returning()
  )[0];

export const countGiftCardResend = async (tx: Db, giftCardId: string) =>
  (
    await tx
      .update(giftCards)
      .set({
        resendCount: sql`${giftCards.resendCount} + 1`,
        deliveredAt: sql`coalesce(${giftCards.deliveredAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(giftCards.id, giftCardId))
      .returning()
  )[0];

/**
 * Takes `amountCents` off an active card's balance if it has that much (the guard keeps a balance from going
 * below zero when checkouts race: the loser's update finds too little and changes nothing).
 */
export const debitGiftCard = async (tx: Db, giftCardId: string, amountCents: number) =>
  (
    await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} - ${amountCents}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(giftCards.id, giftCardId),
          eq(giftCards.status, 'active'),
          gte(giftCards.balanceCents, amountCents),
        ),
      )
      .returning()
  )[0];

/**
 * Puts money back on a card (a released hold, a refund of an order it paid). A card its purchase's refund emptied
 * and cancelled is usable again with it (ADR 0090): the money is its holder's, and a card out of use holds nothing.
 */
export const creditGiftCard = (tx: Db, giftCardId: string, amountCents: number) =>
  tx
    .update(giftCards)
    .set({
      balanceCents: sql`${giftCards.balanceCents} + ${amountCents}`,
      status: sql`case when ${giftCards.status} = 'cancelled' then 'active' else ${giftCards.status} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(giftCards.id, giftCardId));

export const insertRedemption = async (tx: Db, values: typeof giftCardRedemptions.$inferInsert) => {
  const [row] = await tx.insert(giftCardRedemptions).values(values).returning();
  if (!row) throw new Error('redemption insert returned nothing');
  return row;
};

/** Moves an order's redemptions (not its refund lines) from one status to another; the rows moved are returned (none: done before). */
export const changeRedemptionsOfOrder = (
  tx: Db,
  orderId: string,
  from: GiftCardRedemptionRow['status'],
  to: GiftCardRedemptionRow['status'],
) =>
  tx
    .update(giftCardRedemptions)
    .set({ status: to, updatedAt: sql`now()` })
    .where(
      and(
        eq(giftCardRedemptions.orderId, orderId),
        eq(giftCardRedemptions.kind, 'redemption'),
        eq(giftCardRedemptions.status, from),
      ),
    )
    .returning();

/**
 * The gift card that paid (part of) an order: its redemption once the order was paid (captured), or held on an
 * order paid but waiting for staff (in review).
 */
export const getPaidRedemptionOfOrder = async (db: Db, orderId: string) =>
  (
    await db
      .select()
      .from(giftCardRedemptions)
      .where(
        and(
          eq(giftCardRedemptions.orderId, orderId),
          eq(giftCardRedemptions.kind, 'redemption'),
          inArray(giftCardRedemptions.status, ['held', 'captured']),
        ),
      )
      .limit(1)
  )[0];

/**
 * A staff refund of an order the card paid (part of) puts `amountCents` back on the card: its `refund` line and
 * the balance, in the refund's transaction (ADR 0080). One line per refund (a unique index), so a repeated call
 * adds nothing; it answers whether this call added it.
 */
export const refundOntoGiftCard = async (
  tx: Db,
  input: { giftCardId: string; orderId: string; refundId: string; amountCents: number },
) => {
  const [line] = await tx
    .insert(giftCardRedemptions)
    .values({ ...input, kind: 'refund', status: 'refunded' })
    .onConflictDoNothing()
    .returning({ id: giftCardRedemptions.id });
  if (line) await creditGiftCard(tx, input.giftCardId, input.amountCents);
  return line !== undefined;
};

/**
 * What a card's history says its balance is: the amount issued, less what orders hold or used, plus what refunds
 * gave back, less what refunds of its own purchase took off (held or done; released ones are back on the card). An
 * active card's `balance_cents` always equals it.
 */
export const giftCardLedgerBalance = async (db: Db, giftCardId: string) => {
  const [row] = await db
    .select({
      issued: giftCards.amountCents,
      used: sql<number>`coalesce(sum(${giftCardRedemptions.amountCents}) filter (where ${giftCardRedemptions.kind} in ('redemption', 'revocation') and ${giftCardRedemptions.status} in ('held', 'captured')), 0)`.mapWith(
        Number,
      ),
      refunded:
        sql<number>`coalesce(sum(${giftCardRedemptions.amountCents}) filter (where ${giftCardRedemptions.kind} = 'refund'), 0)`.mapWith(
          Number,
        ),
    })
    .from(giftCards)
    .leftJoin(giftCardRedemptions, eq(giftCardRedemptions.giftCardId, giftCards.id))
    .where(eq(giftCards.id, giftCardId))
    .groupBy(giftCards.id);
  return row ? row.issued - row.used + row.refunded : undefined;
};

/**
 * A refund of the card's own purchase takes its amount off the card while it is on its way (ADR 0090): the
 * balance down (guarded, so a checkout spending the card at the same moment wins or loses whole) and the
 * `revocation` line held; a card left with nothing is cancelled, so it is neither delivered nor redeemed. A retry
 * of a refund that failed holds the same line again. False when the card no longer holds that much.
 */
export const holdRevocation = async (
  tx: Db,
  input: { giftCardId: string; orderId: string; refundId: string; amountCents: number },
) => {
  const card = await debitGiftCard(tx, input.giftCardId, input.amountCents);
  if (!card) return false;
  await tx
    .insert(giftCardRedemptions)
    .values({ ...input, kind: 'revocation', status: 'held' })
    .onConflictDoUpdate({
      target: giftCardRedemptions.refundId,
      targetWhere: sql`${giftCardRedemptions.refundId} is not null`,
      set: { status: 'held', amountCents: input.amountCents, updatedAt: sql`now()` },
    });
  if (card.balanceCents === 0)
    await tx
      .update(giftCards)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(eq(giftCards.id, input.giftCardId));
  return true;
};

/** The refund that held a revocation succeeded: the amount has left the card for good. */
export const captureRevocation = async (tx: Db, refundId: string) =>
  (
    await tx
      .update(giftCardRedemptions)
      .set({ status: 'captured', updatedAt: sql`now()` })
      .where(
        and(
          eq(giftCardRedemptions.refundId, refundId),
          eq(giftCardRedemptions.kind, 'revocation'),
          eq(giftCardRedemptions.status, 'held'),
        ),
      )
      .returning()
  )[0];

/** The refund that held a revocation failed: the amount is back on the card, which is usable again. */
export const releaseRevocation = async (tx: Db, refundId: string) => {
  const [line] = await tx
    .update(giftCardRedemptions)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(
      and(
        eq(giftCardRedemptions.refundId, refundId),
        eq(giftCardRedemptions.kind, 'revocation'),
        eq(giftCardRedemptions.status, 'held'),
      ),
    )
    .returning();
  if (!line) return undefined;
  await tx
    .update(giftCards)
    .set({
      balanceCents: sql`${giftCards.balanceCents} + ${line.amountCents}`,
      status: sql`case when ${giftCards.status} = 'cancelled' then 'active' else ${giftCards.status} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(giftCards.id, line.giftCardId));
  return line;
};

/** The revocation line of a refund (held, captured or released), if the refund took anything off a card. */
export const getRevocationOfRefund = async (db: Db, refundId: string) =>
  (
    await db
      .select()
      .from(giftCardRedemptions)
      .where(and(eq(giftCardRedemptions.refundId, refundId), eq(giftCardRedemptions.kind, 'revocation')))
      .limit(1)
  )[0];

/** A card's history (redemptions and refunds) with their orders, newest first. */
export const listRedemptionsOfCard = (db: Db, giftCardId: string) =>
  db
    .select({ redemption: giftCardRedemptions, orderNumber: orders.number, buyerEmail: orders.buyerEmail })
    .from(giftCardRedemptions)
    .innerJoin(orders, eq(orders.id, giftCardRedemptions.orderId))
    .where(eq(giftCardRedemptions.giftCardId, giftCardId))
    .orderBy(sql`${giftCardRedemptions.createdAt} desc`);

export type GiftCardFilters = Pick<StaffGiftCardsCsvQuery, 'q' | 'deliveryState'> & {
  sort?: StaffGiftCardsCsvQuery['sort'];
};

const undelivered = and(eq(giftCards.status, 'active'), isNull(giftCards.deliveredAt));
const deliveryCondition = (state: GiftCardFilters['deliveryState']): SQL | undefined =>
  state === 'awaiting_payment'
    ? eq(giftCards.status, 'pending')
    : state === 'scheduled'
      ? and(undelivered, not(heldCondition))
      : state === 'held'
        ? and(undelivered, heldCondition)
        : state === 'delivered'
          ? isNotNull(giftCards.deliveredAt)
          : undefined;

/** The buyer's account fields a card's state needs (null for a guest purchase). */
const buyerAccount = { status: users.status, deletedAt: users.deletedAt, email: users.email };

/** Staff's gift cards with their purchase (number, buyer). */
const giftCardList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({ giftCard: giftCards, order: orders, buyer: buyerAccount, ...listFields })
      .from(giftCards)
      .innerJoin(orders, eq(orders.id, giftCards.orderId))
      .leftJoin(users, eq(users.id, orders.userId))
      .$dynamic(),
  // The purchase's columns are searched through `exists`: the total counts gift_cards alone.
  where: (filters: GiftCardFilters, db) =>
    and(
      deliveryCondition(filters.deliveryState),
      filters.q
        ? or(
            searchCondition(filters.q, [giftCards.recipientEmail, giftCards.codeLast4]),
            exists(
              db
                .select({ one: sql`1` })
                .from(orders)
                .where(
                  and(
                    eq(orders.id, giftCards.orderId),
                    searchCondition(filters.q, [orders.buyerEmail, orders.number]),
                  ),
                ),
            ),
          )
        : undefined,
    ),
  sortColumns: {
    createdAt: giftCards.createdAt,
    sendOn: giftCards.sendOn,
    amountCents: giftCards.amountCents,
    balanceCents: giftCards.balanceCents,
  },
  tiebreak: giftCards.id,
  defaultSort: '-createdAt',
});

export const listGiftCards = giftCardList.page;
export const streamGiftCards = giftCardList.batches;

export const getGiftCardWithOrder = async (db: Db, giftCardId: string) =>
  (
    await db
      .select({ giftCard: giftCards, order: orders, buyer: buyerAccount })
      .from(giftCards)
      .innerJoin(orders, eq(orders.id, giftCards.orderId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(giftCards.id, giftCardId))
      .limit(1)
  )[0];

/**
 * A staff click on a card's purchase timeline, stored once per click id: the caller acts only when this returns
 * a row (a repeated request of the same click finds the event there and does nothing).
 */
export const recordStaffClick = async (
  tx: Db,
  orderId: string,
  click: { staffUserId: string; clickId: string; action: string; reason: string | null },
) =>
  (
    await recordOrderEvent(tx, orderId, {
      kind: 'staff_action',
      actor: 'staff',
      staffUserId: click.staffUserId,
      detail: { action: click.action, reason: click.reason },
      dedupeKey: `${click.action}:${click.clickId}`,
    }).returning({ id: orderEvents.id })
  ).length > 0;

/** What an order's gift cards pay of it: its held and captured redemptions. */
export const giftCardCentsOfOrder = async (db: Db, orderId: string) =>
  Number(
    (
      await db
        .select({ cents: sql<string>`coalesce(sum(${giftCardRedemptions.amountCents}), 0)` })
        .from(giftCardRedemptions)
        .where(
          and(
            eq(giftCardRedemptions.orderId, orderId),
            eq(giftCardRedemptions.kind, 'redemption'),
            inArray(giftCardRedemptions.status, ['held', 'captured']),
          ),
        )
    )[0]?.cents ?? 0,
  );

/** Whether the order still has a card page open (its held gift-card amount waits for that page). */
export const hasPendingPayment = async (db: Db, orderId: string) =>
  (
    await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
      .limit(1)
  ).length > 0;

/**
 * A card payment of the order failed or expired: unless another card page of the order is still open, its held
 * amounts go back to their cards (once: only rows still `held` move).
 */
export const releaseGiftCardHolds = async (tx: Db, orderId: string) => {
  if (await hasPendingPayment(tx, orderId)) return 0;
  const released = await changeRedemptionsOfOrder(tx, orderId, 'held', 'released');
  for (const row of released) await creditGiftCard(tx, row.giftCardId, row.amountCents);
  return released.length;
};
