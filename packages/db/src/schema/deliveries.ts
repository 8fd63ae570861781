import { deliveryChannels } from '@esim/contracts/portal-subscribers';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { subscribers } from './credits';
import { esims } from './orders';
import { shops, users } from './users';

/**
 * Every time a shop handed an eSIM's install details to its subscriber (issue 11): by e-mail, by SMS or as a
 * printout, when, and by which shop user. Shown on the subscriber's page.
 */
export const subscriberDeliveries = pgTable(
  'subscriber_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    esimId: uuid('esim_id')
      .notNull()
      .references(() => esims.id),
    channel: text('channel', { enum: deliveryChannels }).notNull(),
    /** The e-mail address or phone number it went to; null for a printout. */
    recipient: text('recipient'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriber_deliveries_subscriber_idx').on(t.shopId, t.subscriberId, t.createdAt)],
);
