import { isValidPhoneNumber } from 'libphonenumber-js';
import type { SmsTransport } from './port';

/** Default: the outbox row is the sent SMS, listed in the dev mailbox. Refuses what a real gateway refuses. */
export const createSandboxSmsTransport = (): SmsTransport => ({
  name: 'sandbox',
  deliver: async (message) => {
    if (!isValidPhoneNumber(message.to)) throw new Error(`sandbox sms: invalid number ${message.to}`);
    if (message.text.length === 0 || message.text.length > 1600) throw new Error('sandbox sms: bad length');
  },
});
