import type { Db } from '@esim/db';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailTransport } from '../../adapters/mail/port';
import {
  claimPendingMessages,
  insertOutboxEmail,
  markOutboxAttemptFailed,
  markOutboxSent,
} from './mail.repository';

export const maxMailAttempts = 5;

/** Retry after 30 s, 2 min, 8 min, 32 min: an SMTP outage of about 40 minutes loses no e-mail. */
export const defaultMailBackoffMs = (attempt: number) => 30_000 * 4 ** (attempt - 1);
const leaseMs = 5 * 60_000;

export type OutboxRow = Awaited<ReturnType<typeof claimPendingMessages>>[number];

/** A message that can never be delivered (its push device is gone): failed at once, not retried. */
export class UndeliverableError extends Error {}

/**
 * Delivers one channel's due outbox rows through its transport, with retries and backoff (e-mail, SMS and push
 * share it). One delivery loop per process at a time; other instances are kept apart by SKIP LOCKED and the lease.
 */
export const createOutboxDelivery = (
  db: Db,
  channel: 'email' | 'sms' | 'push',
  deliver: (row: OutboxRow) => Promise<void>,
  log: FastifyBaseLogger,
  backoffMs: (attempt: number) => number = defaultMailBackoffMs,
) => {
  let running: Promise<number> | null = null;
  // Asked again while a run is under way: what was stored since its claim is delivered by one more run, not left
  // for the periodic sweep (an order's confirmation waited up to its 5 s interval; in tests, which run no sweep,
  // for ever).
  let askedAgain = false;

  const deliverBatch = async () => {
    const rows = await claimPendingMessages(db, channel, 20, maxMailAttempts, leaseMs);
    for (const row of rows) {
      try {
        await deliver(row);
        await markOutboxSent(db, row.id);
      } catch (error) {
        const attempt = row.attempts + 1;
        const final = attempt >= maxMailAttempts || error instanceof UndeliverableError;
        log.warn({ outboxId: row.id, channel, attempt, final, err: error }, 'outbox delivery failed');
        const retryAt = final ? null : new Date(Date.now() + backoffMs(attempt));
        const message = error instanceof Error ? error.message : String(error);
        await markOutboxAttemptFailed(db, row.id, message, retryAt);
      }
    }
    return rows.length;
  };

  const deliverUntilNotAsked = async () => {
    let attempted = 0;
    do {
      askedAgain = false;
      attempted += await deliverBatch();
    } while (askedAgain);
    return attempted;
  };

  return () => {
    if (running) {
      askedAgain = true;
      return running;
    }
    running = deliverUntilNotAsked().finally(() => {
      running = null;
    });
    return running;
  };
};

export type Mailer = {
  /**
   * Stores the e-mail in the outbox (inside the caller's transaction if given) and schedules delivery. With an
   * `id`, an e-mail already stored under that id is not stored again.
   */
  send: (message: MailMessage, tx?: Db, id?: string) => Promise<void>;
  /** Delivers what is pending; returns how many were attempted. */
  deliverPending: () => Promise<number>;
};

export const createMailer = (
  db: Db,
  transport: MailTransport,
  log: FastifyBaseLogger,
  options: { backoffMs?: (attempt: number) => number } = {},
): Mailer => {
  const deliverPending = createOutboxDelivery(
    db,
    'email',
    (row) =>
      transport.deliver({
        to: row.to,
        subject: row.subject ?? '',
        text: row.text,
        html: row.html ?? undefined,
        attachments: row.attachments,
      }),
    log,
    options.backoffMs,
  );
  return {
    send: async (message, tx, id) => {
      await insertOutboxEmail(tx ?? db, message, id);
      if (!tx) void deliverPending().catch((err) => log.error({ err }, 'outbox delivery crashed'));
    },
    deliverPending,
  };
};
