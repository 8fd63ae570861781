import type { Paged, PushDeviceResponse, TokenKind } from '@esim/contracts';
import type { PushNotification, PushNotificationResponse } from '@esim/contracts/staff';
import {
  auditLog,
  outbox,
  pushDeliveries,
  pushDevices,
  seedCompletedEsimOrder,
  seedUser,
  users,
} from '@esim/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { InvalidPushTargetError, type PushMessage, type PushTarget } from '../../adapters/push/port';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { enqueueDuePushNotifications } from '../../jobs/push-fan-out';
import { queues } from '../../lib/job-queue';
import { signInAs } from '../../test/callers';
import { createTestContext, loginAs, type TestContext, uniqueEmail, uniquePhone } from '../../test/harness';
import { applyUsage } from '../esims/usage.service';

// Issue 32: customers register push devices, staff send push messages, the delivery job retries and forgets dead
// tokens, and the data alerts reach the devices too.
const delivered: { target: PushTarget; message: PushMessage }[] = [];
let flakyFailures = 0;
/** A push service: tokens starting "dead" are gone, "flaky" ones fail while `flakyFailures` lasts. */
const pushTransport = {
  name: 'test',
  deliver: async (target: PushTarget, message: PushMessage) => {
    const token = target.kind === 'fcm' ? target.token : target.endpoint;
    if (token.includes('dead')) throw new InvalidPushTargetError('UNREGISTERED');
    if (token.includes('flaky') && flakyFailures-- > 0) throw new Error('503 from the push service');
    delivered.push({ target, message });
  },
};

let ctx: TestContext;
let callers: Record<TokenKind, Record<string, string>>;
beforeAll(async () => {
  ctx = await createTestContext(
    {},
    { pushTransport, esimProvider: createSandboxEsimProvider({ allocationDelayMs: 0, usageMbPerMinute: 0 }) },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  const kinds = ['none', 'customer', 'shop', 'admin', 'editor', 'analytics'] as const;
  callers = Object.fromEntries(
    await Promise.all(kinds.map(async (kind) => [kind, await signInAs(ctx, kind)] as const)),
  ) as Record<TokenKind, Record<string, string>>;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url, headers: { 'accept-language': 'en', ...headers }, payload });

/** A signed-in customer in a country and language. */
const customer = async (input: { country?: string; locale?: string } = {}) => {
  const user = await seedUser(ctx.deps.db, { email: uniqueEmail('push'), phone: uniquePhone(), ...input });
  const token = await loginAs(ctx.app, 'customer', user.email, user.password);
  return { user, auth: { authorization: `Bearer ${token.access_token}` } };
};
const fcmToken = (label: string) => `${label}-${Math.random().toString(36).slice(2)}-fcm-registration-token`;
const webSubscription = (host = 'fcm.googleapis.com') => ({
  endpoint: `https://${host}/fcm/send/${Math.random().toString(36).slice(2)}`,
  keys: {
    p256dh: 'BDTIFEjdYTauUEnosEoLl5K68rCtN8S_IMRZBx2LAgBg9OoMQscFoDBXpQlaLmvDPE-wtR-ALpS3Q8fvSKhTUxg',
    auth: 'dGVzdC1hdXRoLXNlY3JldA',
  },
});
const register = async (auth: Record<string, string>, token: string) => {
  const response = await call('POST', '/api/account/push/devices', auth, { token, platform: 'android' });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as PushDeviceResponse).device;
};
const expectOnlyCustomers = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
  expect((await call(method, url, callers.none, payload)).statusCode).toBe(401);
  for (const kind of ['shop', 'admin', 'editor', 'analytics'] as const)
    expect((await call(method, url, callers[kind], payload)).statusCode, kind).toBe(403);
};

describe('customer push devices', () => {
  it('answers the VAPID public key to customers only', async () => {
    const response = await call('GET', '/api/account/push/config', callers.customer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ webPushPublicKey: ctx.config.push.web.publicKey });
    expect(ctx.config.push.web.publicKey).toMatch(/^B[\w-]{86}$/);
    await expectOnlyCustomers('GET', '/api/account/push/config');
  });

  it('registers an FCM token once; the same token from another account moves to it', async () => {
    const first = await customer();
    const second = await customer();
    const token = fcmToken('moving');
    const device = await register(first.auth, token);
    expect(device).toMatchObject({ kind: 'fcm', platform: 'android' });
    expect((await register(first.auth, token)).id).toBe(device.id);
    await register(second.auth, token);
    const rows = await ctx.deps.db.select().from(pushDevices).where(eq(pushDevices.token, token));
    expect(rows.map((r) => r.userId)).toEqual([second.user.id]);
    await expectOnlyCustomers('POST', '/api/account/push/devices', { token, platform: 'android' });
  });

  it('refuses a malformed token or platform with field errors', async () => {
    const response = await call('POST', '/api/account/push/devices', callers.customer, {
      token: 'short',
      platform: 'windows',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['platform', 'token']);
  });

  it("removes the caller's own device only", async () => {
    const owner = await customer();
    const other = await customer();
    const device = await register(owner.auth, fcmToken('removable'));
    const url = `/api/account/push/devices/${device.id}`;
    expect((await call('DELETE', url, other.auth)).statusCode).toBe(404);
    const removed = await call('DELETE', url, owner.auth);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Notifications are off for this device.' });
    expect((await call('DELETE', url, owner.auth)).statusCode).toBe(404);
    await expectOnlyCustomers('DELETE', url);
  });

  it('stores a Web Push subscription at a known push service and removes it by endpoint', async () => {
    const { auth } = await customer();
    const subscription = webSubscription();
    const created = await call('POST', '/api/account/push/web-subscriptions', auth, subscription);
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as PushDeviceResponse).device).toMatchObject({ kind: 'web', platform: 'web' });
    const url = `/api/account/push/web-subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`;
    expect((await call('DELETE', url, auth)).statusCode).toBe(200);
    expect((await call('DELETE', url, auth)).statusCode).toBe(404);
    await expectOnlyCustomers('POST', '/api/account/push/web-subscriptions', subscription);
    await expectOnlyCustomers('DELETE', url);
  });

  it('refuses a subscription anywhere else (our server would POST to it), in the caller’s language', async () => {
    const { auth } = await customer();
    for (const host of ['internal.example', 'fcm.googleapis.com.evil.test']) {
      const response = await call('POST', '/api/account/push/web-subscriptions', auth, webSubscription(host));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ endpoint: ["This browser's push service is not supported."] });
    }
    const plain = { ...webSubscription(), endpoint: 'http://fcm.googleapis.com/fcm/send/x' };
    expect((await call('POST', '/api/account/push/web-subscriptions', auth, plain)).statusCode).toBe(422);
    const sq = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/push/web-subscriptions',
      headers: { ...auth, 'accept-language': 'sq' },
      payload: webSubscription('internal.example'),
    });
    expect(sq.json().errors.endpoint).toEqual(['Shërbimi i njoftimeve i këtij shfletuesi nuk mbështetet.']);
  });
});

const texts = (en: string, more: Record<string, string> = {}) => ({ en, ...more });
const send = (body: object, headers = callers.admin) =>
  call('POST', '/api/staff/push-notifications', headers, body);
const history = async (headers = callers.admin) => {
  const response = await call('GET', '/api/staff/push-notifications', headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Paged<PushNotification>;
};

/** The fan-out jobs queued in pg-boss for a message. */
const fanOutJobs = async (notificationId: string) => {
  await ctx.deps.jobs.ready();
  const { rows } = await ctx.deps.database.executeSql(
    `select count(*)::int as n from pgboss.job where name = $1 and data->>'notificationId' = $2`,
    [queues.pushFanOut, notificationId],
  );
  return (rows as { n: number }[])[0]?.n ?? 0;
};

describe('staff push messages', () => {
  it('dry run: counts the devices and customers of an audience, for admin and analytics only', async () => {
    const country = 'MT';
    const a = await customer({ country });
    const b = await customer({ country });
    await register(a.auth, fcmToken('malta-1'));
    await register(a.auth, fcmToken('malta-2'));
    await register(b.auth, fcmToken('malta-3'));
    for (const kind of ['admin', 'analytics'] as const) {
      const response = await call('POST', '/api/staff/push-notifications/dry-run', callers[kind], {
        audience: 'country',
        country,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        customers: 2,
        devices: 3,
        message: 'Devices reached: 3 (customers: 2).',
      });
    }
    const one = await call('POST', '/api/staff/push-notifications/dry-run', callers.admin, {
      audience: 'customer',
      customerEmail: a.user.email,
    });
    expect(one.json()).toMatchObject({ customers: 1, devices: 2 });
    for (const kind of ['editor', 'customer', 'shop'] as const)
      expect(
        (await call('POST', '/api/staff/push-notifications/dry-run', callers[kind], { audience: 'all' }))
          .statusCode,
      ).toBe(403);
    expect(
      (await call('POST', '/api/staff/push-notifications/dry-run', callers.none, { audience: 'all' }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses an audience without its country or customer, and an unknown customer, with field errors', async () => {
    const missing = await call('POST', '/api/staff/push-notifications/dry-run', callers.admin, {
      audience: 'country',
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['country']);
    const unknown = await send({
      titles: texts('Hi'),
      bodies: texts('Hello'),
      audience: 'customer',
      customerEmail: 'nobody@example.test',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ customerEmail: ['No customer has this e-mail address.'] });
    const noEnglish = await send({
      titles: { sq: 'Përshëndetje' },
      bodies: { sq: 'Tekst' },
      audience: 'all',
    });
    expect(noEnglish.statusCode).toBe(422);
    expect(Object.keys(noEnglish.json().errors).sort()).toEqual(['bodies.en', 'titles.en']);
    const past = await send({
      titles: texts('Hi'),
      bodies: texts('Hello'),
      audience: 'all',
      scheduledAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(past.json().errors).toEqual({ scheduledAt: ['Choose a time in the future.'] });
    expect((await history()).items.filter((n) => n.title === 'Hi')).toHaveLength(0);
  });

  it("sends now: one push per device in its owner's language (English when empty), counted in the history", async () => {
    const country = 'LU';
    const albanian = await customer({ country, locale: 'sq' });
    const german = await customer({ country, locale: 'de' });
    const sqToken = fcmToken('lu-sq');
    const deToken = fcmToken('lu-de');
    await register(albanian.auth, sqToken);
    await register(german.auth, deToken);
    const response = await send(
      {
        titles: texts('Summer offer', { sq: 'Ofertë vere' }),
        bodies: texts('20 % off in Europe', { sq: '20 % zbritje në Evropë' }),
        audience: 'country',
        country,
      },
      callers.analytics,
    );
    expect(response.statusCode, response.body).toBe(201);
    const { notification, message } = response.json() as PushNotificationResponse;
    // The request stored the message and queued its fan-out; the job sends (ADR 0084).
    expect(message).toBe('Sending. Devices: 2.');
    expect(notification).toMatchObject({
      status: 'sending',
      audience: 'country',
      audienceDetail: 'LU',
      sent: 0,
    });
    expect(await fanOutJobs(notification.id)).toBe(1);
    expect(await ctx.deps.push.fanOut(notification.id)).toBe(2);
    await ctx.deps.push.deliverPending();
    const to = (token: string) =>
      delivered.find((d) => d.target.kind === 'fcm' && d.target.token === token)?.message;
    expect(to(sqToken)).toEqual({ title: 'Ofertë vere', body: '20 % zbritje në Evropë', url: '/account' });
    expect(to(deToken)).toEqual({ title: 'Summer offer', body: '20 % off in Europe', url: '/account' });
    const row = (await history()).items.find((n) => n.id === notification.id);
    expect(row).toMatchObject({ status: 'sent', sent: 2, delivered: 2, failed: 0, title: 'Summer offer' });
    const [audit] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, notification.id));
    expect(audit).toMatchObject({ action: 'push_notification.create', entityType: 'push_notification' });
    for (const kind of ['editor', 'customer', 'shop'] as const) {
      expect(
        (await send({ titles: texts('x'), bodies: texts('y'), audience: 'all' }, callers[kind])).statusCode,
      ).toBe(403);
      expect((await call('GET', '/api/staff/push-notifications', callers[kind])).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/staff/push-notifications', callers.none)).statusCode).toBe(401);
    expect((await history(callers.analytics)).total).toBeGreaterThan(0);
  });

  it('schedules: nothing goes out before its time, then the sweep queues its job, which fans it out once', async () => {
    const { user, auth } = await customer({ locale: 'en' });
    const token = fcmToken('scheduled');
    await register(auth, token);
    const response = await send({
      titles: texts('Later'),
      bodies: texts('A scheduled message'),
      audience: 'customer',
      customerEmail: user.email,
      scheduledAt: new Date(Date.now() + 1_500).toISOString(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { notification, message } = response.json() as PushNotificationResponse;
    expect(message).toBe('The notification is scheduled.');
    expect(notification).toMatchObject({ status: 'scheduled', sent: 0, audienceDetail: user.email });
    expect(await fanOutJobs(notification.id)).toBe(0);
    // Run early, the job sends nothing.
    expect(await ctx.deps.push.fanOut(notification.id)).toBe(0);
    await ctx.deps.push.deliverPending();
    expect(delivered.some((d) => d.target.kind === 'fcm' && d.target.token === token)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    // The sweep queues its job once however often it runs; the job (run here as its worker runs it) sends.
    for (let i = 0; i < 3; i++) await enqueueDuePushNotifications(ctx.deps);
    expect(await fanOutJobs(notification.id)).toBe(1);
    expect(await ctx.deps.push.fanOut(notification.id)).toBe(1);
    await ctx.deps.push.deliverPending();
    expect(delivered.filter((d) => d.target.kind === 'fcm' && d.target.token === token)).toHaveLength(1);
    // Finished: the sweep queues nothing more, and a late second run of the job sends nothing.
    await ctx.deps.db.execute(
      sql`delete from pgboss.job where name = ${queues.pushFanOut} and data->>'notificationId' = ${notification.id}`,
    );
    await enqueueDuePushNotifications(ctx.deps);
    expect(await fanOutJobs(notification.id)).toBe(0);
    expect(await ctx.deps.push.fanOut(notification.id)).toBe(0);
    await ctx.deps.push.deliverPending();
    expect(delivered.filter((d) => d.target.kind === 'fcm' && d.target.token === token)).toHaveLength(1);
    expect((await history()).items.find((n) => n.id === notification.id)).toMatchObject({
      status: 'sent',
      sent: 1,
      delivered: 1,
    });
  });
});

describe('push delivery job', () => {
  it('retries a failed push and removes a device whose token the push service reports gone', async () => {
    const { user, auth } = await customer();
    const dead = await register(auth, fcmToken('dead'));
    const flaky = fcmToken('flaky');
    await register(auth, flaky);
    flakyFailures = 1;
    const response = await send({
      titles: texts('Hello'),
      bodies: texts('Two devices'),
      audience: 'customer',
      customerEmail: user.email,
    });
    const { notification } = response.json() as PushNotificationResponse;
    await ctx.deps.push.fanOut(notification.id);
    await ctx.deps.push.deliverPending();
    expect(await ctx.deps.db.select().from(pushDevices).where(eq(pushDevices.id, dead.id))).toEqual([]);
    let row = (await history()).items.find((n) => n.id === notification.id);
    expect(row).toMatchObject({ sent: 2, delivered: 0, failed: 1 });
    // The flaky one waits for its backoff; bring its retry forward.
    const pending = await ctx.deps.db.select().from(outbox).where(eq(outbox.status, 'pending'));
    const retry = pending.filter((r) => r.channel === 'push' && r.attempts === 1);
    expect(retry).toHaveLength(1);
    await ctx.deps.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.channel, 'push'));
    await ctx.deps.push.deliverPending();
    row = (await history()).items.find((n) => n.id === notification.id);
    expect(row).toMatchObject({ sent: 2, delivered: 1, failed: 1 });
    expect(delivered.filter((d) => d.target.kind === 'fcm' && d.target.token === flaky)).toHaveLength(1);
  });

  it('fans a message to 2,000 devices out in its job: the request sends nothing, two runs reach each device once', async () => {
    const country = 'IS';
    const stamp = Date.now().toString(36);
    const owners = await ctx.deps.db
      .insert(users)
      .values(
        Array.from({ length: 2_000 }, (_, i) => ({
          kind: 'customer' as const,
          firstName: 'Fan',
          lastName: `Out ${i}`,
          email: `fan-out-${stamp}-${i}@example.test`,
          country,
          locale: i % 2 === 0 ? 'sq' : 'en',
        })),
      )
      .returning({ id: users.id, locale: users.locale });
    const tokenOf = (i: number) => `fan-out-${stamp}-${i}-fcm-registration-token`;
    await ctx.deps.db.insert(pushDevices).values(
      owners.map((owner, i) => ({
        userId: owner.id,
        kind: 'fcm' as const,
        platform: 'android' as const,
        token: tokenOf(i),
      })),
    );
    const response = await send({
      titles: texts('Iceland offer', { sq: 'Ofertë për Islandën' }),
      bodies: texts('Fly and stay online', { sq: 'Fluturo dhe qëndro online' }),
      audience: 'country',
      country,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { notification, message } = response.json() as PushNotificationResponse;
    expect(message).toBe('Sending. Devices: 2000.');
    // The request queued one job and fanned out nothing itself.
    expect(notification).toMatchObject({ status: 'sending', sent: 0 });
    expect(await fanOutJobs(notification.id)).toBe(1);
    expect(await ctx.deps.db.$count(pushDeliveries, eq(pushDeliveries.notificationId, notification.id))).toBe(
      0,
    );

    // The job run twice at once (a retry overlapping a slow first run), then once more: 2,000 pushes in all.
    const runs = await Promise.all([
      ctx.deps.push.fanOut(notification.id),
      ctx.deps.push.fanOut(notification.id),
    ]);
    expect(runs[0] + runs[1]).toBe(2_000);
    expect(await ctx.deps.push.fanOut(notification.id)).toBe(0);
    const ours = () =>
      delivered.filter((d) => d.target.kind === 'fcm' && d.target.token.startsWith(`fan-out-${stamp}-`));
    await vi.waitFor(
      async () => {
        await ctx.deps.push.deliverPending();
        expect(ours()).toHaveLength(2_000);
      },
      { timeout: 100_000, interval: 200 },
    );
    const perToken = new Map<string, number>();
    for (const d of ours())
      if (d.target.kind === 'fcm') perToken.set(d.target.token, (perToken.get(d.target.token) ?? 0) + 1);
    expect(perToken.size).toBe(2_000);
    expect([...perToken.values()].every((n) => n === 1)).toBe(true);
    expect(ours().find((d) => d.target.kind === 'fcm' && d.target.token === tokenOf(0))?.message.title).toBe(
      'Ofertë për Islandën',
    );
    expect(ours().find((d) => d.target.kind === 'fcm' && d.target.token === tokenOf(1))?.message.title).toBe(
      'Iceland offer',
    );
    expect((await history()).items.find((n) => n.id === notification.id)).toMatchObject({
      status: 'sent',
      sent: 2_000,
      delivered: 2_000,
      failed: 0,
    });
  }, 180_000);

  it('sends the 60 % and 98 % data alerts to the devices of whoever allowed them', async () => {
    const { user, auth } = await customer({ locale: 'en' });
    const token = fcmToken('alerts');
    await register(auth, token);
    const silent = await seedUser(ctx.deps.db, { email: uniqueEmail('nopush'), phone: uniquePhone() });
    const seeded = await seedCompletedEsimOrder(ctx.deps.db, { userId: user.id, packageSlug: 'de-5gb-30d' });
    const other = await seedCompletedEsimOrder(ctx.deps.db, { userId: silent.id, packageSlug: 'de-5gb-30d' });
    const dataMb = seeded.esimPackage.dataMb ?? 0;
    await applyUsage(ctx.deps, seeded.esim.id, Math.ceil(dataMb * 0.6));
    await applyUsage(ctx.deps, seeded.esim.id, Math.ceil(dataMb * 0.98));
    await applyUsage(ctx.deps, other.esim.id, Math.ceil(dataMb * 0.98));
    await ctx.deps.push.deliverPending();
    const alerts = delivered
      .filter((d) => d.target.kind === 'fcm' && d.target.token === token)
      .map((d) => d.message);
    expect(alerts.map((a) => a.title)).toEqual(['60 % of your data used', 'Your data is almost used up']);
    expect(alerts[0]).toMatchObject({ url: '/account/packages' });
    expect(alerts[0]?.body).toMatch(/left\. Top up to stay connected\.$/);
  });
});
