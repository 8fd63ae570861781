import type { AccountKind } from '@esim/contracts';
import { outbox, userTokens } from '@esim/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestContext,
  loginPaths,
  type TestContext,
  uniqueEmail,
} from '../../test/harness';
import { createPasswordReset } from './auth.service';

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

const mailsTo = (email: string) =>
  ctx.deps.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(asc(outbox.createdAt));

/** The token of the last link of one kind e-mailed to an address. */
const linkToken = async (email: string, path: 'confirm-email' | 'cancel-email-change') => {
  const mails = await mailsTo(email);
  const pattern = new RegExp(`/${path}\\?token=([^\\s"&<]+)`);
  const match = [...mails].reverse().find((m) => pattern.test(m.text));
  const token = match && pattern.exec(match.text)?.[1];
  if (!token) throw new Error(`no ${path} link e-mailed to ${email}`);
  return decodeURIComponent(token);
};

const confirm = (token: string, headers: Record<string, string> = en) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/confirm-email-change', headers, payload: { token } });
const cancel = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/cancel-email-change', headers: en, payload: { token } });
const login = (kind: AccountKind, email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: loginPaths[kind], headers: en, payload: { email, password } });

const invalidLink = {
  code: 'EMAIL_CHANGE_TOKEN_INVALID',
  message: 'This e-mail change link is invalid, has expired or has already been used.',
};

describe.each(kinds)('e-mail change of a $kind account ($base)', ({ kind, base }) => {
  const putProfile = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `${base}/profile`, headers: { ...en, ...headers }, payload });

  const signedIn = async () => {
    const signed = await createSignedInUser(ctx, kind);
    const body = (email: string, extra: Record<string, unknown> = {}) => ({
      firstName: 'Arta',
      lastName: 'Krasniqi',
      email,
      ...extra,
    });
    return { ...signed, body };
  };

  it('needs the current password: missing or wrong is a translated 422 on the field, and nothing changes', async () => {
    const { user, auth, body } = await signedIn();
    const newEmail = uniqueEmail('new');

    const missing = await putProfile(auth, body(newEmail));
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      code: 'CURRENT_PASSWORD_REQUIRED',
      message: 'Enter your current password to change your e-mail address.',
      errors: { currentPassword: ['Enter your current password to change your e-mail address.'] },
    });

    const wrong = await putProfile(auth, body(newEmail, { currentPassword: 'not-my-password' }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'The provided password does not match your current password.',
      errors: { currentPassword: ['The provided password does not match your current password.'] },
    });

    const german = await putProfile({ ...auth, 'accept-language': 'de' }, body(newEmail));
    expect(german.json().message).toBe(
      'Geben Sie Ihr aktuelles Passwort ein, um Ihre E-Mail-Adresse zu ändern.',
    );

    const profile = await ctx.app.inject({ method: 'GET', url: `${base}/profile`, headers: auth });
    expect(profile.json().user).toMatchObject({ email: user.email, first_name: user.firstName });
    expect(await mailsTo(newEmail)).toHaveLength(0);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it('takes effect only when the new address confirms the link; the old address is told', async () => {
    const { user, auth, body } = await signedIn();
    const newEmail = uniqueEmail('Moved');

    const response = await putProfile(auth, body(newEmail, { currentPassword: user.password }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      pendingEmail: newEmail.toLowerCase(),
      message: `Your profile has been updated. We sent a confirmation link to ${newEmail.toLowerCase()}: your e-mail address changes when you open it.`,
      user: { email: user.email, first_name: 'Arta', last_name: 'Krasniqi' },
    });

    // Until confirmed: the old address logs in, the new one does not.
    expect((await login(kind, user.email, user.password)).statusCode).toBe(200);
    expect((await login(kind, newEmail, user.password)).statusCode).toBe(401);

    // The link goes to the new address, the notice with its cancel link to the old one.
    const [confirmation] = await mailsTo(newEmail.toLowerCase());
    expect(confirmation?.subject).toBe('Confirm your new e-mail address');
    const [notice] = await mailsTo(user.email);
    expect(notice?.subject).toBe('Your e-mail address is being changed');
    expect(notice?.text).toContain(newEmail.toLowerCase());
    expect(notice?.text).toContain('/cancel-email-change?token=');
    expect(notice?.text).not.toContain('/confirm-email?token=');

    // Only the token's hash is stored.
    const token = await linkToken(newEmail.toLowerCase(), 'confirm-email');
    const stored = await ctx.deps.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'email_change')));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(token);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: `Your e-mail address is now ${newEmail.toLowerCase()}. Use it to log in.`,
      kind,
    });
    expect((await login(kind, newEmail, user.password)).statusCode).toBe(200);
    expect((await login(kind, user.email, user.password)).statusCode).toBe(401);

    // Single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidLink);
  });

  it('refuses an expired link, an unknown one, and a token of another purpose', async () => {
    const { user, auth, body } = await signedIn();
    const newEmail = uniqueEmail('late');
    await putProfile(auth, body(newEmail, { currentPassword: user.password }));
    const token = await linkToken(newEmail, 'confirm-email');
    await ctx.deps.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'email_change')));
    expect((await confirm(token)).json()).toEqual(invalidLink);
    expect((await confirm('not-a-real-token')).statusCode).toBe(400);

    // A password-reset token (same table, other purpose) confirms nothing, and a confirm link cancels nothing.
    const reset = await createPasswordReset(ctx.deps.db, user.id);
    expect((await confirm(reset)).json()).toEqual(invalidLink);
    expect((await cancel(token)).json()).toEqual(invalidLink);
    expect((await login(kind, user.email, user.password)).statusCode).toBe(200);
  });

  it('a newer change replaces the older link', async () => {
    const { user, auth, body } = await signedIn();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await putProfile(auth, body(first, { currentPassword: user.password }));
    await putProfile(auth, body(second, { currentPassword: user.password }));
    expect((await confirm(await linkToken(first, 'confirm-email'))).json()).toEqual(invalidLink);
    expect((await confirm(await linkToken(second, 'confirm-email'))).statusCode).toBe(200);
  });

  it('the old address can stop a waiting change: the link dies and every session ends', async () => {
    const { user, auth, body } = await signedIn();
    const newEmail = uniqueEmail('thief');
    await putProfile(auth, body(newEmail, { currentPassword: user.password }));

    const stopped = await cancel(await linkToken(user.email, 'cancel-email-change'));
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({
      message:
        'The e-mail change has been stopped and every device has been signed out. Choose a new password to keep your account safe.',
      kind,
    });
    expect((await confirm(await linkToken(newEmail, 'confirm-email'))).json()).toEqual(invalidLink);
    const profile = await ctx.app.inject({ method: 'GET', url: `${base}/profile`, headers: auth });
    expect(profile.statusCode).toBe(401);
    expect((await login(kind, user.email, user.password)).statusCode).toBe(200);
  });

  it('the old address can undo a confirmed change: its address comes back', async () => {
    const { user, auth, body } = await signedIn();
    const newEmail = uniqueEmail('taken-over');
    await putProfile(auth, body(newEmail, { currentPassword: user.password }));
    expect((await confirm(await linkToken(newEmail, 'confirm-email'))).statusCode).toBe(200);

    expect((await cancel(await linkToken(user.email, 'cancel-email-change'))).statusCode).toBe(200);
    expect((await login(kind, user.email, user.password)).statusCode).toBe(200);
    expect((await login(kind, newEmail, user.password)).statusCode).toBe(401);
  });

  it('a link confirms only the account it was sent for, and other kinds of token cannot start a change', async () => {
    const { user, auth, body } = await signedIn();
    const newEmail = uniqueEmail('own');
    for (const other of kinds.filter((k) => k.kind !== kind)) {
      const refused = await ctx.app.inject({
        method: 'PUT',
        url: `${other.base}/profile`,
        headers: { ...en, ...auth },
        payload: body(newEmail, { currentPassword: user.password }),
      });
      expect(refused.statusCode).toBe(403);
    }
    expect(await mailsTo(newEmail)).toHaveLength(0);

    // The confirmation answers this link's kind and leaves an account of another kind alone.
    const otherKind = kinds.find((k) => k.kind !== kind)?.kind ?? 'customer';
    const other = await createSignedInUser(ctx, otherKind);
    await putProfile(auth, body(newEmail, { currentPassword: user.password }));
    expect((await confirm(await linkToken(newEmail, 'confirm-email'))).json().kind).toBe(kind);
    expect((await login(otherKind, other.user.email, other.user.password)).statusCode).toBe(200);
    expect((await login(kind, newEmail, user.password)).statusCode).toBe(200);
  });
});

it('refuses a confirmation when the address was taken by another account meanwhile', async () => {
  const { user, auth } = await createSignedInUser(ctx, 'customer');
  const newEmail = uniqueEmail('race');
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/account/profile',
    headers: { ...en, ...auth },
    payload: { firstName: 'A', lastName: 'B', email: newEmail, currentPassword: user.password },
  });
  const other = await createSignedInUser(ctx, 'customer');
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/account/profile',
    headers: { ...en, ...other.auth },
    payload: { firstName: 'C', lastName: 'D', email: newEmail, currentPassword: other.user.password },
  });
  expect((await confirm(await linkToken(newEmail, 'confirm-email'))).statusCode).toBe(200);
  const tokens = await mailsTo(newEmail);
  expect(tokens).toHaveLength(2);
  // The last link (the second account's) was confirmed above; the first account's link now finds it taken.
  const firstLink = /\/confirm-email\?token=([^\s"&<]+)/.exec(tokens[0]?.text ?? '')?.[1] ?? '';
  const late = await confirm(decodeURIComponent(firstLink));
  expect(late.statusCode).toBe(409);
  expect(late.json().code).toBe('EMAIL_TAKEN');
});
