import type { Db } from '@esim/db';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsMessage, SmsTransport } from '../../adapters/sms/port';
import { insertOutboxSms } from '../mail/mail.repository';
import { createOutboxDelivery } from '../mail/mail.service';

export type SmsSender = {
  /** Stores the SMS in the outbox (inside the caller's transaction if given); delivery retries on failure. */
  send: (message: SmsMessage, tx?: Db) => Promise<void>;
  deliverPending: () => Promise<number>;
};

export const createSmsSender = (db: Db, transport: SmsTransport, log: FastifyBaseLogger): SmsSender => {
  const deliverPending = createOutboxDelivery(
    db,
    'sms',
    (row) => transport.deliver({ to: row.to, text: row.text }),
    log,
  );
  return {
    send: async (message, tx) => {
      await insertOutboxSms(tx ?? db, message);
      if (!tx) void deliverPending().catch((err) => log.error({ err }, 'sms delivery crashed'));
    },
    deliverPending,
  };
};
