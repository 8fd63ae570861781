import { type Database, outbox } from '@esim/db';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailMessage, MailTransport } from '../../adapters/mail/port';
import { createSandboxPushTransport } from '../../adapters/push/sandbox';
import { createSandboxSmsTransport } from '../../adapters/sms/sandbox';
import { startOutboxDelivery } from '../../jobs/outbox-delivery';
import { openTestDatabase, uniqueEmail } from '../../test/harness';
import { createSmsSender } from '../notifications/sms.service';
import { createPushSender } from '../push/push.service';
import { insertOutboxEmail } from './mail.repository';
import { createMailer, maxMailAttempts } from './mail.service';

// The mailer claims every due e-mail in its database, so this file keeps a database of its own.
let own: { database: Database; drop: () => Promise<void> };
beforeAll(async () => {
  const database = await openTestDatabase();
  own = { database, drop: () => database.close() };
});
afterAll(async () => {
  await own?.drop();
});

const log = pino({ level: 'silent' });

/** A transport that records what it delivers and fails for recipients (or attempts) the test chooses. */
const recordingTransport = (fail: (message: MailMessage, attempt: number) => Error | null = () => null) => {
  const delivered: MailMessage[] = [];
  const attempts = new Map<string, number>();
  const transport: MailTransport = {
    name: 'recording',
    deliver: async (message) => {
      const attempt = (attempts.get(message.to) ?? 0) + 1;
      attempts.set(message.to, attempt);
      const error = fail(message, attempt);
      if (error) throw error;
      delivered.push(message);
    },
  };
  return { transport, delivered, attemptsFor: (to: string) => attempts.get(to) ?? 0 };
};

/**
 * A transport whose first delivery waits until the test releases it: `entered` resolves once that delivery has
 * started, so the test can act while a run is under way. Later deliveries go straight through.
 */
const gatedTransport = () => {
  const signal = () => {
    let resolve = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  };
  const entered = signal();
  const gate = signal();
  const delivered: string[] = [];
  let started = 0;
  const transport: MailTransport = {
    name: 'gated',
    deliver: async (message) => {
      if (started++ === 0) {
        entered.resolve();
        await gate.promise;
      }
      delivered.push(message.to);
    },
  };
  return { transport, delivered, entered: entered.promise, release: () => gate.resolve() };
};

const queue = async (message: Partial<MailMessage> = {}) => {
  const row = await insertOutboxEmail(own.database.db, {
    to: uniqueEmail('mail'),
    subject: 'Reset your password',
    text: 'Open the link',
    ...message,
  });
  if (!row) throw new Error('insert failed');
  return row.id;
};

const rowOf = async (id: string) => {
  const [row] = await own.database.db.select().from(outbox).where(eq(outbox.id, id));
  return row;
};

describe('mailer and outbox', () => {
  it('delivers a pending e-mail with its attachment and marks it sent', async () => {
    const { transport, delivered } = recordingTransport();
    const mailer = createMailer(own.database.db, transport, log, { backoffMs: () => 0 });
    const attachment = { filename: 'qr.png', contentType: 'image/png', contentBase64: 'iVBORw0K' };
    const id = await queue({ html: '<p>Open the link</p>', attachments: [attachment] });
    const to = (await rowOf(id))?.to ?? '';

    expect(await mailer.deliverPending()).toBeGreaterThanOrEqual(1);
    expect(delivered.filter((m) => m.to === to)).toEqual([
      {
        to,
        subject: 'Reset your password',
        text: 'Open the link',
        html: '<p>Open the link</p>',
        attachments: [attachment],
      },
    ]);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);

    await mailer.deliverPending();
    expect(delivered.filter((m) => m.to === to)).toHaveLength(1);
  });

  it('send() stores the e-mail and delivers it without being asked', async () => {
    const { transport, delivered } = recordingTransport();
    const mailer = createMailer(own.database.db, transport, log, { backoffMs: () => 0 });
    const to = uniqueEmail('auto');
    await mailer.send({ to, subject: 'Welcome', text: 'Hello' });
    await vi.waitFor(() => expect(delivered.map((m) => m.to)).toContain(to));
    const [row] = await own.database.db.select().from(outbox).where(eq(outbox.to, to));
    await vi.waitFor(async () => expect((await rowOf(row?.id ?? ''))?.status).toBe('sent'));
  });

  it('leaves a failed e-mail pending with attempts and last_error, and fails it after 5 attempts', async () => {
    const { transport, attemptsFor } = recordingTransport(
      () => new Error('connect ECONNREFUSED 127.0.0.1:25'),
    );
    const mailer = createMailer(own.database.db, transport, log, { backoffMs: () => 0 });
    const id = await queue();
    const to = (await rowOf(id))?.to ?? '';

    await mailer.deliverPending();
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      sentAt: null,
    });

    for (let attempt = 2; attempt < maxMailAttempts; attempt++) {
      await mailer.deliverPending();
      expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: attempt });
    }
    await mailer.deliverPending();
    expect(maxMailAttempts).toBe(5);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 5 });

    // A failed e-mail is not tried again.
    await mailer.deliverPending();
    expect(attemptsFor(to)).toBe(5);
    expect((await rowOf(id))?.attempts).toBe(5);
  });

  it('sends on a later attempt after a transient failure and clears last_error', async () => {
    const { transport, delivered } = recordingTransport((_message, attempt) =>
      attempt === 1 ? new Error('421 try again later') : null,
    );
    const mailer = createMailer(own.database.db, transport, log, { backoffMs: () => 0 });
    const id = await queue();
    await mailer.deliverPending();
    expect(await rowOf(id)).toMatchObject({ status: 'pending', lastError: '421 try again later' });
    await mailer.deliverPending();
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(delivered).toHaveLength(1);
  });

  it('keeps one bad message from blocking the others and truncates long errors', async () => {
    const bad = uniqueEmail('bad');
    const { transport, delivered } = recordingTransport((message) =>
      message.to === bad ? new Error(`rejected ${'x'.repeat(2000)}`) : null,
    );
    const mailer = createMailer(own.database.db, transport, log, { backoffMs: () => 0 });
    const badId = await queue({ to: bad });
    const goodId = await queue();
    await mailer.deliverPending();
    expect((await rowOf(goodId))?.status).toBe('sent');
    const badRow = await rowOf(badId);
    expect(badRow?.status).toBe('pending');
    expect(badRow?.lastError).toHaveLength(500);
    expect(delivered.map((m) => m.to)).not.toContain(bad);
    // Leave nothing pending for the next test's mailer.
    await own.database.db.update(outbox).set({ status: 'failed' }).where(eq(outbox.id, badId));
  });

  it('delivers each e-mail once when two calls on one instance overlap', async () => {
    const { transport, delivered } = recordingTransport();
    const mailer = createMailer(own.database.db, transport, log, { backoffMs: () => 0 });
    const ids = await Promise.all([queue(), queue(), queue()]);
    await Promise.all([mailer.deliverPending(), mailer.deliverPending(), mailer.deliverPending()]);
    await mailer.deliverPending();
    const recipients = await Promise.all(ids.map(async (id) => (await rowOf(id))?.to));
    for (const to of recipients) expect(delivered.filter((m) => m.to === to)).toHaveLength(1);
  });

  it('delivers an e-mail stored while a run is under way without another call', async () => {
    const gated = gatedTransport();
    const mailer = createMailer(own.database.db, gated.transport, log, { backoffMs: () => 0 });
    const first = (await rowOf(await queue()))?.to;
    const run = mailer.deliverPending();
    await gated.entered;
    // Stored after the run claimed its batch, and asked for while the run still delivers it.
    const second = (await rowOf(await queue()))?.to;
    const asked = mailer.deliverPending();
    gated.release();
    await Promise.all([run, asked]);
    expect(gated.delivered).toEqual([first, second]);
  });

  // Two instances: the lease taken by the claim keeps B away from the e-mail A is still delivering.
  it('delivers each e-mail once when two instances deliver at the same time', async () => {
    const slow = gatedTransport();
    const fast = recordingTransport();
    const instanceA = createMailer(own.database.db, slow.transport, log, { backoffMs: () => 0 });
    const instanceB = createMailer(own.database.db, fast.transport, log, { backoffMs: () => 0 });
    const id = await queue();
    const to = (await rowOf(id))?.to;
    const runA = instanceA.deliverPending();
    try {
      await slow.entered;
      await instanceB.deliverPending();
    } finally {
      slow.release();
      await runA;
    }
    expect([...slow.delivered, ...fast.delivered.map((m) => m.to)].filter((t) => t === to)).toHaveLength(1);
  });

  it('the outbox job retries pending e-mails on its own', async () => {
    const { transport, delivered } = recordingTransport();
    const mailer = createMailer(own.database.db, transport, log, { backoffMs: () => 0 });
    const id = await queue();
    const to = (await rowOf(id))?.to;
    const sms = createSmsSender(own.database.db, createSandboxSmsTransport(), log);
    const push = createPushSender(own.database.db, createSandboxPushTransport(), log, ['fcm', 'web']);
    const stop = startOutboxDelivery({ mailer, sms, push }, log, 20);
    try {
      await vi.waitFor(() => expect(delivered.map((m) => m.to)).toContain(to));
    } finally {
      stop();
    }
  });
});
