import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/**
 * A gift eSIM (issue 31): an eSIM order (`kind = gift_esim`) whose eSIM goes to someone else's e-mail. The
 * recipient's e-mail carries a claim link; its token is stored only as a hash and changes with each resend
 * (`send_count`), so only the latest link works, once. Claiming moves the eSIM into the claimer's account.
 */
export const giftEsims = pgTable(
  'gift_esims',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    recipientEmail: text('recipient_email').notNull(),
    recipientName: text('recipient_name').notNull(),
    message: text('message'),
    recipientLocale: text('recipient_locale').notNull(),
    /** SHA-256 of the claim token of the latest e-mail; null until the eSIM is sent. */
    claimTokenHash: text('claim_token_hash'),
    /** How many times the recipient's e-mail was sent (the claim token's generation). */
    sendCount: integer('send_count').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    claimedByUserId: uuid('claimed_by_user_id').references(() => users.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_esims_claim_token_unique')
      .on(t.claimTokenHash)
      .where(sql`${t.claimTokenHash} is not null`),
    index('gift_esims_created_idx').on(t.createdAt),
  ],
);
