import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { outbox } from './outbox';
import { users } from './users';

/**
 * A customer's phone or browser that may be sent push messages: an FCM registration token (native apps) or a Web
 * Push subscription (the installable site: its endpoint is the token, with the keys that encrypt the payload).
 */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['fcm', 'web'] }).notNull(),
    platform: text('platform', { enum: ['android', 'ios', 'web'] }).notNull(),
    /** Unique: a token re-registered by another account moves to it (the phone changed hands). */
    token: text('token').notNull().unique(),
    /** Web Push only: the subscription's public key and auth secret (RFC 8291). */
    p256dh: text('p256dh'),
    auth: text('auth'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_devices_user_idx').on(t.userId)],
);

export const pushAudiences = ['all', 'country', 'active_esim', 'customer'] as const;

/** A push message staff composed (`/mobile/send-notification`): texts per locale, audience, when it goes out. */
export const pushNotifications = pgTable(
  'push_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titles: jsonb('titles').$type<Record<string, string>>().notNull(),
    bodies: jsonb('bodies').$type<Record<string, string>>().notNull(),
    audience: text('audience', { enum: pushAudiences }).notNull(),
    audienceCountry: text('audience_country'),
    audienceUserId: uuid('audience_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** scheduled → sending (the fan-out job at work, batch after batch) → sent (ADR 0084). */
    status: text('status', { enum: ['scheduled', 'sending', 'sent'] })
      .notNull()
      .default('scheduled'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The fan-out's progress: the last device (in id order) given its push; the next batch starts after it. */
    fanOutCursor: uuid('fan_out_cursor'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_notifications_due_idx').on(t.status, t.scheduledAt)],
);

/** One push outbox row per device: which message (none for a data alert) and which device it went to. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    outboxId: uuid('outbox_id')
      .primaryKey()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id').references(() => pushNotifications.id, { onDelete: 'cascade' }),
    /** Null once the device is removed (its token reported invalid, or the customer turned push off). */
    deviceId: uuid('device_id').references(() => pushDevices.id, { onDelete: 'set null' }),
    /** The site path the notification opens. */
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('push_deliveries_notification_idx').on(t.notificationId),
    // A staff message reaches a device once, whatever runs its fan-out twice (ADR 0084).
    uniqueIndex('push_deliveries_notification_device_unique').on(t.notificationId, t.deviceId),
  ],
);
