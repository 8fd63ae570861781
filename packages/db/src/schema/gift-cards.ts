import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders, refunds } from './orders';

/**
 * A gift card (issue 31, ADR 0040): bought like a package (an order of kind `gift_card`), activated when that
 * order is paid, e-mailed to the recipient on the send date, redeemed at checkout against `balance_cents`.
 * The code is never stored: `code_hash` (SHA-256 of the normalised code) finds it, `code_last4` shows it masked.
 * The balance only changes by a guarded update (`balance_cents >= amount`) in the transaction that writes the
 * redemption row, so concurrent checkouts never take it below zero.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The purchase; one card per order. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** Set when the purchase is paid (a pending card has no code yet and cannot be redeemed). */
    codeHash: text('code_hash'),
    codeLast4: text('code_last4'),
    amountCents: integer('amount_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message'),
    /** The UTC day the delivery job e-mails the code (today or later when bought). */
    sendOn: date('send_on', { mode: 'string' }).notNull(),
    /** The language the buyer chose for the recipient's e-mail. */
    locale: text('locale').notNull(),
    /** `cancelled`: its purchase was refunded down to nothing (ADR 0090); never delivered or redeemed again. */
    status: text('status', { enum: ['pending', 'active', 'cancelled'] })
      .notNull()
      .default('pending'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** First delivery; the job delivers a card only while this is null (one e-mail per card). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Staff resends after the first delivery. */
    resendCount: integer('resend_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_cards_order_unique').on(t.orderId),
    uniqueIndex('gift_cards_code_hash_unique').on(t.codeHash).where(sql`${t.codeHash} is not null`),
    index('gift_cards_created_idx').on(t.createdAt),
    // The delivery job's question: active cards due and not yet delivered.
    index('gift_cards_due_idx').on(t.sendOn).where(sql`${t.status} = 'active' and ${t.deliveredAt} is null`),
  ],
);

/**
 * A gift card's history (ADR 0080): its uses on orders and the refunds given back onto it.
 * A `redemption` is `held` when the order took the amount off the balance, `captured` when the order was paid,
 * `released` when its card payment failed or expired and the amount went back to the balance; one per card and
 * order. A `refund` (status `refunded`, `refund_id` set) is money a staff refund of a redeeming order put back on
 * the card; one per refund. A `revocation` (ADR 0090) is a refund of the card's own purchase taking its amount
 * off the card: `held` while that refund is on its way, `captured` when it succeeded, `released` (back on the card)
 * when it failed; one per refund. So the balance is always
 * `amount - held and captured redemptions + refunded - held and captured revocations`.
 */
export const giftCardRedemptions = pgTable(
  'gift_card_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: ['redemption', 'refund', 'revocation'] })
      .notNull()
      .default('redemption'),
    /** The refund a `refund` line gave back, or a `revocation` line took off the card (null for a redemption). */
    refundId: uuid('refund_id').references(() => refunds.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['held', 'captured', 'released', 'refunded'] })
      .notNull()
      .default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_card_redemptions_card_order_unique')
      .on(t.giftCardId, t.orderId)
      .where(sql`${t.kind} = 'redemption'`),
    uniqueIndex('gift_card_redemptions_refund_unique').on(t.refundId).where(sql`${t.refundId} is not null`),
    index('gift_card_redemptions_order_idx').on(t.orderId),
    index('gift_card_redemptions_card_idx').on(t.giftCardId, t.createdAt),
    check(
      'gift_card_redemptions_kind_check',
      sql`(${t.kind} = 'redemption') = (${t.refundId} is null) and (${t.kind} = 'refund') = (${t.status} = 'refunded')`,
    ),
  ],
);
