import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findUserByEmail, outbox, seedShopUser, seedUser, shops, userTokens } from '@esim/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createAuthRateLimits } from '../../lib/auth-rate-limit';
import {
  createTestContext,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';

let ctx: TestContext;
let uploadDir: string;
beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'esim-portal-uploads-'));
  ctx = await createTestContext({ UPLOAD_DIR: uploadDir });
});
afterAll(async () => {
  await ctx.close();
  await rm(uploadDir, { recursive: true, force: true });
});

/** A real 1x1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Logo = { bytes: Uint8Array; type: string; name: string };

/** Encodes fields (and a logo) as multipart/form-data the way a browser does. */
const multipart = async (fields: Record<string, string>, logo?: Logo) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (logo) form.append('logo', new Blob([new Uint8Array(logo.bytes)], { type: logo.type }), logo.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
};

const registerFields = async (overrides: Record<string, string> = {}) => ({
  firstName: 'Besnik',
  lastName: 'Hoxha',
  email: uniqueEmail('shop-reg'),
  password: 'Str0ng-passw0rd',
  confirmPassword: 'Str0ng-passw0rd',
  phoneNumber: uniquePhone(),
  shopName: `Shop ${uniqueEmail('name')}`,
  sellShopPrice: '15',
  humanProof: await solveHumanProof(ctx.app),
  ...overrides,
});

const register = async (fields: Record<string, string>, logo?: Logo, language = 'en') => {
  const { payload, contentType } = await multipart(fields, logo);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/portal/auth/register',
    headers: { 'content-type': contentType, 'accept-language': language },
    payload,
  });
};

const login = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/portal/auth/login',
    headers: { 'accept-language': 'en' },
    payload: { email, password },
  });

const verify = (token: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/portal/auth/verify-email',
    headers: { 'accept-language': 'en' },
    payload: { token },
  });

/**
 * E-mails to one address, oldest first, read from the outbox (the dev mailbox). Reading the outbox rather
 * than ctx.mails keeps this file reliable on a shared PostgreSQL database, where another file's mailer may
 * deliver (claim) our rows.
 */
const mailsTo = async (email: string) => {
  await ctx.deps.mailer.deliverPending();
  return ctx.deps.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(asc(outbox.createdAt));
};

const verificationToken = (text: string | undefined) => {
  const link = /(http\S+\/portal\/verify-email\?token=\S+)/.exec(text ?? '')?.[1];
  expect(link).toBeTruthy();
  return new URL(link ?? 'http://x').searchParams.get('token') ?? '';
};

const uploadedFiles = async () => readdir(join(uploadDir, 'logos')).catch(() => [] as string[]);

const expectNothingWritten = async (email: string, shopName: string) => {
  expect(await findUserByEmail(ctx.deps.db, 'shop', email)).toBeUndefined();
  expect(await ctx.deps.db.select().from(shops).where(eq(shops.name, shopName))).toEqual([]);
  expect(await mailsTo(email)).toEqual([]);
};

describe('POST /api/portal/auth/register', () => {
  it('registers a shop with a PNG logo, stores the logo, and e-mails a verification link', async () => {
    const fields = await registerFields();
    const response = await register(fields, { bytes: png, type: 'image/png', name: 'logo.png' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Your shop is registered. Please confirm your e-mail address with the link we sent you.',
    });

    const user = await findUserByEmail(ctx.deps.db, 'shop', fields.email);
    expect(user).toMatchObject({
      kind: 'shop',
      firstName: 'Besnik',
      phone: fields.phoneNumber,
      locale: 'en',
    });
    expect(user?.emailVerifiedAt).toBeNull();
    const [shop] = await ctx.deps.db
      .select()
      .from(shops)
      .where(eq(shops.id, user?.shopId ?? ''));
    expect(shop).toMatchObject({ name: fields.shopName, sellShopPrice: 15, status: 'pending_verification' });
    expect(shop?.logo).toMatch(/^logos\/[0-9a-f-]+\.png$/);
    expect(await readFile(join(uploadDir, shop?.logo ?? ''))).toEqual(png);

    const mails = await mailsTo(fields.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${ctx.config.siteUrl}/portal/verify-email?token=`);
    expect(verificationToken(mails[0]?.text)).toHaveLength(43);
  });

  it('registers without a logo (the logo is optional)', async () => {
    const fields = await registerFields();
    const response = await register(fields);
    expect(response.statusCode).toBe(201);
    const user = await findUserByEmail(ctx.deps.db, 'shop', fields.email);
    const [shop] = await ctx.deps.db
      .select()
      .from(shops)
      .where(eq(shops.id, user?.shopId ?? ''));
    expect(shop?.logo).toBeNull();
  });

  it('refuses a non-image renamed to .png with 422 FILE_INVALID and writes nothing', async () => {
    const fields = await registerFields();
    const before = await uploadedFiles();
    const response = await register(fields, {
      bytes: Buffer.from('#!/bin/sh\nrm -rf /\n'),
      type: 'image/png',
      name: 'logo.png',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'FILE_INVALID',
      message: 'The logo must be a PNG, JPEG or WebP image of at most 2 MB.',
      errors: { logo: ['The logo must be a PNG, JPEG or WebP image of at most 2 MB.'] },
    });
    expect(await uploadedFiles()).toEqual(before);
    await expectNothingWritten(fields.email, fields.shopName);
  });

  it('refuses a PNG declared as another type (the declared type must match the bytes)', async () => {
    const fields = await registerFields();
    const response = await register(fields, { bytes: png, type: 'image/svg+xml', name: 'logo.svg' });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('FILE_INVALID');
    await expectNothingWritten(fields.email, fields.shopName);
  });

  it('refuses a logo over 2 MB with 413 PAYLOAD_TOO_LARGE and writes nothing', async () => {
    const fields = await registerFields();
    const before = await uploadedFiles();
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await register(fields, { bytes: big, type: 'image/png', name: 'big.png' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
    expect(await uploadedFiles()).toEqual(before);
    await expectNothingWritten(fields.email, fields.shopName);
  });

  it('answers each required-field message in English', async () => {
    const response = await register({});
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please check the highlighted fields.',
      errors: {
        firstName: ['First name is required'],
        lastName: ['Last name is required'],
        email: ['E-mail is required'],
        password: ['Password is required'],
        confirmPassword: ['Confirm password is required'],
        phoneNumber: ['Phone number is required'],
        shopName: ['Company name is required'],
        sellShopPrice: ['Shop selling price is required'],
        humanProof: ['Human verification is required'],
      },
    });
  });

  it('answers "Passwords must match", "must be a number" and the length and format rules; writes nothing', async () => {
    const fields = await registerFields({
      confirmPassword: 'Other-passw0rd',
      sellShopPrice: 'abc',
      firstName: 'x'.repeat(10_000),
      lastName: 'y'.repeat(51),
      email: 'not-an-email',
      password: 'short',
      phoneNumber: '12',
      shopName: 'A',
    });
    const response = await register(fields);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      firstName: ['First name must not exceed 50 characters'],
      lastName: ['Last name must not exceed 50 characters'],
      email: ['Invalid E-mail format'],
      password: ['Password must be at least 8 characters'],
      phoneNumber: ['Invalid Phone number format'],
      shopName: ['Company name must be at least 2 characters'],
      sellShopPrice: ['Shop selling price must be a number'],
    });

    const mismatch = await registerFields({ confirmPassword: 'Other-passw0rd' });
    const onlyMismatch = await register(mismatch);
    expect(onlyMismatch.json().errors).toEqual({ confirmPassword: ['Passwords must match'] });

    const negative = await registerFields({ sellShopPrice: '-1' });
    expect((await register(negative)).json().errors).toEqual({
      sellShopPrice: ['Shop selling price must be at least 0'],
    });
    for (const f of [mismatch, negative]) await expectNothingWritten(f.email, f.shopName);
  });

  it('translates validation messages into the request language', async () => {
    const de = await register({}, undefined, 'de');
    expect(de.json().errors.email).toEqual(['E-Mail ist erforderlich']);
    const sa = await register({}, undefined, 'sa');
    expect(sa.json().errors.email[0]).toMatch(/[\u0600-\u06FF]/);
  });

  it('refuses a taken e-mail or phone among shops, but allows a customer’s e-mail', async () => {
    const first = await registerFields();
    expect((await register(first)).statusCode).toBe(201);

    const sameEmail = await register(await registerFields({ email: first.email }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('This email already exists!');
    const samePhone = await register(await registerFields({ phoneNumber: first.phoneNumber }));
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().message).toBe('This phone number already exists!');

    const customer = await seedUser(ctx.deps.db, { email: uniqueEmail('both'), phone: uniquePhone() });
    const asShop = await register(await registerFields({ email: customer.email }));
    expect(asShop.statusCode).toBe(201);
  });

  it('fails human verification with the SPEC message and writes nothing', async () => {
    const fields = await registerFields({ humanProof: Buffer.from('{"nope":1}').toString('base64') });
    const response = await register(fields);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Human verification failed. Please try again.');
    await expectNothingWritten(fields.email, fields.shopName);
  });

  it('stores SQL and HTML in names as plain text', async () => {
    const fields = await registerFields({
      firstName: "Robert'); DROP TABLE users;--",
      shopName: '<script>alert(1)</script>',
    });
    expect((await register(fields)).statusCode).toBe(201);
    const user = await findUserByEmail(ctx.deps.db, 'shop', fields.email);
    expect(user?.firstName).toBe("Robert'); DROP TABLE users;--");
    const [shop] = await ctx.deps.db
      .select()
      .from(shops)
      .where(eq(shops.id, user?.shopId ?? ''));
    expect(shop?.name).toBe('<script>alert(1)</script>');
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a JSON body', async () => {
    const fields = await registerFields();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/auth/register',
      headers: { 'accept-language': 'en' },
      payload: fields,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'This type of content is not supported.',
    });
    await expectNothingWritten(fields.email, fields.shopName);
  });

  it('answers 400 BAD_REQUEST (never 500) for a malformed multipart body', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=abc']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/portal/auth/register',
        headers: { 'content-type': contentType, 'accept-language': 'en' },
        payload: '--abc\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nx',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
    }
  });
});

describe('e-mail verification and portal login', () => {
  /** Registers a shop and returns its fields and the token from the verification e-mail. */
  const registerShop = async () => {
    const fields = await registerFields();
    expect((await register(fields)).statusCode).toBe(201);
    const [mail] = await mailsTo(fields.email);
    return { fields, token: verificationToken(mail?.text) };
  };

  it('refuses login before verification (403 EMAIL_NOT_VERIFIED, a new link is sent) and admits it after', async () => {
    const { fields, token } = await registerShop();
    const early = await login(fields.email, fields.password);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please confirm your e-mail address first. We have sent you a new link.',
    });
    expect(await mailsTo(fields.email)).toHaveLength(2);

    const verified = await verify(token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Your e-mail address is confirmed. You can now log in.' });

    const response = await login(fields.email, fields.password);
    expect(response.statusCode).toBe(200);
    const json = response.json();
    expect(json).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(json.user).toMatchObject({ kind: 'shop', email: fields.email, role: null, role_id: null });
    expect(json.user.shop).toEqual({ id: expect.any(String), name: fields.shopName, status: 'active' });

    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/portal/profile',
      headers: { authorization: `Bearer ${json.access_token}` },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('answers 200 again for a link that was already used (the user is verified)', async () => {
    const { token } = await registerShop();
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(200);
  });

  it('answers 400 VERIFICATION_TOKEN_INVALID for an unknown token and 422 for a missing one', async () => {
    const bad = await verify('not-a-real-token');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'VERIFICATION_TOKEN_INVALID',
      message: 'This verification link is invalid.',
    });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/auth/verify-email',
      headers: { 'accept-language': 'en' },
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ token: ['Link is required'] });
    const tooLong = await verify('x'.repeat(10_000));
    expect(tooLong.json().errors).toEqual({ token: ['Link must not exceed 200 characters'] });
  });

  it('answers 410 "Token expired. Another verification email has been sent." and sends a new link that works', async () => {
    const { fields, token } = await registerShop();
    const user = await findUserByEmail(ctx.deps.db, 'shop', fields.email);
    await ctx.deps.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, user?.id ?? ''));

    const expired = await verify(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      code: 'VERIFICATION_TOKEN_EXPIRED',
      message: 'Token expired. Another verification email has been sent.',
    });
    const mails = await mailsTo(fields.email);
    expect(mails).toHaveLength(2);
    const fresh = verificationToken(mails[1]?.text);
    expect(fresh).not.toBe(token);

    expect((await login(fields.email, fields.password)).statusCode).toBe(403);
    expect((await verify(fresh)).statusCode).toBe(200);
    expect((await login(fields.email, fields.password)).statusCode).toBe(200);
  });

  it('translates the expired-link message', async () => {
    const { fields, token } = await registerShop();
    const user = await findUserByEmail(ctx.deps.db, 'shop', fields.email);
    await ctx.deps.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, user?.id ?? ''));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/auth/verify-email',
      headers: { 'accept-language': 'de' },
      payload: { token },
    });
    expect(response.statusCode).toBe(410);
    expect(response.json().message).not.toBe('Token expired. Another verification email has been sent.');
  });

  it('answers "Your email address or password is incorrect!" for a wrong password or unknown e-mail', async () => {
    const { user } = await seedShopUser(ctx.deps.db, { email: uniqueEmail('shop'), phone: uniquePhone() });
    for (const [email, password] of [
      [user.email, 'wrong-password'],
      [uniqueEmail('nobody'), 'whatever1'],
    ] as const) {
      const response = await login(email, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Your email address or password is incorrect!',
      });
    }
  });

  it('does not let a customer or staff member log in at the portal', async () => {
    const customer = await seedUser(ctx.deps.db, { email: uniqueEmail('cust'), phone: uniquePhone() });
    const response = await login(customer.email, customer.password);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a suspended shop with 403 ACCOUNT_BLOCKED', async () => {
    const { user } = await seedShopUser(
      ctx.deps.db,
      { email: uniqueEmail('susp'), phone: uniquePhone() },
      { status: 'suspended' },
    );
    const response = await login(user.email, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'ACCOUNT_BLOCKED',
      message: 'This account has been blocked. Please contact support.',
    });
  });

  it('answers login validation messages, malformed JSON and a 1 MB body', async () => {
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/auth/login',
      headers: { 'accept-language': 'en' },
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      email: ['E-mail is required'],
      password: ['Password is required'],
    });
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/auth/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('BAD_REQUEST');
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('rate-limits repeated login and register attempts (per account and per IP)', async () => {
    // Same database, fresh limits: a second app is cheaper than a second test database.
    const limited = await buildApp(
      { ...ctx.deps, authRateLimits: createAuthRateLimits({ perIp: 3, perAccount: 2, windowSeconds: 900 }) },
      'api',
    );
    try {
      const email = uniqueEmail('limited');
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await limited.inject({
          method: 'POST',
          url: '/api/portal/auth/login',
          payload: { email, password: 'x' },
        });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([401, 401, 429]);

      const registerCodes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const { payload, contentType } = await multipart(await registerFields({ password: 'short' }));
        const r = await limited.inject({
          method: 'POST',
          url: '/api/portal/auth/register',
          headers: { 'content-type': contentType, 'accept-language': 'en' },
          payload,
        });
        registerCodes.push(r.statusCode);
      }
      // Invalid forms are refused before they count; valid ones count per IP.
      expect(registerCodes).toEqual([422, 422, 422, 422]);
      const accepted: number[] = [];
      for (let i = 0; i < 4; i++) {
        const { payload, contentType } = await multipart(await registerFields());
        const r = await limited.inject({
          method: 'POST',
          url: '/api/portal/auth/register',
          headers: { 'content-type': contentType, 'accept-language': 'en' },
          payload,
        });
        accepted.push(r.statusCode);
      }
      expect(accepted).toEqual([201, 201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
