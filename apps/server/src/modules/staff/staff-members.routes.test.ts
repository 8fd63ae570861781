import { type Paged, tokenKinds } from '@esim/contracts';
import type { StaffMember, StaffMemberDetail } from '@esim/contracts/staff';
import { seedStaffUser, users } from '@esim/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/callers';
import { createTestContext, loginAs, type TestContext, uniqueEmail } from '../../test/harness';

// Issue 12: create a staff user with an invitation, change roles, deactivate; never the last admin, never oneself.
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof seedStaffUser>>;
let auth: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await seedStaffUser(ctx.deps.db, 'admin', { email: uniqueEmail('boss') });
  auth = {
    authorization: `Bearer ${(await loginAs(ctx.app, 'staff', admin.email, admin.password)).access_token}`,
  };
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = auth) =>
  ctx.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...headers },
    ...(payload ? { payload } : {}),
  });
const detail = async (id: string) =>
  (await call('GET', `/api/staff/staff-members/${id}`)).json() as StaffMemberDetail;
const invite = (role: 'admin' | 'editor' | 'analytics', email = uniqueEmail(role)) =>
  call('POST', '/api/staff/staff-members', { firstName: 'Teuta', lastName: 'Krasniqi', email, role });

describe('staff members', () => {
  it('creates an editor who sets a password from the invitation and can then log in as an editor', async () => {
    const email = uniqueEmail('new-editor');
    const created = await invite('editor', email);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(
      'Teuta Krasniqi can now use the staff dashboard: we e-mailed them a link to choose a password.',
    );
    expect(created.json().member).toMatchObject({
      role: 'editor',
      status: 'active',
      invitationPending: true,
    });

    await ctx.deps.mailer.deliverPending();
    const mail = ctx.mails.findLast((m) => m.to === email);
    expect(mail?.subject).toBe('You have an account on the eSIM staff dashboard');
    expect(mail?.text).toContain('the role editor');
    const token = /\/set-password\?token=([^\s"&]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(mail?.text).toContain(`${ctx.config.adminUrl}/set-password?token=`);
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        token: decodeURIComponent(token),
        password: 'Editor-pass-2026',
        confirmPassword: 'Editor-pass-2026',
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await loginAs(ctx.app, 'staff', email, 'Editor-pass-2026');
    expect(login.user.role?.name).toBe('editor');

    const { history } = await detail(created.json().member.id);
    expect(history.map((h) => h.action)).toEqual(['staff.create']);
  });

  it('refuses a taken e-mail and bad input with field errors', async () => {
    const taken = await invite('analytics', admin.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.email).toEqual(['This email already exists!']);
    const bad = await call('POST', '/api/staff/staff-members', {
      firstName: '',
      lastName: 'X',
      email: 'x',
      role: 'boss',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'firstName', 'role']);
  });

  it('changes a role (their sessions end, the new role applies), deactivates and reactivates, with history', async () => {
    const email = uniqueEmail('analyst');
    const member = (await invite('analytics', email)).json().member as StaffMember;
    await ctx.deps.db.update(users).set({ passwordHash: admin.passwordHash }).where(eq(users.id, member.id));
    const before = await loginAs(ctx.app, 'staff', email, admin.password);
    const theirs = { authorization: `Bearer ${before.access_token}` };

    const promoted = await call('PATCH', `/api/staff/staff-members/${member.id}`, {
      version: (await detail(member.id)).member.version,
      role: 'editor',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().message).toBe('Teuta Krasniqi is now editor.');
    expect((await call('GET', '/api/staff/clients', undefined, theirs)).statusCode).toBe(401);

    const off = await call('PATCH', `/api/staff/staff-members/${member.id}`, {
      version: promoted.json().member.version,
      status: 'deactivated',
    });
    expect(off.json().member.status).toBe('deactivated');
    await expect(loginAs(ctx.app, 'staff', email, admin.password)).rejects.toThrow(/403/);
    const on = await call('PATCH', `/api/staff/staff-members/${member.id}`, {
      version: off.json().member.version,
      status: 'active',
    });
    expect(on.json().member.status).toBe('active');
    expect((await detail(member.id)).history.map((h) => h.action)).toEqual([
      'staff.reactivate',
      'staff.deactivate',
      'staff.role',
      'staff.create',
    ]);
  });

  it("refuses changes to the caller's own account", async () => {
    const own = await call('PATCH', `/api/staff/staff-members/${admin.id}`, {
      version: (await detail(admin.id)).member.version,
      role: 'editor',
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('You cannot change your own role or deactivate your own account.');
  });

  it('keeps one active admin when the last two demote each other at the same moment', async () => {
    const admins = async () =>
      (
        await ctx.deps.db
          .select()
          .from(users)
          .where(and(eq(users.kind, 'staff'), eq(users.roleId, 1)))
      ).filter((u) => u.status === 'active');
    const parked = (await admins()).map((u) => u.id);
    await ctx.deps.db
      .update(users)
      .set({ status: 'blocked' })
      .where(and(eq(users.kind, 'staff'), eq(users.roleId, 1)));
    try {
      const [a, b] = await Promise.all([
        seedStaffUser(ctx.deps.db, 'admin', { email: uniqueEmail('admin-a') }),
        seedStaffUser(ctx.deps.db, 'admin', { email: uniqueEmail('admin-b') }),
      ]);
      const headersOf = async (u: typeof a) => ({
        authorization: `Bearer ${(await loginAs(ctx.app, 'staff', u.email, u.password)).access_token}`,
      });
      const [authA, authB] = await Promise.all([headersOf(a), headersOf(b)]);
      // This file's admin is parked too, so the two read through their own sessions.
      const versionOf = async (id: string) =>
        ((await call('GET', `/api/staff/staff-members/${id}`, undefined, authA)).json() as StaffMemberDetail)
          .member.version;
      const [versionA, versionB] = [await versionOf(a.id), await versionOf(b.id)];
      const results = await Promise.all([
        call('PATCH', `/api/staff/staff-members/${b.id}`, { version: versionB, role: 'editor' }, authA),
        call('PATCH', `/api/staff/staff-members/${a.id}`, { version: versionA, role: 'editor' }, authB),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      // The loser is refused as the last admin, or finds its own session ended by the winner's demotion.
      const loser = results.find((r) => r.statusCode !== 200);
      expect(['LAST_ADMIN', 'UNAUTHORIZED']).toContain(loser?.json().code);
      expect(await admins()).toHaveLength(1);
    } finally {
      for (const id of parked)
        await ctx.deps.db.update(users).set({ status: 'active' }).where(eq(users.id, id));
    }
  });

  it('answers RECORD_CHANGED to a stale version and changes nothing', async () => {
    const member = (await invite('editor')).json().member as StaffMember;
    await call('PATCH', `/api/staff/staff-members/${member.id}`, {
      version: member.version,
      role: 'analytics',
    });
    const stale = await call('PATCH', `/api/staff/staff-members/${member.id}`, {
      version: member.version,
      role: 'admin',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('RECORD_CHANGED');
    expect((await detail(member.id)).member.role).toBe('analytics');
  });

  it('lists and searches staff, admin only', async () => {
    const page = (
      await call('GET', `/api/staff/staff-members?q=${encodeURIComponent(admin.email)}`)
    ).json() as Paged<StaffMember>;
    expect(page.items.map((m) => m.email)).toEqual([admin.email]);
    for (const kind of tokenKinds) {
      const response = await call('GET', '/api/staff/staff-members', undefined, await signInAs(ctx, kind));
      expect(response.statusCode, kind).toBe(kind === 'admin' ? 200 : kind === 'none' ? 401 : 403);
    }
  });
});
