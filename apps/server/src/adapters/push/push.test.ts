import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { startFakeFcm } from '../../test/fakes/fcm.fake';
import { startFakePushService } from '../../test/fakes/web-push.fake';
import { createFcmPushTransport } from './fcm';
import { InvalidPushTargetError } from './port';
import { createSandboxPushTransport } from './sandbox';
import { createWebPushTransport } from './web-push';

const message = { title: 'Data', body: 'You have used 60 % of your data.', url: '/account/packages' };

describe('FCM HTTP v1 adapter', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  let fake: Awaited<ReturnType<typeof startFakeFcm>>;
  beforeAll(async () => {
    fake = await startFakeFcm(
      'esim-app',
      'push@esim-app.iam.gserviceaccount.com',
      publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    );
  });
  afterAll(() => fake.close());
  const transport = (key = pem) =>
    createFcmPushTransport({
      projectId: 'esim-app',
      clientEmail: 'push@esim-app.iam.gserviceaccount.com',
      privateKey: key,
      apiUrl: fake.apiUrl,
      tokenUrl: fake.tokenUrl,
    });

  it('signs in with the service account once and sends the notification to the token', async () => {
    const fcm = transport();
    await fcm.deliver({ kind: 'fcm', token: 'device-token-1' }, message);
    await fcm.deliver({ kind: 'fcm', token: 'device-token-2' }, message);
    expect(fake.messages.map((m) => m.token)).toEqual(['device-token-1', 'device-token-2']);
    expect(fake.messages[0]).toMatchObject({
      title: 'Data',
      body: message.body,
      data: { url: '/account/packages' },
    });
    expect(fake.tokenRequests()).toBe(1);
  });

  it('reports an UNREGISTERED token as invalid, an outage and a wrong key as errors to retry', async () => {
    fake.unregister('uninstalled-token');
    await expect(
      transport().deliver({ kind: 'fcm', token: 'uninstalled-token' }, message),
    ).rejects.toBeInstanceOf(InvalidPushTargetError);
    fake.failNext(1);
    const outage = transport().deliver({ kind: 'fcm', token: 'device-token-1' }, message);
    await expect(outage).rejects.toThrow('fcm answered 503');
    await expect(outage).rejects.not.toBeInstanceOf(InvalidPushTargetError);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    await expect(
      transport(other.toString()).deliver({ kind: 'fcm', token: 'x-token-123' }, message),
    ).rejects.toThrow('fcm token endpoint answered 400');
  });
});

describe('Web Push adapter', () => {
  const vapid = webpush.generateVAPIDKeys();
  let fake: Awaited<ReturnType<typeof startFakePushService>>;
  beforeAll(async () => {
    fake = await startFakePushService();
  });
  afterAll(() => fake.close());
  const transport = createWebPushTransport({ ...vapid, subject: 'mailto:support@esim.example' });

  it('sends a VAPID-signed, encrypted payload the subscription can read', async () => {
    const subscription = fake.subscribe();
    await transport.deliver({ kind: 'web', endpoint: subscription.endpoint, ...subscription.keys }, message);
    expect(fake.received).toEqual([
      { subscriptionId: subscription.subscriptionId, ttl: 86_400, payload: message },
    ]);
  });

  it('reports a gone subscription (410) as invalid and an outage as an error to retry', async () => {
    const subscription = fake.subscribe();
    const target = { kind: 'web' as const, endpoint: subscription.endpoint, ...subscription.keys };
    fake.failNext(1);
    await expect(transport.deliver(target, message)).rejects.toThrow('push service answered 503');
    fake.unsubscribe(subscription.subscriptionId);
    await expect(transport.deliver(target, message)).rejects.toBeInstanceOf(InvalidPushTargetError);
  });

  it('is refused by the push service when signed with another key', async () => {
    const subscription = fake.subscribe();
    const other = webpush.generateVAPIDKeys();
    const forged = createWebPushTransport({
      publicKey: vapid.publicKey,
      privateKey: other.privateKey,
      subject: 'mailto:a@b.c',
    });
    await expect(
      forged.deliver({ kind: 'web', endpoint: subscription.endpoint, ...subscription.keys }, message),
    ).rejects.toThrow('push service answered 403');
  });
});

describe('sandbox push transport', () => {
  it('accepts a well-formed target and refuses a malformed one', async () => {
    await expect(
      createSandboxPushTransport().deliver({ kind: 'fcm', token: 'device-token-1' }, message),
    ).resolves.toBeUndefined();
    await expect(
      createSandboxPushTransport().deliver(
        { kind: 'web', endpoint: 'not a url', p256dh: 'x', auth: 'y' },
        message,
      ),
    ).rejects.toThrow('not a URL');
  });
});
