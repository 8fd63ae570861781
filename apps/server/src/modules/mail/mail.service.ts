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

export type Mailer = {
  /** Stores the e-mail in the outbox (inside the caller's transaction if given) and schedules delivery. */
  send: (message: MailMessage, tx?: Db) => Promise<void>;
  /** Delivers what is pending; returns how many were attempted. */
  deliverPending: () => Promise<number>;
};

export const createMailer = (db: Db, transport: MailTransport, log: FastifyBaseLogger): Mailer => {
  let running: Promise<number> | null = null;

  const deliverBatch = async () => {
    const rows = await claimPendingEmails(db, 20, maxMailAttempts);
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
        const final = row.attempts + 1 >= maxMailAttempts;
        log.warn(
          { outboxId: row.id, attempt: row.attempts + 1, final, err: error },
          'e-mail delivery failed',
        );
        await markOutboxAttemptFailed(
          db,
          row.id,
          error instanceof Error ? error.message : String(error),
          final,
        );
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
