import type { PushNotificationResponse } from '@esim/contracts/staff';
import { outbox, pushDevices, seedUser } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage, PushTarget } from '../../adapters/push/port';
import { signInAs } from '../../test/callers';
import { createTestContext, loginAs, type TestContext, uniqueEmail, uniquePhone } from '../../test/harness';
import { createPushSender } from './push.service';

// ADR 0087: a deployment without a native app sets PUSH_FCM_PROVIDER=off. The channel then takes no devices, no
// push is queued to it, and staff's counts leave it out; the installable site's channel works as before.
const delivered: { target: PushTarget; message: PushMessage }[] = [];
const pushTransport = {
  name: 'test',
  deliver: async (target: PushTarget, message: PushMessage) => {
    delivered.push({ target, message });
  },
};

let ctx: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext({ PUSH_FCM_PROVIDER: 'off' }, { pushTransport });
  admin = await signInAs(ctx, 'admin');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers: { 'accept-language': 'en', ...headers }, payload });

const customer = async (country = 'LU') => {
  const user = await seedUser(ctx.deps.db, { email: uniqueEmail('push-off'), phone: uniquePhone(), country });
  const token = await loginAs(ctx.app, 'customer', user.email, user.password);
  return { user, auth: { authorization: `Bearer ${token.access_token}` } };
};
const endpoint = () => `https://fcm.googleapis.com/fcm/send/${Math.random().toString(36).slice(2)}`;
const subscribe = (auth: Record<string, string>, url = endpoint()) =>
  call('POST', '/api/account/push/web-subscriptions', auth, {
    endpoint: url,
    keys: {
      p256dh: 'BDTIFEjdYTauUEnosEoLl5K68rCtN8S_IMRZBx2LAgBg9OoMQscFoDBXpQlaLmvDPE-wtR-ALpS3Q8fvSKhTUxg',
      auth: 'dGVzdC1hdXRoLXNlY3JldA',
    },
  });
/** A phone registered while the app channel was still on (the API refuses new ones now). */
const earlierPhone = async (userId: string) => {
  const [device] = await ctx.deps.db
    .insert(pushDevices)
    .values({
      userId,
      kind: 'fcm',
      platform: 'android',
      token: `old-${Math.random()}`,
      p256dh: null,
      auth: null,
    })
    .returning();
  if (!device) throw new Error('no device');
  return device;
};

describe('push with the app channel off', () => {
  it("refuses an app's token with a translated message and still takes the site's subscription", async () => {
    const { auth } = await customer();
    const refused = await call('POST', '/api/account/push/devices', auth, {
      token: 'a-registration-token-of-some-length',
      platform: 'android',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ACTION_NOT_ALLOWED',
      message: 'Notifications are turned off for this kind of device.',
    });
    const sq = await call(
      'POST',
      '/api/account/push/devices',
      { ...auth, 'accept-language': 'sq' },
      { token: 'a-registration-token-of-some-length', platform: 'ios' },
    );
    expect(sq.json().message).toBe('Njoftimet janë të çaktivizuara për këtë lloj pajisjeje.');
    expect((await subscribe(auth)).statusCode).toBe(201);
    expect(await ctx.deps.db.select().from(pushDevices).where(eq(pushDevices.kind, 'fcm'))).toEqual([]);
  });

  it('counts, queues and delivers to the site only, and drops what was queued to a phone before', async () => {
    const { user, auth } = await customer('MT');
    const site = endpoint();
    expect((await subscribe(auth, site)).statusCode).toBe(201);
    const phone = await earlierPhone(user.id);

    const audience = { audience: 'country', country: 'MT' };
    const dryRun = await call('POST', '/api/staff/push-notifications/dry-run', admin, audience);
    expect(dryRun.json()).toMatchObject({ devices: 1, customers: 1 });

    // Queued to both devices by a process that still had the app channel on, then delivered by this one.
    const before = createPushSender(ctx.deps.db, pushTransport, ctx.app.log, ['fcm', 'web']);
    await ctx.deps.db.transaction((tx) =>
      before.sendToUser(user.id, { title: 'Old', body: 'Queued', url: '/account' }, tx),
    );
    await ctx.deps.push.deliverPending();
    expect(delivered.filter((d) => d.message.title === 'Old').map((d) => d.target.kind)).toEqual(['web']);
    const failed = await ctx.deps.db.select().from(outbox).where(eq(outbox.status, 'failed'));
    expect(failed.map((r) => r.lastError)).toContain('fcm push is off');
    // The phone is kept for when the channel is on again.
    expect(await ctx.deps.db.select().from(pushDevices).where(eq(pushDevices.id, phone.id))).toHaveLength(1);

    expect(await ctx.deps.push.sendToUser(user.id, { title: 'Alert', body: '60 %', url: '/account' })).toBe(
      1,
    );

    const sent = await call('POST', '/api/staff/push-notifications', admin, {
      titles: { en: 'Offer' },
      bodies: { en: 'Malta' },
      ...audience,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { notification, message } = sent.json() as PushNotificationResponse;
    expect(message).toBe('Sending. Devices: 1.');
    expect(await ctx.deps.push.fanOut(notification.id)).toBe(1);
    await ctx.deps.push.deliverPending();
    const offer = delivered.filter((d) => d.message.title === 'Offer');
    expect(offer.map((d) => (d.target.kind === 'web' ? d.target.endpoint : d.target.token))).toEqual([site]);
  });
});
