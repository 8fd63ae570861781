import type { StaffRole } from '@esim/contracts';
import { seedShopUser, seedStaffUser, seedUser, users } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createAuthRateLimits } from '../../lib/auth-rate-limit';
import { createTestContext, type TestContext, uniqueEmail, uniquePhone } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const login = (payload: Record<string, unknown>, language = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/staff/auth/login',
    headers: { 'accept-language': language },
    payload,
  });

const roles: { role: StaffRole; id: number }[] = [
  { role: 'admin', id: 1 },
  { role: 'editor', id: 2 },
  { role: 'analytics', id: 3 },
];

describe('POST /api/staff/auth/login', () => {
  it.each(roles)('logs in $role with role_id $id and role {id, name}', async ({ role, id }) => {
    const staff = await seedStaffUser(ctx.deps.db, role, {
      email: uniqueEmail(role),
      phone: uniquePhone(),
      firstName: 'Drita',
    });
    const response = await login({ email: staff.email, password: staff.password });
    expect(response.statusCode).toBe(200);
    const json = response.json();
    expect(json).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(json.user).toEqual({
      id: staff.id,
      kind: 'staff',
      first_name: 'Drita',
      last_name: staff.lastName,
      email: staff.email,
      phone: staff.phone,
      country: null,
      locale: 'en',
      alert_channel: 'email',
      role_id: id,
      role: { id, name: role },
      shop: null,
    });

    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/staff/profile',
      headers: { authorization: `Bearer ${json.access_token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.role).toEqual({ id, name: role });
    const userProfile = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user-profile',
      headers: { authorization: `Bearer ${json.access_token}` },
    });
    expect(userProfile.json()).toEqual({ user: json.user, order: null });
  });

  it('accepts the e-mail in any letter case', async () => {
    const staff = await seedStaffUser(ctx.deps.db, 'editor', {
      email: uniqueEmail('case'),
      phone: uniquePhone(),
    });
    const response = await login({ email: staff.email.toUpperCase(), password: staff.password });
    expect(response.statusCode).toBe(200);
  });

  it('answers "Your email address or password is incorrect!" for a wrong password or unknown e-mail', async () => {
    const staff = await seedStaffUser(ctx.deps.db, 'admin', {
      email: uniqueEmail('adm'),
      phone: uniquePhone(),
    });
    for (const payload of [
      { email: staff.email, password: 'wrong-password' },
      { email: uniqueEmail('nobody'), password: 'whatever1' },
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Your email address or password is incorrect!',
      });
    }
  });

  it('translates the wrong-password message (sq by default)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/auth/login',
      payload: { email: uniqueEmail('nobody'), password: 'whatever1' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
    expect(response.json().message).not.toBe('Your email address or password is incorrect!');
  });

  it('does not let a customer or shop user log in as staff', async () => {
    const customer = await seedUser(ctx.deps.db, { email: uniqueEmail('cust'), phone: uniquePhone() });
    const { user: shopUser } = await seedShopUser(ctx.deps.db, {
      email: uniqueEmail('shop'),
      phone: uniquePhone(),
    });
    for (const user of [customer, shopUser]) {
      const response = await login({ email: user.email, password: user.password });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('INVALID_CREDENTIALS');
    }
  });

  it('refuses a blocked staff member with 403 ACCOUNT_BLOCKED', async () => {
    const staff = await seedStaffUser(ctx.deps.db, 'editor', {
      email: uniqueEmail('blocked'),
      phone: uniquePhone(),
      status: 'blocked',
    });
    const response = await login({ email: staff.email, password: staff.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'ACCOUNT_BLOCKED',
      message: 'This account has been blocked. Please contact support.',
    });
  });

  it('ends a blocked staff member’s existing session', async () => {
    const staff = await seedStaffUser(ctx.deps.db, 'admin', {
      email: uniqueEmail('later'),
      phone: uniquePhone(),
    });
    const token = (await login({ email: staff.email, password: staff.password })).json().access_token;
    await ctx.deps.db.update(users).set({ status: 'blocked' }).where(eq(users.id, staff.id));
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/staff/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it('answers each validation message, stores nothing and never 500s on odd input', async () => {
    const empty = await login({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please check the highlighted fields.',
      errors: { email: ['E-mail is required'], password: ['Password is required'] },
    });
    const bad = await login({ email: `${'x'.repeat(10_000)}@example.test`, password: 'y'.repeat(129) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      email: ['E-mail must not exceed 254 characters'],
      password: ['Password must not exceed 128 characters'],
    });
    const injection = await login({ email: "admin@x.test' OR '1'='1", password: "' OR '1'='1" });
    expect(injection.statusCode).toBe(422);
    expect(injection.json().errors).toEqual({ email: ['Invalid E-mail format'] });
    const sqlPassword = await login({ email: uniqueEmail('sql'), password: "' OR '1'='1" });
    expect(sqlPassword.statusCode).toBe(401);
  });

  it('answers 400 for malformed JSON and 413 for a 1 MB body', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/auth/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"email": "a@b.c", "password": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: 'BAD_REQUEST', message: 'The request could not be read.' });
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/auth/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
  });

  it('rate-limits repeated attempts on one account', async () => {
    const limited = await buildApp(
      {
        ...ctx.deps,
        authRateLimits: createAuthRateLimits({ perIp: 1000, perAccount: 2, windowSeconds: 900 }),
      },
      'api',
    );
    try {
      const staff = await seedStaffUser(ctx.deps.db, 'admin', {
        email: uniqueEmail('rl'),
        phone: uniquePhone(),
      });
      const codes: number[] = [];
      for (const password of ['wrong-1', 'wrong-2', staff.password]) {
        const r = await limited.inject({
          method: 'POST',
          url: '/api/staff/auth/login',
          payload: { email: staff.email, password },
        });
        codes.push(r.statusCode);
      }
      // Even the right password waits once the account's limit is reached.
      expect(codes).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
