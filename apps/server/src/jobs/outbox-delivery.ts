import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../modules/mail/mail.service';
import type { SmsSender } from '../modules/notifications/sms.service';
import type { PushSender } from '../modules/push/push.service';

/**
 * Retries undelivered e-mails, SMS and pushes every few seconds, and fans out scheduled push messages whose time
 * has come; each run is idempotent (rows are claimed).
 */
export const startOutboxDelivery = (
  senders: { mailer: Mailer; sms: SmsSender; push: PushSender },
  log: FastifyBaseLogger,
  intervalMs = 5_000,
) => {
  const timer = setInterval(() => {
    senders.mailer.deliverPending().catch((err) => log.error({ err }, 'outbox e-mail delivery run failed'));
    senders.sms.deliverPending().catch((err) => log.error({ err }, 'outbox sms delivery run failed'));
    senders.push.deliverPending().catch((err) => log.error({ err }, 'outbox push delivery run failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
