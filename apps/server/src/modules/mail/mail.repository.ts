import { type Db, outbox } from '@esim/db';
import { and, desc, eq, lt, lte, sql } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail/port';

/** With an `id`, the e-mail is stored once: a second insert with that id does nothing. */
export const insertOutboxEmail = async (db: Db, message: MailMessage, id?: string) => {
  const [row] = await db
    .insert(outbox)
    .values({
      ...(id ? { id } : {}),
      channel: 'email',
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      attachments: message.attachments ?? [],
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return row;
};

export const insertOutboxSms = async (db: Db, message: { to: string; text: string }) => {
  const [row] = await db
    .insert(outbox)
    .values({ channel: 'sms', to: message.to, text: message.text })
    .returning({ id: outbox.id });
  return row;
};

/**
 * Claims due messages of one channel and leases them: SKIP LOCKED keeps concurrent claims apart, and the lease (next_attempt_at
 * pushed into the future) keeps another instance from sending the same e-mail while this one delivers it.
 */
export const claimPendingMessages = async (
  db: Db,
  channel: 'email' | 'sms' | 'push',
  limit: number,
  maxAttempts: number,
  leaseMs: number,
) =>
  db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.channel, channel),
          eq(outbox.status, 'pending'),
          lt(outbox.attempts, maxAttempts),
          // The database's clock (microseconds), like the default that filled the column.
          lte(outbox.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(outbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      await tx
        .update(outbox)
        .set({
          attempts: sql`${outbox.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
        })
        .where(eq(outbox.id, row.id));
    }
    return rows;
  });

export const markOutboxSent = (db: Db, id: string) =>
  db.update(outbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(outbox.id, id));

export const markOutboxAttemptFailed = (db: Db, id: string, error: string, retryAt: Date | null) =>
  db
    .update(outbox)
    .set({
      lastError: error.slice(0, 500),
      ...(retryAt ? { nextAttemptAt: retryAt } : { status: 'failed' as const }),
    })
    .where(eq(outbox.id, id));

export const listOutbox = (db: Db, limit: number) =>
  db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);

export const getOutboxMessage = async (db: Db, id: string) => {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  return row;
};
