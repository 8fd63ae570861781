import type { OutboxAttachment } from '@esim/db';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutboxAttachment[];
};

/** Delivers one e-mail or throws; the outbox job retries failures. */
export type MailTransport = {
  name: string;
  deliver: (message: MailMessage) => Promise<void>;
};
