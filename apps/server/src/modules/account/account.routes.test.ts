import type { AccountKind } from '@esim/contracts';
import { sessions } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestContext,
  loginAs,
  loginPaths,
  signExpiredToken,
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

const kinds: { kind: AccountKind; base: string }[] = [
  { kind: 'customer', base: '/api/account' },
  { kind: 'shop', base: '/api/portal' },
  { kind: 'staff', base: '/api/staff' },
];

const en = { 'accept-language': 'en' };

const profileBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Blerta',
  lastName: 'Shala',
  email: uniqueEmail('profile'),
  phoneNumber: uniquePhone(),
  ...overrides,
});

const passwordBody = (currentPassword: string, overrides: Record<string, unknown> = {}) => ({
  currentPassword,
  password: 'Brand-new-passw0rd',
  confirmPassword: 'Brand-new-passw0rd',
  ...overrides,
});

describe.each(kinds)('$kind account ($base)', ({ kind, base }) => {
  const otherKinds = kinds.filter((k) => k.kind !== kind).map((k) => k.kind);

  const getProfile = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `${base}/profile`, headers });
  const putProfile = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `${base}/profile`, headers: { ...en, ...headers }, payload });
  const putPassword = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `${base}/password`, headers: { ...en, ...headers }, payload });

  describe(`GET ${base}/profile`, () => {
    it('returns the signed-in user', async () => {
      const { user, auth } = await createSignedInUser(ctx, kind);
      const response = await getProfile(auth);
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ id: user.id, kind, email: user.email, phone: user.phone });
    });

    it('answers 401 Unauthorized without a token, with a tampered token, and after logout', async () => {
      const { token, auth } = await createSignedInUser(ctx, kind);
      const tampered = `${token.slice(0, -4)}AAAA`;
      await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
      for (const headers of [{}, { authorization: `Bearer ${tampered}` }, auth]) {
        const response = await getProfile(headers);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
      }
    });

    it('answers 401 "token expired" for an expired but refreshable token', async () => {
      const { token } = await createSignedInUser(ctx, kind);
      const response = await getProfile({ authorization: `Bearer ${await signExpiredToken(ctx, token)}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'TOKEN_EXPIRED', message: 'token expired' });
    });

    it('answers 401 "Token has expired and can no longer be refreshed" past the refresh window', async () => {
      const { user, auth } = await createSignedInUser(ctx, kind);
      await ctx.deps.db
        .update(sessions)
        .set({ refreshUntil: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id));
      const response = await getProfile(auth);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'TOKEN_REFRESH_EXPIRED',
        message: 'Token has expired and can no longer be refreshed',
      });
    });

    it('answers 401 for a correctly signed token whose kind claim was changed', async () => {
      const other = await createSignedInUser(ctx, otherKinds[0] ?? 'customer');
      const [, payload] = other.token.split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
        string,
        unknown
      >;
      const forged = await ctx.deps.tokens.sign({
        sub: String(claims.sub),
        sid: String(claims.sid),
        ver: Number(claims.ver),
        kind,
      });
      const response = await getProfile({ authorization: `Bearer ${forged}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    });

    it.each(otherKinds)('refuses a %s token with 403 FORBIDDEN', async (other) => {
      const { auth } = await createSignedInUser(ctx, other);
      const response = await getProfile({ ...en, ...auth });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'FORBIDDEN', message: 'You do not have access to this page.' });
    });
  });

  describe(`PUT ${base}/profile`, () => {
    it('updates the profile, answers the new user with a message, and keeps it', async () => {
      const { user, auth } = await createSignedInUser(ctx, kind);
      const body = profileBody({
        email: user.email,
        country: 'al',
        locale: 'de',
        alertChannel: 'sms',
        phoneNumber: '+355 69 777 1234',
      });
      const response = await putProfile(auth, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'Your profile has been updated.',
        pendingEmail: null,
        user: expect.objectContaining({
          kind,
          first_name: 'Blerta',
          last_name: 'Shala',
          email: user.email,
          phone: '+355697771234',
          country: 'AL',
          locale: 'de',
          alert_channel: 'sms',
        }),
      });
      expect((await getProfile(auth)).json().user).toEqual(response.json().user);
    });

    it('answers each validation message in English and writes nothing', async () => {
      const { user, auth } = await createSignedInUser(ctx, kind);
      const empty = await putProfile(auth, {});
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Please check the highlighted fields.',
        errors: {
          firstName: ['First name is required'],
          lastName: ['Last name is required'],
          email: ['E-mail is required'],
        },
      });

      const bad = await putProfile(auth, {
        firstName: 'x'.repeat(10_000),
        lastName: '   ',
        email: 'not-an-email',
        phoneNumber: '12',
        country: 'ALB',
        locale: 'xx',
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({
        firstName: ['First name must not exceed 50 characters'],
        lastName: ['Last name is required'],
        email: ['Invalid E-mail format'],
        phoneNumber: ['Invalid Phone number format'],
        country: ['Invalid Country format'],
        locale: ['Language has a value that is not allowed'],
      });

      const tooLongPhone = await putProfile(auth, profileBody({ phoneNumber: `+355${'6'.repeat(30)}` }));
      expect(tooLongPhone.json().errors.phoneNumber).toContain('Phone number must not exceed 25 characters');

      const numberAsName = await putProfile(auth, profileBody({ firstName: 42 }));
      expect(numberAsName.json().errors.firstName).toEqual(['First name is not valid']);

      expect((await getProfile(auth)).json().user).toMatchObject({
        email: user.email,
        first_name: user.firstName,
        phone: user.phone,
      });
    });

    it('clears the optional phone number with null or an empty string, and keeps it when left out', async () => {
      const { user, auth } = await createSignedInUser(ctx, kind);
      const base = { firstName: 'Blerta', lastName: 'Shala', email: user.email };
      const kept = await putProfile(auth, base);
      expect(kept.statusCode).toBe(200);
      expect(kept.json().user.phone).toBe(user.phone);
      for (const cleared of [null, '', '   ']) {
        expect((await putProfile(auth, { ...base, phoneNumber: uniquePhone() })).statusCode).toBe(200);
        const response = await putProfile(auth, { ...base, phoneNumber: cleared });
        expect(response.statusCode, JSON.stringify(cleared)).toBe(200);
        expect(response.json().user.phone).toBeNull();
        expect((await getProfile(auth)).json().user.phone).toBeNull();
      }
    });

    it('refuses a country that has the right shape but does not exist', async () => {
      const { user, auth } = await createSignedInUser(ctx, kind);
      for (const country of ['ZZ', 'EU', 'UK', 'AA']) {
        const response = await putProfile(auth, profileBody({ country }));
        expect(response.statusCode, country).toBe(422);
        expect(response.json().errors).toEqual({ country: ['Invalid Country format'] });
      }
      expect(
        (await putProfile(auth, profileBody({ email: user.email, country: 'xk' }))).json().user.country,
      ).toBe('XK');
    });

    it('translates validation messages into the request language', async () => {
      const { auth } = await createSignedInUser(ctx, kind);
      const de = await putProfile({ ...auth, 'accept-language': 'de' }, {});
      expect(de.json().errors.email).toEqual(['E-Mail ist erforderlich']);
      const sq = await ctx.app.inject({ method: 'PUT', url: `${base}/profile`, headers: auth, payload: {} });
      expect(sq.json().errors.email[0]).not.toBe('E-mail is required');
    });

    it('refuses an e-mail or phone taken by another account of the same kind (409) and writes nothing', async () => {
      const { user, auth } = await createSignedInUser(ctx, kind);
      const other = await createSignedInUser(ctx, kind);

      const sameEmail = await putProfile(
        auth,
        profileBody({ email: other.user.email, currentPassword: user.password }),
      );
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json()).toEqual({
        code: 'EMAIL_TAKEN',
        message: 'This email already exists!',
        errors: { email: ['This email already exists!'] },
      });

      const samePhone = await putProfile(
        auth,
        profileBody({ email: user.email, phoneNumber: other.user.phone }),
      );
      expect(samePhone.statusCode).toBe(409);
      expect(samePhone.json()).toEqual({
        code: 'PHONE_TAKEN',
        message: 'This phone number already exists!',
        errors: { phoneNumber: ['This phone number already exists!'] },
      });

      expect((await getProfile(auth)).json().user).toMatchObject({ email: user.email, phone: user.phone });
    });

    it('accepts the user keeping their own e-mail and phone', async () => {
      const { user, auth } = await createSignedInUser(ctx, kind);
      const response = await putProfile(auth, profileBody({ email: user.email, phoneNumber: user.phone }));
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ email: user.email, phone: user.phone });
    });

    it('allows an e-mail and phone used by an account of a different kind', async () => {
      const { user, auth } = await createSignedInUser(ctx, kind);
      const other = await createSignedInUser(ctx, otherKinds[0] ?? 'customer');
      const response = await putProfile(
        auth,
        profileBody({
          email: other.user.email,
          phoneNumber: other.user.phone,
          currentPassword: user.password,
        }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ pendingEmail: other.user.email });
      expect(response.json().user).toMatchObject({ kind, email: user.email, phone: other.user.phone });
    });

    it('stores SQL and HTML in names as plain text', async () => {
      const { user, auth } = await createSignedInUser(ctx, kind);
      const body = profileBody({
        email: user.email,
        firstName: "Robert'); DROP TABLE users;--",
        lastName: '<img src=x onerror=1>',
      });
      const response = await putProfile(auth, body);
      expect(response.statusCode).toBe(200);
      expect((await getProfile(auth)).json().user).toMatchObject({
        first_name: "Robert'); DROP TABLE users;--",
        last_name: '<img src=x onerror=1>',
      });
    });

    it('answers 400 BAD_REQUEST for malformed JSON and 413 for a 1 MB body', async () => {
      const { auth } = await createSignedInUser(ctx, kind);
      const headers = { ...en, ...auth, 'content-type': 'application/json' };
      const malformed = await ctx.app.inject({
        method: 'PUT',
        url: `${base}/profile`,
        headers,
        payload: '{"firstName": "Arta",',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ code: 'BAD_REQUEST', message: 'The request could not be read.' });

      const huge = await ctx.app.inject({
        method: 'PUT',
        url: `${base}/profile`,
        headers,
        payload: JSON.stringify(profileBody({ firstName: 'x'.repeat(1024 * 1024) })),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
    });

    it('answers 401 without a token and 403 for each other kind of token', async () => {
      const anonymous = await putProfile({}, profileBody());
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
      for (const other of otherKinds) {
        const { user, auth } = await createSignedInUser(ctx, other);
        const response = await putProfile(auth, profileBody());
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('FORBIDDEN');
        // The refused request changed nothing on the other account either.
        const own = await ctx.app.inject({
          method: 'GET',
          url: '/api/auth/user-profile',
          headers: auth,
        });
        expect(own.json().user.email).toBe(user.email);
      }
    });
  });

  describe(`PUT ${base}/password`, () => {
    it('changes the password, ends every other session, keeps this one, and the new password logs in', async () => {
      const { user, auth } = await createSignedInUser(ctx, kind);
      const second = await loginAs(ctx.app, kind, user.email, user.password);
      const secondAuth = { authorization: `Bearer ${second.access_token}` };

      const response = await putPassword(auth, passwordBody(user.password));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Password successfully changed.' });

      expect((await getProfile(auth)).statusCode).toBe(200);
      const revoked = await getProfile(secondAuth);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });

      const oldLogin = await ctx.app.inject({
        method: 'POST',
        url: loginPaths[kind],
        payload: { email: user.email, password: user.password },
      });
      expect(oldLogin.statusCode).toBe(401);
      await expect(loginAs(ctx.app, kind, user.email, 'Brand-new-passw0rd')).resolves.toMatchObject({
        user: { id: user.id, kind },
      });
    });

    it('refuses a wrong current password with the SPEC message and keeps the old password', async () => {
      const { user, auth } = await createSignedInUser(ctx, kind);
      const second = await loginAs(ctx.app, kind, user.email, user.password);
      const response = await putPassword(auth, passwordBody('not-my-password'));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 'WRONG_CURRENT_PASSWORD',
        message: 'The provided password does not match your current password.',
        errors: { currentPassword: ['The provided password does not match your current password.'] },
      });
      expect((await getProfile({ authorization: `Bearer ${second.access_token}` })).statusCode).toBe(200);
      await expect(loginAs(ctx.app, kind, user.email, user.password)).resolves.toBeTruthy();
    });

    it('answers each validation message in English', async () => {
      const { user, auth } = await createSignedInUser(ctx, kind);
      const empty = await putPassword(auth, {});
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toEqual({
        currentPassword: ['Current password is required'],
        password: ['Password is required'],
        confirmPassword: ['Confirm password is required'],
      });

      const short = await putPassword(
        auth,
        passwordBody(user.password, { password: 'short', confirmPassword: 'short' }),
      );
      expect(short.json().errors).toEqual({ password: ['Password must be at least 8 characters'] });

      const long = 'x'.repeat(10_000);
      const tooLong = await putPassword(
        auth,
        passwordBody(user.password, { password: long, confirmPassword: long }),
      );
      expect(tooLong.json().errors.password).toEqual(['Password must not exceed 128 characters']);

      const mismatch = await putPassword(
        auth,
        passwordBody(user.password, { confirmPassword: 'Other-passw0rd' }),
      );
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().errors).toEqual({ confirmPassword: ['Passwords must match'] });

      // Nothing changed: the old password still logs in.
      await expect(loginAs(ctx.app, kind, user.email, user.password)).resolves.toBeTruthy();
    });

    it('answers 401 without a token or with an expired one, and 403 for each other kind of token', async () => {
      const anonymous = await putPassword({}, passwordBody('whatever-passw0rd'));
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });

      const { token } = await createSignedInUser(ctx, kind);
      const expired = await putPassword(
        { authorization: `Bearer ${await signExpiredToken(ctx, token)}` },
        passwordBody('whatever-passw0rd'),
      );
      expect(expired.json()).toEqual({ code: 'TOKEN_EXPIRED', message: 'token expired' });

      for (const other of otherKinds) {
        const { user, auth } = await createSignedInUser(ctx, other);
        const response = await putPassword(auth, passwordBody(user.password));
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('FORBIDDEN');
        await expect(loginAs(ctx.app, other, user.email, user.password)).resolves.toBeTruthy();
      }
    });
  });
});

// The token is checked before the body, so an anonymous caller learns nothing about the field rules.
it('checks the token before it validates the body', async () => {
  for (const { base } of kinds) {
    const response = await ctx.app.inject({ method: 'PUT', url: `${base}/profile`, payload: {} });
    expect(response.statusCode).toBe(401);
  }
});
