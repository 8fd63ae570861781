import type { PageQuery } from '@esim/contracts';
import type { GiftEsimsCsvQuery } from '@esim/contracts/staff';
import { type Db, esims, giftEsims, orders, users } from '@esim/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { defineListQuery, searchCondition } from '../../lib/list-query';

export type GiftEsimRow = typeof giftEsims.$inferSelect;
export type NewGiftEsimRow = typeof giftEsims.$inferInsert;

/** The package's name as it was sold (the order keeps a snapshot). */
export const insertGiftEsim = (db: Db, values: NewGiftEsimRow) => db.insert(giftEsims).values(values);

export const getGiftEsim = async (db: Db, orderId: string) =>
  (await db.select().from(giftEsims).where(eq(giftEsims.orderId, orderId)).limit(1))[0];

/** Locks a gift for a resend (its send count and token change under the lock). */
export const lockGiftEsim = async (db: Db, orderId: string) =>
  (await db.select().from(giftEsims).where(eq(giftEsims.orderId, orderId)).for('update').limit(1))[0];

/** The latest e-mail's token is this one; the links of earlier e-mails stop working. */
export const recordGiftSent = (
  db: Db,
  orderId: string,
  values: { claimTokenHash: string; sendCount: number },
) =>
  db
    .update(giftEsims)
    .set({ ...values, sentAt: sql`now()` })
    .where(eq(giftEsims.orderId, orderId));

/** The gift a claim token opens, locked for the claim, with its order's state and eSIM. */
export const lockGiftByToken = async (db: Db, claimTokenHash: string) =>
  (
    await db
      .select({
        gift: giftEsims,
        esimId: esims.id,
        esimStatus: esims.status,
        orderStatus: orders.status,
        packageSnapshot: orders.packageSnapshot,
      })
      .from(giftEsims)
      .innerJoin(orders, eq(orders.id, giftEsims.orderId))
      .leftJoin(esims, eq(esims.orderId, giftEsims.orderId))
      .where(eq(giftEsims.claimTokenHash, claimTokenHash))
      .for('update', { of: giftEsims })
      .limit(1)
  )[0];

/** Moves the eSIM (its packages follow it) into the claimer's account and marks the gift claimed. */
/** Gives the gift's eSIM to the account; answers when it was claimed and the account's e-mail (the timeline's). */
export const claimGift = async (db: Db, input: { orderId: string; esimId: string; userId: string }) => {
  await db.update(esims).set({ userId: input.userId }).where(eq(esims.id, input.esimId));
  const [claimed] = await db
    .update(giftEsims)
    .set({ claimedByUserId: input.userId, claimedAt: sql`now()` })
    .where(and(eq(giftEsims.orderId, input.orderId), isNull(giftEsims.claimedAt)))
    .returning({ claimedAt: giftEsims.claimedAt });
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  return { claimedAt: claimed?.claimedAt ?? new Date(), email: account?.email ?? '' };
};

export type GiftEsimFilters = GiftEsimsCsvQuery & {
  /** One gift (the answer of a staff action). */
  orderId?: string;
};

const claimer = alias(users, 'claimer');

/**
 * Ended before a claim (`giftEsimStateOf` in gift-esim-lifecycle.ts, ADR 0091): the order refunded in full, or
 * its eSIM freed or cancelled.
 */
const endedBeforeClaim = sql`(${giftEsims.claimedAt} is null and (${orders.status} = 'refunded' or exists (
  select 1 from ${esims} where ${esims.orderId} = ${giftEsims.orderId} and ${esims.status} not in ('ready', 'installed'))))`;

/** Not paid and fulfilled yet, sent to the recipient, claimed, or ended before a claim. */
const deliveryState = sql<
  'pending' | 'sent' | 'claimed' | 'ended'
>`case when ${giftEsims.claimedAt} is not null then 'claimed' when ${endedBeforeClaim} then 'ended'
  when ${giftEsims.sentAt} is not null then 'sent' else 'pending' end`;

const giftEsimList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({
        gift: giftEsims,
        order: orders,
        delivery: deliveryState,
        claimedByEmail: claimer.email,
        ...listFields,
      })
      .from(giftEsims)
      .innerJoin(orders, eq(orders.id, giftEsims.orderId))
      .leftJoin(claimer, eq(claimer.id, giftEsims.claimedByUserId))
      .$dynamic(),
  where: (filters: GiftEsimFilters) =>
    and(
      filters.orderId ? eq(giftEsims.orderId, filters.orderId) : undefined,
      filters.delivery ? sql`${deliveryState} = ${filters.delivery}` : undefined,
      searchCondition(filters.q, [orders.number, orders.buyerEmail, giftEsims.recipientEmail]),
    ),
  sortColumns: { createdAt: giftEsims.createdAt, claimedAt: giftEsims.claimedAt },
  tiebreak: giftEsims.orderId,
  defaultSort: '-createdAt',
  // The search reads the joined order, which a count of gift_esims alone would not see.
  totalInRows: () => true,
});

export const listGiftEsims = (db: Db, filters: GiftEsimFilters, page: PageQuery) =>
  giftEsimList.page(db, filters, page);
export const streamGiftEsims = (db: Db, filters: GiftEsimFilters) => giftEsimList.batches(db, filters);
export type GiftEsimListRow = Awaited<ReturnType<typeof listGiftEsims>>['rows'][number];
