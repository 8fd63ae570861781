import type { MailTransport } from './port';

/**
 * Default transport: the outbox row itself is the delivered message, shown in the dev mailbox page
 * (/dev/mailbox) so a person can click reset and verification links without an SMTP server.
 */
export const createSandboxMailTransport = (): MailTransport => ({
  name: 'dev-mailbox',
  deliver: async (message) => {
    if (!message.to.includes('@')) throw new Error(`sandbox mail: invalid recipient ${message.to}`);
  },
});
