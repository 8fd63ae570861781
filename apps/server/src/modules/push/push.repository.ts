import { randomUUID } from 'node:crypto';
import type { PageQuery } from '@esim/contracts';
import type { PushAudience, PushNotificationsQuery } from '@esim/contracts/staff';
import {
  type Db,
  esimPackages,
  esims,
  outbox,
  pushDeliveries,
  pushDevices,
  pushNotifications,
  users,
} from '@esim/db';
import { and, count, eq, exists, gt, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { defineListQuery } from '../../lib/list-query';

export type PushDeviceRow = typeof pushDevices.$inferSelect;
export type NewPushDevice = Pick<PushDeviceRow, 'userId' | 'kind' | 'platform' | 'token' | 'p256dh' | 'auth'>;

/**
 * Stores a device, or takes over the row of the same token: the same phone registering again (a new login, maybe
 * by another account) is one device, with the newest owner and keys.
 */
export const upsertPushDevice = async (db: Db, device: NewPushDevice) => {
  const [row] = await db
    .insert(pushDevices)
    .values(device)
    .onConflictDoUpdate({
      target: pushDevices.token,
      set: {
        userId: device.userId,
        kind: device.kind,
        platform: device.platform,
        p256dh: device.p256dh,
        auth: device.auth,
        lastSeenAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('push device upsert returned nothing');
  return row;
};

/** Removes one of the user's devices, by id or token; answers whether there was one. */
export const deleteOwnPushDevice = async (db: Db, userId: string, by: { id: string } | { token: string }) => {
  const rows = await db
    .delete(pushDevices)
    .where(
      and(
        eq(pushDevices.userId, userId),
        'id' in by ? eq(pushDevices.id, by.id) : eq(pushDevices.token, by.token),
      ),
    )
    .returning({ id: pushDevices.id });
  return rows.length > 0;
};

export const deletePushDevice = (db: Db, id: string) => db.delete(pushDevices).where(eq(pushDevices.id, id));

export const listUserPushDevices = (db: Db, userId: string, kinds: DeviceKinds) =>
  db
    .select()
    .from(pushDevices)
    .where(and(eq(pushDevices.userId, userId), inArray(pushDevices.kind, [...kinds])));

type NewPushMessage = {
  deviceId: string;
  title: string;
  body: string;
  url: string;
  notificationId: string | null;
};

/**
 * One push per device, in the outbox (for the delivery job) and in push_deliveries (which message, which device),
 * a thousand rows per statement (a statement takes at most 65,535 parameters; an audience can be every customer).
 */
export const insertPushMessages = async (db: Db, messages: NewPushMessage[]) => {
  for (let start = 0; start < messages.length; start += 1000) {
    // Ids made here: each delivery row names its outbox row without relying on the order RETURNING answers in.
    const batch = messages
      .slice(start, start + 1000)
      .map((message) => ({ ...message, outboxId: randomUUID() }));
    await db.insert(outbox).values(
      batch.map((m) => ({
        id: m.outboxId,
        channel: 'push' as const,
        to: m.deviceId,
        subject: m.title,
        text: m.body,
      })),
    );
    await db.insert(pushDeliveries).values(
      batch.map((m) => ({
        outboxId: m.outboxId,
        notificationId: m.notificationId,
        deviceId: m.deviceId,
        url: m.url,
      })),
    );
  }
  return messages.length;
};

/** What the delivery job needs of a claimed push row: its device (null once removed) and the path it opens. */
export const findPushDeliveryTarget = async (db: Db, outboxId: string) => {
  const [row] = await db
    .select({ url: pushDeliveries.url, device: pushDevices })
    .from(pushDeliveries)
    .leftJoin(pushDevices, eq(pushDevices.id, pushDeliveries.deviceId))
    .where(eq(pushDeliveries.outboxId, outboxId))
    .limit(1);
  return row;
};

export type AudienceFilter =
  | { audience: Exclude<PushAudience, 'country' | 'customer'> }
  | { audience: 'country'; country: string }
  | { audience: 'customer'; userId: string };

/** The device kinds a deployment delivers to (a channel that is off has none, ADR 0087). */
export type DeviceKinds = readonly PushDeviceRow['kind'][];

/** Active customers the audience names (blocked and deleted accounts never receive pushes). */
const audienceCondition = (filter: AudienceFilter) =>
  and(
    eq(users.kind, 'customer'),
    eq(users.status, 'active'),
    sql`${users.deletedAt} is null`,
    filter.audience === 'country' ? eq(users.country, filter.country) : undefined,
    filter.audience === 'customer' ? eq(users.id, filter.userId) : undefined,
    filter.audience === 'active_esim'
      ? exists(
          sql`(select 1 from ${esims} inner join ${esimPackages} on ${esimPackages.esimId} = ${esims.id}
               where ${esims.userId} = ${users.id} and ${esimPackages.status} = 'active')`,
        )
      : undefined,
  );

/** How many customers and devices an audience reaches now (the dry run). */
export const countAudience = async (db: Db, filter: AudienceFilter, kinds: DeviceKinds) => {
  const [row] = await db
    .select({
      customers: sql<number>`count(distinct ${users.id})`.mapWith(Number),
      devices: count(pushDevices.id),
    })
    .from(pushDevices)
    .innerJoin(users, eq(users.id, pushDevices.userId))
    .where(and(audienceCondition(filter), inArray(pushDevices.kind, [...kinds])));
  return { customers: row?.customers ?? 0, devices: row?.devices ?? 0 };
};

/**
 * The audience's devices with their owners' language, in device id order after `after` (the fan-out's cursor),
 * `limit` at a time.
 */
export const listAudienceDevices = (
  db: Db,
  filter: AudienceFilter,
  kinds: DeviceKinds,
  page: { after: string | null; limit: number },
) =>
  db
    .select({ deviceId: pushDevices.id, locale: users.locale })
    .from(pushDevices)
    .innerJoin(users, eq(users.id, pushDevices.userId))
    .where(
      and(
        audienceCondition(filter),
        inArray(pushDevices.kind, [...kinds]),
        page.after ? gt(pushDevices.id, page.after) : undefined,
      ),
    )
    .orderBy(pushDevices.id)
    .limit(page.limit);

export const findCustomerByEmail = async (db: Db, email: string) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.kind, 'customer'), eq(users.email, email), sql`${users.deletedAt} is null`))
    .limit(1);
  return row;
};

export type NewPushNotification = typeof pushNotifications.$inferInsert;

export const insertPushNotification = async (db: Db, values: NewPushNotification) => {
  const [row] = await db.insert(pushNotifications).values(values).returning({ id: pushNotifications.id });
  if (!row) throw new Error('push notification insert returned nothing');
  return row;
};

/** Messages whose time has come and whose fan-out has not finished (for the sweep to queue their jobs). */
export const listDuePushNotificationIds = async (db: Db, limit: number) =>
  (
    await db
      .select({ id: pushNotifications.id })
      .from(pushNotifications)
      .where(
        and(
          inArray(pushNotifications.status, ['scheduled', 'sending']),
          lte(pushNotifications.scheduledAt, sql`now()`),
        ),
      )
      .orderBy(pushNotifications.scheduledAt)
      .limit(limit)
  ).map((row) => row.id);

/**
 * A message locked for one batch of its fan-out, until the caller's transaction ends: a second run of the job
 * waits here and then starts after the first one's cursor.
 */
export const lockPushNotification = async (tx: Db, id: string) =>
  (await tx.select().from(pushNotifications).where(eq(pushNotifications.id, id)).for('update').limit(1))[0];

/** A batch fanned out: the message is being sent, and the next batch starts after `cursor`. */
export const advancePushFanOut = (tx: Db, id: string, cursor: string) =>
  tx
    .update(pushNotifications)
    .set({ status: 'sending', fanOutCursor: cursor })
    .where(eq(pushNotifications.id, id));

export const markPushNotificationSent = (tx: Db, id: string) =>
  tx
    .update(pushNotifications)
    .set({ status: 'sent', sentAt: new Date() })
    .where(eq(pushNotifications.id, id));

const audienceUser = alias(users, 'audience_user');
const author = alias(users, 'author');
const deliveryCount = (status?: 'sent' | 'failed') =>
  sql<number>`(select count(*) from ${pushDeliveries} d inner join ${outbox} o on o.id = d.outbox_id
    where d.notification_id = ${pushNotifications.id}${status ? sql` and o.status = ${status}` : sql``})`.mapWith(
    Number,
  );

const notificationList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({
        notification: pushNotifications,
        audienceEmail: audienceUser.email,
        authorEmail: author.email,
        sent: deliveryCount(),
        delivered: deliveryCount('sent'),
        failed: deliveryCount('failed'),
        ...listFields,
      })
      .from(pushNotifications)
      .leftJoin(audienceUser, eq(audienceUser.id, pushNotifications.audienceUserId))
      .leftJoin(author, eq(author.id, pushNotifications.createdBy))
      .$dynamic(),
  where: (filters: Pick<PushNotificationsQuery, 'status' | 'sort'> & { ids?: string[] }) =>
    and(
      filters.status ? eq(pushNotifications.status, filters.status) : undefined,
      filters.ids ? inArray(pushNotifications.id, filters.ids) : undefined,
    ),
  sortColumns: { createdAt: pushNotifications.createdAt, scheduledAt: pushNotifications.scheduledAt },
  tiebreak: pushNotifications.id,
  defaultSort: '-createdAt',
});

export const listPushNotifications = (
  db: Db,
  filters: Pick<PushNotificationsQuery, 'status' | 'sort'>,
  page: PageQuery,
) => notificationList.page(db, filters, page);

export const getPushNotificationRow = async (db: Db, id: string) => {
  const { rows } = await notificationList.page(
    db,
    { ids: [id], sort: '-createdAt' },
    { page: 1, pageSize: 1 },
  );
  return rows[0];
};
