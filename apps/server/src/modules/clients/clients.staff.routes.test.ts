import { type Paged, tokenKinds } from '@esim/contracts';
import type { Client, ClientDetail } from '@esim/contracts/staff';
import { auditLog, orders, seedUser, users } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/callers';
import { createTestContext, loginAs, type TestContext, uniqueEmail, uniquePhone } from '../../test/harness';
import { eraseExpiredClients, exportClients } from './clients.service';

// Issue 12: the staff dashboard's clients (all, blocked, deleted), a client's detail, and the audited actions.
let ctx: TestContext;
let admin: Record<string, string>;
let editor: Record<string, string>;
/** A marker in every seeded client's last name, new for each test, so a search sees only that test's clients. */
let tag: string;
let tests = 0;
beforeEach(() => {
  tests += 1;
  tag = `Qa${Date.now().toString(36)}T${tests}`;
});

const seedClient = (values: Partial<typeof users.$inferInsert> = {}) =>
  seedUser(ctx.deps.db, { email: uniqueEmail('client'), phone: uniquePhone(), lastName: tag, ...values });

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, editor] = await Promise.all([signInAs(ctx, 'admin'), signInAs(ctx, 'editor')]);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers = admin) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });
const act = (clientId: string, action: string, version: string, headers = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/staff/clients/${clientId}/${action}`,
    headers: { 'accept-language': 'en', ...headers },
    payload: { version },
  });
const list = async (query: string, headers = admin) => {
  const response = await get(`/api/staff/clients?q=${tag}&${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Paged<Client>;
};
const detailOf = async (clientId: string) =>
  (await get(`/api/staff/clients/${clientId}`)).json() as ClientDetail;

describe('GET /api/staff/clients', () => {
  it('searches by e-mail, filters by country and registration date, sorts, and pages', async () => {
    const alba = await seedClient({
      firstName: 'Alba',
      country: 'AL',
      createdAt: new Date('2026-01-10T10:00:00Z'),
    });
    await seedClient({ firstName: 'Berat', country: 'DE', createdAt: new Date('2026-02-10T10:00:00Z') });
    await seedClient({ firstName: 'Cen', country: 'AL', createdAt: new Date('2026-03-10T10:00:00Z') });

    const byEmail = await get(`/api/staff/clients?q=${encodeURIComponent(alba.email)}`);
    expect(byEmail.json().items.map((c: Client) => c.id)).toEqual([alba.id]);

    const albanians = await list('country=AL&sort=createdAt');
    expect(albanians.items.map((c) => c.firstName)).toEqual(['Alba', 'Cen']);
    expect(albanians.total).toBe(2);

    const february = await list('createdAtFrom=2026-02-01&createdAtTo=2026-02-28');
    expect(february.items.map((c) => c.firstName)).toEqual(['Berat']);

    const page2 = await list('pageSize=2&page=2&sort=createdAt');
    expect(page2.items.map((c) => c.firstName)).toEqual(['Cen']);
    expect(page2.total).toBeGreaterThanOrEqual(3);
  });

  it('refuses unknown sort fields, bad countries and dates with field errors', async () => {
    for (const query of ['sort=password', 'country=Albania', 'createdAtFrom=yesterday', 'status=gone']) {
      const response = await get(`/api/staff/clients?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('opens to admins and editors only', async () => {
    for (const kind of tokenKinds) {
      const headers = await signInAs(ctx, kind);
      const response = await get('/api/staff/clients', headers);
      const expected = kind === 'admin' || kind === 'editor' ? 200 : kind === 'none' ? 401 : 403;
      expect(response.statusCode, kind).toBe(expected);
    }
  });
});

describe('client actions', () => {
  it('blocks a client: their open session ends at once and login is refused; unblock lets them in again', async () => {
    const client = await seedClient({ firstName: 'Drita' });
    const session = await loginAs(ctx.app, 'customer', client.email, client.password);
    const own = { authorization: `Bearer ${session.access_token}` };
    expect((await get('/api/account/profile', own)).statusCode).toBe(200);

    const { version } = (await detailOf(client.id)).client;
    const blocked = await act(client.id, 'block', version, editor);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().message).toBe('The client is blocked: they can no longer log in or buy.');
    expect(blocked.json().client.status).toBe('blocked');

    expect((await get('/api/account/profile', own)).statusCode).toBe(401);
    await expect(loginAs(ctx.app, 'customer', client.email, client.password)).rejects.toThrow(/403|401/);
    expect((await list('status=blocked')).items.map((c) => c.id)).toContain(client.id);

    const unblocked = await act(client.id, 'unblock', blocked.json().client.version);
    expect(unblocked.json().client.status).toBe('active');
    await expect(loginAs(ctx.app, 'customer', client.email, client.password)).resolves.toBeTruthy();
  });

  it('writes who did what, before and after, and shows it in the history', async () => {
    const client = await seedClient({ firstName: 'Elira' });
    const blocked = await act(client.id, 'block', (await detailOf(client.id)).client.version);
    await act(client.id, 'unblock', blocked.json().client.version);

    const { history } = await detailOf(client.id);
    expect(history.map((h) => [h.action, h.before, h.after])).toEqual([
      ['customer.unblock', { status: 'blocked' }, { status: 'active' }],
      ['customer.block', { status: 'active' }, { status: 'blocked' }],
    ]);
    expect(history[0]?.staffEmail).toMatch(/^admin-/);
  });

  it('refuses a second save from a stale screen and changes nothing', async () => {
    const client = await seedClient({ firstName: 'Fatos' });
    const { version } = (await detailOf(client.id)).client;
    expect((await act(client.id, 'block', version)).statusCode).toBe(200);

    const stale = await act(client.id, 'delete', version, editor);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'RECORD_CHANGED',
      message: 'This record was changed by someone else in the meantime. Reload it and try again.',
    });
    const after = await detailOf(client.id);
    expect(after.client.status).toBe('blocked');
    expect(after.history).toHaveLength(1);
  });

  it('refuses an action the state does not allow', async () => {
    const client = await seedClient();
    const response = await act(client.id, 'unblock', (await detailOf(client.id)).client.version);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('ACTION_NOT_ALLOWED');
  });

  it('deletes softly, lists the client as deleted, restores within 30 days and not after', async () => {
    const client = await seedClient({ firstName: 'Gent' });
    const deleted = await act(client.id, 'delete', (await detailOf(client.id)).client.version);
    expect(deleted.json().client.status).toBe('deleted');
    expect((await list('')).items.map((c) => c.id)).not.toContain(client.id);
    expect((await list('status=deleted')).items.map((c) => c.id)).toContain(client.id);
    await expect(loginAs(ctx.app, 'customer', client.email, client.password)).rejects.toThrow();

    const restored = await act(client.id, 'restore', deleted.json().client.version);
    expect(restored.json().client.status).toBe('active');

    const old = await seedClient({ deletedAt: new Date(Date.now() - 31 * 86_400_000) });
    const late = await act(old.id, 'restore', (await detailOf(old.id)).client.version);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('RESTORE_PERIOD_OVER');
  });

  it('e-mails a password reset link the client can use, and audits it', async () => {
    const client = await seedClient({ firstName: 'Hana' });
    const response = await act(client.id, 'password-reset', 'any');
    expect(response.statusCode, response.body).toBe(200);
    await ctx.deps.mailer.deliverPending();
    const mail = ctx.mails.findLast((m) => m.to === client.email);
    const token = /reset-password\?token=([^&"\s]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        token: decodeURIComponent(token ?? ''),
        password: 'N3w-passw0rd!',
        confirmPassword: 'N3w-passw0rd!',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await detailOf(client.id)).history.map((h) => h.action)).toEqual(['customer.password-reset']);
  });

  it('answers 404 for an unknown client or a non-customer, and 422 for an unknown action', async () => {
    const staff = await ctx.deps.db.select().from(users).where(eq(users.kind, 'staff')).limit(1);
    expect((await get(`/api/staff/clients/${staff[0]?.id}`)).statusCode).toBe(404);
    expect((await get('/api/staff/clients/7d0f9a53-3c51-4a8e-9d38-2a3f4c5b6d7e')).statusCode).toBe(404);
    const client = await seedClient();
    expect((await act(client.id, 'erase', 'x')).statusCode).toBe(422);
    expect((await act(client.id, 'block', '')).statusCode).toBe(422);
    expect(await ctx.deps.db.$count(auditLog, eq(auditLog.entityId, client.id))).toBe(0);
  });

  it('keeps analytics and other accounts out of the actions', async () => {
    const client = await seedClient();
    const { version } = (await detailOf(client.id)).client;
    for (const kind of ['analytics', 'customer', 'shop'] as const) {
      const response = await act(client.id, 'block', version, await signInAs(ctx, kind));
      expect(response.statusCode, kind).toBe(403);
    }
    expect((await detailOf(client.id)).client.status).toBe('active');
  });
});

describe('erasure of deleted clients', () => {
  it('erases the personal data of clients deleted over 30 days ago; their orders stay; recent ones keep theirs', async () => {
    const old = await seedClient({ firstName: 'Ilir', deletedAt: new Date(Date.now() - 31 * 86_400_000) });
    const recent = await seedClient({ firstName: 'Jeta', deletedAt: new Date(Date.now() - 5 * 86_400_000) });
    await ctx.deps.db.insert(orders).values({
      number: `ES-ERASE-${Date.now().toString(36)}`,
      kind: 'esim',
      fulfilmentStatus: 'completed',
      userId: old.id,
      subtotalCents: 900,
      totalCents: 900,
      paymentMethod: 'card',
      buyerName: 'Ilir Test',
      buyerEmail: old.email,
      locale: 'en',
    });

    expect(await eraseExpiredClients(ctx.deps)).toBeGreaterThanOrEqual(1);
    const [gone] = await ctx.deps.db.select().from(users).where(eq(users.id, old.id));
    expect(gone).toMatchObject({ firstName: 'Erased', phone: null, passwordHash: null });
    expect(gone?.email).toBe(`erased-${old.id}@erased.invalid`);
    expect(await ctx.deps.db.$count(orders, eq(orders.userId, old.id))).toBe(1);
    const [kept] = await ctx.deps.db.select().from(users).where(eq(users.id, recent.id));
    expect(kept?.email).toBe(recent.email);
    // A second run finds nothing new to erase for this client.
    const again = await eraseExpiredClients(ctx.deps);
    const [still] = await ctx.deps.db.select().from(users).where(eq(users.id, old.id));
    expect(still?.updatedAt.getTime()).toBe(gone?.updatedAt.getTime());
    expect(again).toBe(0);
  });
});

describe('GET /api/staff/clients.csv', () => {
  it('reads the export in keyset batches: every row once, in the list order, ties included', async () => {
    const marker = `Key${Date.now().toString(36)}`;
    const same = new Date('2030-01-01T00:00:00Z');
    for (let i = 0; i < 7; i++) await seedClient({ firstName: `Tie${i}`, lastName: marker, createdAt: same });
    const read = async (sort: 'createdAt' | '-createdAt' | 'email') => {
      let csv = '';
      for await (const chunk of exportClients(ctx.deps, { q: marker, sort }, 2)) csv += String(chunk);
      return csv
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(',')[2]);
    };
    const answer = await get(`/api/staff/clients?q=${marker}&pageSize=50&sort=email`);
    const page = (answer.json() as Paged<Client>).items.map((c) => c.email);
    expect(page).toHaveLength(7);
    expect(await read('email')).toEqual(page);
    for (const sort of ['createdAt', '-createdAt'] as const) {
      const emails = await read(sort);
      expect(emails).toHaveLength(7);
      expect(new Set(emails).size).toBe(7);
    }
  });

  it('streams every filtered client, not only a page', async () => {
    const marker = `Csv${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) await seedClient({ firstName: `Row${i}`, lastName: marker, country: 'IT' });
    await seedClient({ firstName: 'Other', lastName: marker, country: 'FR' });
    const response = await get(`/api/staff/clients.csv?q=${marker}&country=IT&sort=createdAt`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('email');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['Row0', 'Row1', 'Row2']);
  });
});
