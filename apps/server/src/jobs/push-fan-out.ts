import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { listDuePushNotificationIds } from '../modules/push/push.repository';

/**
 * Queues the fan-out job of every staff push message whose time has come and whose fan-out has not finished: a
 * scheduled message at its time, and one whose job was lost (the process stopped between commit and queue, or
 * pg-boss gave up). pg-boss keeps one waiting job per message; the handler is idempotent (ADR 0084).
 */
export const enqueueDuePushNotifications = async (deps: Pick<AppDeps, 'db' | 'jobs'>) => {
  const ids = await listDuePushNotificationIds(deps.db, 100);
  for (const id of ids) await deps.jobs.enqueuePushFanOut(id);
  return ids.length;
};

/** Starts the fan-out worker and the sweep (every 5 s) that queues due messages. */
export const startPushFanOut = async (
  deps: Pick<AppDeps, 'db' | 'jobs' | 'push'>,
  log: FastifyBaseLogger,
  sweepEveryMs = 5_000,
) => {
  await deps.jobs.workPushFanOut(async ({ notificationId }) => {
    const queued = await deps.push.fanOut(notificationId);
    if (queued > 0) log.info({ notificationId, queued }, 'push message fanned out');
  });
  const timer = setInterval(() => {
    enqueueDuePushNotifications(deps).catch((err) => log.error({ err }, 'push fan-out sweep failed'));
  }, sweepEveryMs);
  timer.unref();
  return () => clearInterval(timer);
};
