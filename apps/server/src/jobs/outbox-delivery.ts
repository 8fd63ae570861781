import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../modules/mail/mail.service';
import type { SmsSender } from '../modules/notifications/sms.service';

/** Retries undelivered e-mails and SMS every few seconds; each run is idempotent (rows are claimed). */
export const startOutboxDelivery = (
  senders: { mailer: Mailer; sms: SmsSender },
  log: FastifyBaseLogger,
  intervalMs = 5_000,
) => {
  const timer = setInterval(() => {
    senders.mailer.deliverPending().catch((err) => log.error({ err }, 'outbox e-mail delivery run failed'));
    senders.sms.deliverPending().catch((err) => log.error({ err }, 'outbox sms delivery run failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
