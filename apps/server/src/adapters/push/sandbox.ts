import type { PushTransport } from './port';

/**
 * Default: the outbox row is the sent push (listed in the dev mailbox with the e-mails and SMS). Refuses what a
 * push service refuses, so a bad row fails here as it would in production.
 */
export const createSandboxPushTransport = (): PushTransport => ({
  name: 'sandbox',
  deliver: async (target, message) => {
    if (target.kind === 'web' && !/^https?:\/\//.test(target.endpoint))
      throw new Error('sandbox push: endpoint is not a URL');
    if (target.kind === 'fcm' && target.token.length < 8) throw new Error('sandbox push: token too short');
    // FCM and the browsers' push services cap a message at 4 KB.
    if (Buffer.byteLength(JSON.stringify(message)) > 4000) throw new Error('sandbox push: message too large');
  },
});
