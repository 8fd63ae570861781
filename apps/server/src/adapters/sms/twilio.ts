import type { SmsTransport } from './port';

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  /** Sender number or alphanumeric sender id. */
  from: string;
  /** API origin; tests point it at the local fake. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/**
 * An HTTP SMS API in Twilio's shape: POST /2010-04-01/Accounts/{sid}/Messages.json with HTTP Basic auth and a
 * form body (To, From, Body); 201 with the message resource on success, a JSON error with `code` otherwise.
 */
export const createTwilioSmsTransport = (options: TwilioOptions): SmsTransport => {
  const send = options.fetch ?? fetch;
  const baseUrl = (options.baseUrl ?? 'https://api.twilio.com').replace(/\/$/, '');
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  return {
    name: 'twilio',
    deliver: async ({ to, text }) => {
      const response = await send(`${baseUrl}/2010-04-01/Accounts/${options.accountSid}/Messages.json`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: options.from, Body: text }).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (response.status !== 201) {
        const body = (await response.json().catch(() => ({}))) as { code?: number; message?: string };
        throw new Error(
          `sms gateway answered ${response.status}${body.code ? ` (${body.code})` : ''}: ${body.message ?? ''}`,
        );
      }
    },
  };
};
