import { sessions } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestContext,
  signExpiredToken,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const registerBody = async (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Arta',
  lastName: 'Krasniqi',
  email: uniqueEmail('reg'),
  password: 'Str0ng-passw0rd',
  confirmPassword: 'Str0ng-passw0rd',
  phoneNumber: uniquePhone(),
  humanProof: await solveHumanProof(ctx.app),
  ...overrides,
});

describe('POST /api/auth/register', () => {
  it('creates a customer and signs them in', async () => {
    const body = await registerBody();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(response.statusCode).toBe(201);
    const json = response.json();
    expect(json.user).toMatchObject({ email: body.email, kind: 'customer', first_name: 'Arta' });
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user-profile',
      headers: { authorization: `Bearer ${json.access_token}` },
    });
    expect(profile.json()).toEqual({ user: json.user, order: null });
  });

  it('answers each SPEC validation message in English', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'en' },
      payload: {
        firstName: '',
        lastName: 'x'.repeat(10_000),
        email: 'not-an-email',
        password: 'short',
        confirmPassword: 'different',
        phoneNumber: '12',
        humanProof: 'x',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: {
        firstName: ['First name is required'],
        lastName: ['Last name must not exceed 50 characters'],
        email: ['Invalid E-mail format'],
        password: ['Password must be at least 8 characters'],
        phoneNumber: ['Invalid Phone number format'],
      },
    });
  });

  it('says "Passwords must match" when the confirmation differs', async () => {
    const body = await registerBody({ confirmPassword: 'Other-passw0rd' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'en' },
      payload: body,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.confirmPassword).toEqual(['Passwords must match']);
  });

  it('translates validation messages into the request language (sq default, sa Arabic)', async () => {
    const sq = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: {} });
    const sa = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'sa' },
      payload: {},
    });
    expect(sq.json().errors.email[0]).not.toBe(sa.json().errors.email[0]);
    expect(sq.json().errors.email[0]).not.toContain('is required');
    expect(sa.json().errors.email[0]).toMatch(/[\u0600-\u06FF]/);
  });

  it('refuses a taken e-mail or phone with the SPEC messages and writes nothing', async () => {
    const first = await registerBody();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: first });
    const sameEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'en' },
      payload: await registerBody({ email: first.email }),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('This email already exists!');
    const samePhone = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'en' },
      payload: await registerBody({ phoneNumber: first.phoneNumber }),
    });
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().message).toBe('This phone number already exists!');
  });

  it('fails human verification with the SPEC message and refuses a replayed proof', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'en' },
      payload: await registerBody({ humanProof: Buffer.from('{"nope":1}').toString('base64') }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Human verification failed. Please try again.');

    const proof = await solveHumanProof(ctx.app);
    const once = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: await registerBody({ humanProof: proof }),
    });
    expect(once.statusCode).toBe(201);
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'en' },
      payload: await registerBody({ humanProof: proof }),
    });
    expect(replay.json().message).toBe('Human verification failed. Please try again.');
  });

  it('stores SQL and HTML in names as plain text', async () => {
    const body = await registerBody({
      firstName: "Robert'); DROP TABLE users;--",
      lastName: '<script>x</script>',
    });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.last_name).toBe('<script>x</script>');
  });
});

describe('POST /api/auth/login', () => {
  it('answers "Your email address or password is incorrect!" for a wrong password or unknown e-mail', async () => {
    const { user } = await createSignedInUser(ctx, 'customer');
    for (const payload of [
      { email: user.email, password: 'wrong-password' },
      { email: uniqueEmail('nobody'), password: 'whatever1' },
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'accept-language': 'en' },
        payload,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Your email address or password is incorrect!',
      });
    }
  });

  it('does not let a shop user or staff member log in as a customer', async () => {
    const shop = await createSignedInUser(ctx, 'shop');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: shop.user.email, password: shop.user.password },
    });
    expect(response.statusCode).toBe(401);
  });

  it('rate-limits repeated attempts on one account', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });
    try {
      const email = uniqueEmail('limited');
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'x' },
        });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const last = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'accept-language': 'en' },
        payload: { email, password: 'x' },
      });
      expect(last.json().code).toBe('RATE_LIMITED');
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('rate-limits per IP across accounts', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT_PER_IP: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: uniqueEmail('ip'), password: 'x' },
        });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('token states', () => {
  const profile = (authorization?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user-profile',
      headers: authorization ? { authorization } : {},
    });

  it('valid: opens the profile', async () => {
    const { auth } = await createSignedInUser(ctx, 'customer');
    expect((await profile(auth.authorization)).statusCode).toBe(200);
  });

  it('missing or tampered: 401 Unauthorized', async () => {
    const { token } = await createSignedInUser(ctx, 'customer');
    const tampered = `${token.slice(0, -4)}AAAA`;
    for (const header of [undefined, 'Bearer nonsense', `Bearer ${tampered}`]) {
      const response = await profile(header);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    }
  });

  it('expired but refreshable: 401 "token expired", then refresh gives a working token', async () => {
    const { token } = await createSignedInUser(ctx, 'customer');
    const expired = await signExpiredToken(ctx, token);
    const response = await profile(`Bearer ${expired}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'TOKEN_EXPIRED', message: 'token expired' });

    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(refreshed.statusCode).toBe(200);
    expect((await profile(`Bearer ${refreshed.json().access_token}`)).statusCode).toBe(200);
  });

  it('past the refresh window: 401 "Token has expired and can no longer be refreshed"', async () => {
    const { token, user } = await createSignedInUser(ctx, 'customer');
    await ctx.deps.db
      .update(sessions)
      .set({ refreshUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const expected = {
      code: 'TOKEN_REFRESH_EXPIRED',
      message: 'Token has expired and can no longer be refreshed',
    };
    const expired = await signExpiredToken(ctx, token);
    expect((await profile(`Bearer ${expired}`)).json()).toEqual(expected);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json()).toEqual(expected);
  });

  it('revoked by logout: 401 Unauthorized, and a second logout is refused', async () => {
    const { auth } = await createSignedInUser(ctx, 'customer');
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
    expect(logout.statusCode).toBe(200);
    expect((await profile(auth.authorization)).json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })).statusCode,
    ).toBe(401);
  });

  it('refresh rotates: the old token works only during the grace period, parallel refreshes agree', async () => {
    const strict = await createTestContext({ TOKEN_GRACE_SECONDS: '0' });
    try {
      const { auth } = await createSignedInUser(strict, 'customer');
      const [a, b] = await Promise.all([
        strict.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: auth }),
        strict.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: auth }),
      ]);
      expect([a.statusCode, b.statusCode]).toContain(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const old = await strict.app.inject({ method: 'GET', url: '/api/auth/user-profile', headers: auth });
      expect(old.statusCode).toBe(401);
      const fresh = a.statusCode === 200 ? a : b;
      const ok = await strict.app.inject({
        method: 'GET',
        url: '/api/auth/user-profile',
        headers: { authorization: `Bearer ${fresh.json().access_token}` },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('a refresh within the grace period keeps parallel requests working', async () => {
    const { auth } = await createSignedInUser(ctx, 'customer');
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: auth });
    expect(refreshed.statusCode).toBe(200);
    expect((await profile(auth.authorization)).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('e-mails a link; the link sets a new password once; old sessions end', async () => {
    const { user, auth } = await createSignedInUser(ctx, 'customer');
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'accept-language': 'en' },
      payload: { email: user.email, humanProof: await solveHumanProof(ctx.app) },
    });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json().message).toBe('Password reset link has been sent to your email!');
    await ctx.deps.mailer.deliverPending();
    const mail = ctx.mails.findLast((m) => m.to === user.email);
    const token = new URL(
      /(http\S+reset-password\S+)/.exec(mail?.text ?? '')?.[1] ?? 'http://x',
    ).searchParams.get('token');
    expect(token).toBeTruthy();

    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'accept-language': 'en' },
      payload: { token, password: 'New-passw0rd!', confirmPassword: 'Other-passw0rd!' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.confirmPassword).toEqual(['Password and Confirm Password do not match!']);

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'New-passw0rd!', confirmPassword: 'New-passw0rd!' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Another-passw0rd!', confirmPassword: 'Another-passw0rd!' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');

    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/user-profile', headers: auth })).statusCode,
    ).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'New-passw0rd!' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers "Email doesn\'t exist!" for an unknown address and sends nothing', async () => {
    const before = ctx.mails.length;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'accept-language': 'en' },
      payload: { email: uniqueEmail('ghost'), humanProof: await solveHumanProof(ctx.app) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Email doesn't exist!");
    await ctx.deps.mailer.deliverPending();
    expect(ctx.mails.length).toBe(before);
  });

  it('requires the human-verification proof', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'accept-language': 'en' },
      payload: { email: uniqueEmail() },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.humanProof).toEqual(['Human verification is required']);
  });
});
