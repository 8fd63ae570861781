import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../modules/mail/mail.service';

/** Retries undelivered e-mails every few seconds; each run is idempotent (rows are claimed). */
export const startOutboxDelivery = (mailer: Mailer, log: FastifyBaseLogger, intervalMs = 5_000) => {
  const timer = setInterval(() => {
    mailer.deliverPending().catch((err) => log.error({ err }, 'outbox delivery run failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
