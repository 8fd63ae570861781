import type { Locale, PushDevice, RegisterPushDeviceBody, WebPushSubscriptionBody } from '@esim/contracts';
import type {
  PushAudienceBody,
  PushNotification,
  PushNotificationsQuery,
  SendPushNotificationBody,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import type { FastifyBaseLogger } from 'fastify';
import type { TFunction } from 'i18next';
import {
  InvalidPushTargetError,
  type PushMessage,
  type PushTarget,
  type PushTransport,
} from '../../adapters/push/port';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { toPaged } from '../../lib/list-query';
import { recordChange } from '../audit/audit.repository';
import { createOutboxDelivery, UndeliverableError } from '../mail/mail.service';
import {
  type AudienceFilter,
  claimDuePushNotifications,
  countAudience,
  deleteOwnPushDevice,
  deletePushDevice,
  findCustomerByEmail,
  findPushDeliveryTarget,
  getPushNotificationRow,
  insertPushMessages,
  insertPushNotification,
  listAudienceDevices,
  listPushNotifications,
  listUserPushDevices,
  markPushNotificationSent,
  type PushDeviceRow,
  upsertPushDevice,
} from './push.repository';

export type PushSender = {
  /** Queues a push to every device of a customer (inside the caller's transaction if given); none if they have none. */
  sendToUser: (userId: string, message: PushMessage, tx?: Db) => Promise<number>;
  /** Fans out staff messages whose time has come, then delivers what is pending. */
  deliverPending: () => Promise<number>;
  /** Fans out staff messages whose time has come (one per device, in its owner's language). */
  releaseDue: () => Promise<number>;
};

const targetOf = (device: PushDeviceRow): PushTarget =>
  device.kind === 'fcm'
    ? { kind: 'fcm', token: device.token }
    : { kind: 'web', endpoint: device.token, p256dh: device.p256dh ?? '', auth: device.auth ?? '' };

/** A locale's text, or English when staff left it empty (the contract requires English). */
export const textFor = (texts: Record<string, string | undefined>, locale: string) =>
  texts[locale]?.trim() || texts.en || '';

/** The staff message's audience as stored: a customer audience names the account, found by e-mail. */
const resolveAudience = async (db: Db, body: PushAudienceBody): Promise<AudienceFilter> => {
  if (body.audience === 'country') return { audience: 'country', country: body.country ?? '' };
  if (body.audience === 'customer') {
    const customer = body.customerEmail ? await findCustomerByEmail(db, body.customerEmail) : undefined;
    if (!customer)
      throw new AppError('VALIDATION_FAILED', { customerEmail: ['pushErrors.customerNotFound'] });
    return { audience: 'customer', userId: customer.id };
  }
  return { audience: body.audience };
};

export const createPushSender = (db: Db, transport: PushTransport, log: FastifyBaseLogger): PushSender => {
  const deliverOutbox = createOutboxDelivery(
    db,
    'push',
    async (row) => {
      const target = await findPushDeliveryTarget(db, row.id);
      if (!target?.device) throw new UndeliverableError('push device removed');
      try {
        await transport.deliver(targetOf(target.device), {
          title: row.subject ?? '',
          body: row.text,
          url: target.url,
        });
      } catch (error) {
        if (!(error instanceof InvalidPushTargetError)) throw error;
        // The push service says this token will never work again: forget the device, do not retry.
        await deletePushDevice(db, target.device.id);
        log.info({ deviceId: target.device.id, reason: error.reason }, 'push device removed');
        throw new UndeliverableError(error.message);
      }
    },
    log,
  );

  const releaseDue = async () => {
    let released = 0;
    for (;;) {
      const count = await db.transaction(async (tx) => {
        const [due] = await claimDuePushNotifications(tx, 1);
        if (!due) return null;
        const filter: AudienceFilter =
          due.audience === 'country'
            ? { audience: 'country', country: due.audienceCountry ?? '' }
            : due.audience === 'customer'
              ? { audience: 'customer', userId: due.audienceUserId ?? '00000000-0000-0000-0000-000000000000' }
              : { audience: due.audience };
        const devices = await listAudienceDevices(tx, filter);
        await insertPushMessages(
          tx,
          devices.map((device) => ({
            deviceId: device.deviceId,
            title: textFor(due.titles, device.locale),
            body: textFor(due.bodies, device.locale),
            url: '/account',
            notificationId: due.id,
          })),
        );
        await markPushNotificationSent(tx, due.id);
        return devices.length;
      });
      if (count === null) return released;
      released++;
    }
  };

  return {
    sendToUser: async (userId, message, tx) => {
      const devices = await listUserPushDevices(tx ?? db, userId);
      const queued = await insertPushMessages(
        tx ?? db,
        devices.map((device) => ({ deviceId: device.id, ...message, notificationId: null })),
      );
      if (!tx && queued > 0) void deliverOutbox().catch((err) => log.error({ err }, 'push delivery crashed'));
      return queued;
    },
    releaseDue,
    deliverPending: async () => {
      await releaseDue();
      return deliverOutbox();
    },
  };
};

const toDevice = (row: PushDeviceRow): PushDevice => ({
  id: row.id,
  kind: row.kind,
  platform: row.platform,
  createdAt: row.createdAt.toISOString(),
});

type CustomerDeps = { db: Db; config: Pick<Config, 'push'> };

/** A native app's FCM token for the signed-in customer. */
export const registerPushDevice = async (deps: CustomerDeps, userId: string, body: RegisterPushDeviceBody) =>
  toDevice(
    await upsertPushDevice(deps.db, {
      userId,
      kind: 'fcm',
      platform: body.platform,
      token: body.token,
      p256dh: null,
      auth: null,
    }),
  );

/** Whether a Web Push endpoint is at one of the allowed push services (a subscription is a URL we will POST to). */
export const isAllowedPushEndpoint = (endpoint: string, allowedHosts: readonly string[]) => {
  const url = new URL(endpoint);
  const host = url.hostname.toLowerCase();
  const loopback = host === '127.0.0.1' || host === 'localhost';
  if (url.protocol !== 'https:' && !loopback) return false;
  return allowedHosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed,
  );
};

/** The browser's Web Push subscription for the signed-in customer. */
export const subscribeWebPush = async (deps: CustomerDeps, userId: string, body: WebPushSubscriptionBody) => {
  if (!isAllowedPushEndpoint(body.endpoint, deps.config.push.allowedEndpointHosts))
    throw new AppError('VALIDATION_FAILED', { endpoint: ['pushErrors.endpointNotAllowed'] });
  return toDevice(
    await upsertPushDevice(deps.db, {
      userId,
      kind: 'web',
      platform: 'web',
      token: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
    }),
  );
};

/** Removes one of the caller's devices; another customer's (or none) is NOT_FOUND. */
export const removePushDevice = async (
  deps: { db: Db },
  userId: string,
  by: { id: string } | { token: string },
) => {
  if (!(await deleteOwnPushDevice(deps.db, userId, by))) throw new AppError('NOT_FOUND');
};

type StaffDeps = { db: Db; push: PushSender };

export const dryRunPushNotification = async (deps: { db: Db }, body: PushAudienceBody, t: TFunction) => {
  const reach = await countAudience(deps.db, await resolveAudience(deps.db, body));
  return { ...reach, message: t('push:messages.dryRun', reach) };
};

type NotificationRow = NonNullable<Awaited<ReturnType<typeof getPushNotificationRow>>>;

const toNotification = (row: NotificationRow, locale: Locale): PushNotification => ({
  id: row.notification.id,
  title: textFor(row.notification.titles, locale),
  audience: row.notification.audience,
  audienceDetail: row.notification.audienceCountry ?? row.audienceEmail ?? null,
  status: row.notification.status,
  scheduledAt: row.notification.scheduledAt.toISOString(),
  sentAt: row.notification.sentAt?.toISOString() ?? null,
  sent: row.sent,
  delivered: row.delivered,
  failed: row.failed,
  createdBy: row.authorEmail ?? null,
  createdAt: row.notification.createdAt.toISOString(),
});

const compact = (texts: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => Boolean(entry[1])));

/** Stores a staff message (audited) and, when it is due now, fans it out and delivers at once. */
export const createPushNotification = async (
  deps: StaffDeps,
  staffUserId: string,
  body: SendPushNotificationBody,
  request: { t: TFunction; locale: Locale },
) => {
  const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : new Date();
  // A minute of slack: "now" typed into the form is a few seconds old when it arrives.
  if (body.scheduledAt && scheduledAt.getTime() < Date.now() - 60_000)
    throw new AppError('VALIDATION_FAILED', { scheduledAt: ['pushErrors.scheduleInPast'] });
  const audience = await resolveAudience(deps.db, body);
  const id = await deps.db.transaction(async (tx) => {
    const row = await insertPushNotification(tx, {
      titles: compact(body.titles),
      bodies: compact(body.bodies),
      audience: audience.audience,
      audienceCountry: audience.audience === 'country' ? audience.country : null,
      audienceUserId: audience.audience === 'customer' ? audience.userId : null,
      scheduledAt,
      createdBy: staffUserId,
    });
    await recordChange(tx, {
      staffUserId,
      action: 'push_notification.create',
      entityType: 'push_notification',
      entityId: row.id,
      before: null,
      after: {
        audience: audience.audience,
        scheduledAt: scheduledAt.toISOString(),
        titles: compact(body.titles),
      },
    });
    return row.id;
  });
  const now = !body.scheduledAt || scheduledAt.getTime() <= Date.now();
  if (now) await deps.push.releaseDue();
  if (now) void deps.push.deliverPending().catch(() => undefined);
  const row = await getPushNotificationRow(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return {
    notification: toNotification(row, request.locale),
    message: request.t(now ? 'push:messages.sent' : 'push:messages.scheduled', { devices: row.sent }),
  };
};

export const listStaffPushNotifications = async (
  deps: { db: Db },
  query: PushNotificationsQuery,
  locale: Locale,
) => {
  const { rows, total } = await listPushNotifications(deps.db, query, query);
  return toPaged(
    query,
    total,
    rows.map((row) => toNotification(row, locale)),
  );
};
