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
import type { JobQueue } from '../../lib/job-queue';
import { toPaged } from '../../lib/list-query';
import { recordChange } from '../audit/audit.repository';
import { createOutboxDelivery, UndeliverableError } from '../mail/mail.service';
import {
  type AudienceFilter,
  advancePushFanOut,
  countAudience,
  type DeviceKinds,
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
  lockPushNotification,
  markPushNotificationSent,
  type PushDeviceRow,
  upsertPushDevice,
} from './push.repository';

export type PushSender = {
  /** Queues a push to every device of a customer (inside the caller's transaction if given); none if they have none. */
  sendToUser: (userId: string, message: PushMessage, tx?: Db) => Promise<number>;
  /** Delivers what is pending in the push outbox (claimed rows: any number of runs at once). */
  deliverPending: () => Promise<number>;
  /**
   * The fan-out job's work (ADR 0084): one staff message, due, to every device of its audience in its owner's
   * language, in batches; returns how many pushes this run queued. Run twice, it queues each device once.
   */
  fanOut: (notificationId: string) => Promise<number>;
};

/** The device kinds this deployment delivers to: a channel set `off` takes no devices and no pushes (ADR 0087). */
export const pushKindsOn = (push: Config['push']): DeviceKinds => [
  ...(push.fcm.provider === 'off' ? [] : (['fcm'] as const)),
  ...(push.web.provider === 'off' ? [] : (['web'] as const)),
];

/** Devices per fan-out transaction: an audience of every customer never holds one long transaction. */
export const fanOutBatchSize = 500;

const targetOf = (device: PushDeviceRow): PushTarget =>
  device.kind === 'fcm'
    ? { kind: 'fcm', token: device.token }
    : { kind: 'web', endpoint: device.token, p256dh: device.p256dh ?? '', auth: device.auth ?? '' };

/** A locale's text, or English when staff left it empty (the contract requires English). */
export const textFor = (texts: Record<string, string | undefined>, locale: string) =>
  texts[locale]?.trim() || texts.en || '';

/** The audience a stored message names. */
const audienceOf = (row: {
  audience: PushAudienceBody['audience'];
  audienceCountry: string | null;
  audienceUserId: string | null;
}): AudienceFilter =>
  row.audience === 'country'
    ? { audience: 'country', country: row.audienceCountry ?? '' }
    : row.audience === 'customer'
      ? // A customer deleted since (set null) matches nobody.
        { audience: 'customer', userId: row.audienceUserId ?? '00000000-0000-0000-0000-000000000000' }
      : { audience: row.audience };

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

export const createPushSender = (
  db: Db,
  transport: PushTransport,
  log: FastifyBaseLogger,
  kinds: DeviceKinds,
): PushSender => {
  const deliverOutbox = createOutboxDelivery(
    db,
    'push',
    async (row) => {
      const target = await findPushDeliveryTarget(db, row.id);
      if (!target?.device) throw new UndeliverableError('push device removed');
      // Queued before its channel was turned off: dropped, the device kept for when it is on again.
      if (!kinds.includes(target.device.kind))
        throw new UndeliverableError(`${target.device.kind} push is off`);
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

  const fanOut = async (notificationId: string) => {
    let queued = 0;
    for (;;) {
      // One batch per transaction, the message locked meanwhile: its pushes and the cursor past them commit
      // together, so a crash resumes after the last whole batch and a second run continues where this one is.
      const batch = await db.transaction(async (tx) => {
        const due = await lockPushNotification(tx, notificationId);
        if (!due || due.status === 'sent' || due.scheduledAt.getTime() > Date.now()) return null;
        const devices = await listAudienceDevices(tx, audienceOf(due), kinds, {
          after: due.fanOutCursor,
          limit: fanOutBatchSize,
        });
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
        const last = devices.at(-1);
        if (devices.length < fanOutBatchSize || !last) await markPushNotificationSent(tx, due.id);
        else await advancePushFanOut(tx, due.id, last.deviceId);
        return { queued: devices.length, done: devices.length < fanOutBatchSize };
      });
      queued += batch?.queued ?? 0;
      if (!batch || batch.done) break;
    }
    if (queued > 0) void deliverOutbox().catch((err) => log.error({ err }, 'push delivery crashed'));
    return queued;
  };

  return {
    sendToUser: async (userId, message, tx) => {
      const devices = await listUserPushDevices(tx ?? db, userId, kinds);
      const queued = await insertPushMessages(
        tx ?? db,
        devices.map((device) => ({ deviceId: device.id, ...message, notificationId: null })),
      );
      if (!tx && queued > 0) void deliverOutbox().catch((err) => log.error({ err }, 'push delivery crashed'));
      return queued;
    },
    deliverPending: deliverOutbox,
    fanOut,
  };
};

const toDevice = (row: PushDeviceRow): PushDevice => ({
  id: row.id,
  kind: row.kind,
  platform: row.platform,
  createdAt: row.createdAt.toISOString(),
});

type CustomerDeps = { db: Db; config: Pick<Config, 'push'> };

/** Refuses a device of a channel this deployment has turned off (ADR 0087): it would never get a push. */
const requireChannelOn = (push: Config['push'], kind: PushDeviceRow['kind']) => {
  if (!pushKindsOn(push).includes(kind))
    throw new AppError('ACTION_NOT_ALLOWED', undefined, undefined, undefined, 'push:pushErrors.channelOff');
};

/** A native app's FCM token for the signed-in customer. */
export const registerPushDevice = async (
  deps: CustomerDeps,
  userId: string,
  body: RegisterPushDeviceBody,
) => {
  requireChannelOn(deps.config.push, 'fcm');
  return toDevice(
    await upsertPushDevice(deps.db, {
      userId,
      kind: 'fcm',
      platform: body.platform,
      token: body.token,
      p256dh: null,
      auth: null,
    }),
  );
};

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
  requireChannelOn(deps.config.push, 'web');
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

type StaffDeps = { db: Db; jobs: Pick<JobQueue, 'enqueuePushFanOut'>; config: Pick<Config, 'push'> };

export const dryRunPushNotification = async (
  deps: { db: Db; config: Pick<Config, 'push'> },
  body: PushAudienceBody,
  t: TFunction,
) => {
  const reach = await countAudience(
    deps.db,
    await resolveAudience(deps.db, body),
    pushKindsOn(deps.config.push),
  );
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

/**
 * Stores a staff message (audited). Due now, it is `sending` and its fan-out job is queued after commit: the
 * request answers at once with the audience's size, whatever it is (ADR 0084). A lost job is queued again by the
 * sweep of due messages.
 */
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
  const now = !body.scheduledAt || scheduledAt.getTime() <= Date.now();
  const id = await deps.db.transaction(async (tx) => {
    const row = await insertPushNotification(tx, {
      titles: compact(body.titles),
      bodies: compact(body.bodies),
      audience: audience.audience,
      audienceCountry: audience.audience === 'country' ? audience.country : null,
      audienceUserId: audience.audience === 'customer' ? audience.userId : null,
      scheduledAt,
      status: now ? 'sending' : 'scheduled',
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
  if (now) await deps.jobs.enqueuePushFanOut(id);
  const row = await getPushNotificationRow(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return {
    notification: toNotification(row, request.locale),
    message: now
      ? request.t('push:messages.sending', {
          devices: (await countAudience(deps.db, audience, pushKindsOn(deps.config.push))).devices,
        })
      : request.t('push:messages.scheduled'),
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
