import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../modules/mail/mail.service';
import type { SmsSender } from '../modules/notifications/sms.service';
import type { PushSender } from '../modules/push/push.service';

/**
 * Retries undelivered e-mails, SMS and pushes every few seconds; each run is idempotent (rows are claimed). Staff
 * push messages are fanned out into the outbox by their own job (push-fan-out.ts).
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
