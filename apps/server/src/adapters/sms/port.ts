export type SmsMessage = { to: string; text: string };

/** Delivers one SMS or throws; the outbox job retries failures (DESIGN section 4). */
export type SmsTransport = {
  name: string;
  deliver: (message: SmsMessage) => Promise<void>;
};
