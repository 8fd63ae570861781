import type { Db } from '@esim/db';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailTransport } from '../../adapters/mail/port';
import {
  claimPendingEmails,
  insertOutboxEmail,
  markOutboxAttemptFailed,
  markOutboxSent,
} from './mail.repository';

export const maxMailAttempts = 5;

/** Retry after 30 s, 2 min, 8 min, 32 min: an SMTP outage of about 40 minutes loses no e-mail. */
export const defaultMailBackoffMs = (attempt: number) => 30_000 * 4 ** (attempt - 1);
const leaseMs = 5 * 60_000;

export type Mailer = {
  /** Stores the e-mail in the outbox (inside the caller's transaction if given) and schedules delivery. */
  send: (message: MailMessage, tx?: Db) => Promise<void>;
  /** Delivers what is pending; returns how many were attempted. */
  deliverPending: () => Promise<number>;
};

export const createMailer = (
  db: Db,
  transport: MailTransport,
  log: FastifyBaseLogger,
  options: { backoffMs?: (attempt: number) => number } = {},
): Mailer => {
  const backoffMs = options.backoffMs ?? defaultMailBackoffMs;
  let running: Promise<number> | null = null;

  const deliverBatch = async () => {
    const rows = await claimPendingEmails(db, 20, maxMailAttempts, leaseMs);
    for (const row of rows) {
      try {
        await transport.deliver({
          to: row.to,
          subject: row.subject ?? '',
          text: row.text,
          html: row.html ?? undefined,
          attachments: row.attachments,
        });
        await markOutboxSent(db, row.id);
      } catch (error) {
        const attempt = row.attempts + 1;
        const final = attempt >= maxMailAttempts;
        log.warn({ outboxId: row.id, attempt, final, err: error }, 'e-mail delivery failed');
        const retryAt = final ? null : new Date(Date.now() + backoffMs(attempt));
        const message = error instanceof Error ? error.message : String(error);
        await markOutboxAttemptFailed(db, row.id, message, retryAt);
      }
    }
    return rows.length;
  };

  const deliverPending = () => {
    // One delivery loop per process at a time; other instances are kept apart by SKIP LOCKED.
    running ??= deliverBatch().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    send: async (message, tx) => {
      await insertOutboxEmail(tx ?? db, message);
      if (!tx) void deliverPending().catch((err) => log.error({ err }, 'outbox delivery crashed'));
    },
    deliverPending,
  };
};
