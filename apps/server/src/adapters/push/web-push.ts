import webpush from 'web-push';
import { InvalidPushTargetError, type PushTransport } from './port';

export type WebPushOptions = {
  /** The VAPID key pair (base64url, `npx web-push generate-vapid-keys`); the site subscribes with the public key. */
  publicKey: string;
  privateKey: string;
  /** A `mailto:` or `https:` contact the push services may reach us at (RFC 8292). */
  subject: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/**
 * Web Push (RFC 8030/8291/8292) with the `web-push` library: the payload is encrypted for the subscription's keys
 * and the request signed with our VAPID key. 404 and 410 mean the subscription is gone (the browser
 * unsubscribed or the site data was cleared): the device is removed; other failures are retried.
 */
export const createWebPushTransport = (options: WebPushOptions): PushTransport => {
  const send = options.fetch ?? fetch;
  return {
    name: 'web-push',
    deliver: async (target, message) => {
      if (target.kind !== 'web') throw new Error('web push transport: not a Web Push subscription');
      // The library encrypts and signs; the request goes out with fetch (its own sender speaks https only,
      // and the local fake push service of the tests speaks http).
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: {
            subject: options.subject,
            publicKey: options.publicKey,
            privateKey: options.privateKey,
          },
          // A day: an alert about data running out is worth little later.
          TTL: 24 * 3600,
        },
      );
      const response = await send(request.endpoint, {
        method: request.method,
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (response.ok) return;
      if (response.status === 404 || response.status === 410)
        throw new InvalidPushTargetError(`web push ${response.status}`);
      const text = await response.text().catch(() => '');
      throw new Error(`push service answered ${response.status}: ${text.slice(0, 200)}`);
    },
  };
};

/** Sends to FCM tokens and Web Push subscriptions alike, each through its own transport (null: that channel is off). */
export const combinePushTransports = (
  fcm: PushTransport | null,
  web: PushTransport | null,
): PushTransport => ({
  name: `${fcm?.name ?? 'fcm-off'}+${web?.name ?? 'web-off'}`,
  deliver: async (target, message) => {
    const transport = target.kind === 'fcm' ? fcm : web;
    // The sender queues nothing to a channel that is off (ADR 0087) and drops what was queued before.
    if (!transport) throw new Error(`${target.kind} push is off`);
    await transport.deliver(target, message);
  },
});
