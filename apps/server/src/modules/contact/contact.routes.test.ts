import { businesses, contactMessages } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
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

const post = (url: string, payload: unknown, locale = 'en') =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'accept-language': locale } });

const partner = async (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Arben Hoxha',
  companyName: 'Hoxha Travel',
  country: 'AL',
  email: uniqueEmail('partner'),
  phoneNumber: uniquePhone(),
  title: 'Reselling eSIMs in Tirana',
  message: 'We run three travel agencies and would like to resell your eSIMs.',
  businessType: 'reseller',
  humanProof: await solveHumanProof(ctx.app),
  ...overrides,
});

const contact = async (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Elira Shehu',
  email: uniqueEmail('contact'),
  title: 'Question about Turkey',
  message: 'Does the Turkey package work on the Asian side of Istanbul?',
  humanProof: await solveHumanProof(ctx.app),
  ...overrides,
});

describe('POST /api/partners', () => {
  it('stores the application and e-mails the applicant a confirmation in their language', async () => {
    const body = await partner();
    const response = await post('/api/partners', body, 'sq');
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toContain('Faleminderit');
    const [row] = await ctx.deps.db.select().from(businesses).where(eq(businesses.email, body.email));
    expect(row).toMatchObject({
      businessType: 'reseller',
      status: 'new',
      companyName: 'Hoxha Travel',
      locale: 'sq',
    });
    await ctx.deps.mailer.deliverPending();
    const mail = ctx.mails.find((m) => m.to === body.email);
    expect(mail?.subject).toBe('E morëm aplikimin tuaj për partneritet');
    expect(mail?.text).toContain('We run three travel agencies');
  });

  it('accepts a missing company name (the only optional field)', async () => {
    const response = await post('/api/partners', await partner({ companyName: undefined }));
    expect(response.statusCode).toBe(201);
  });

  it('answers every SPEC validation message', async () => {
    const response = await post('/api/partners', {
      fullName: '',
      email: 'nope',
      phoneNumber: '123',
      country: 'Albania',
      title: 'x'.repeat(151),
      message: 'short',
      businessType: 'spy',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      fullName: ['Full name is required'],
      email: ['Invalid E-mail format'],
      phoneNumber: ['Invalid Phone number format'],
      country: ['Invalid Country format'],
      title: ['Title must not exceed 150 characters'],
      message: ['Message must be at least 10 characters'],
      businessType: ['Business type has a value that is not allowed'],
      humanProof: ['Human verification is required'],
    });
  });

  it('fails human verification with the SPEC message and stores nothing', async () => {
    const body = await partner({ humanProof: 'bm90LWEtcHJvb2Y=' });
    const response = await post('/api/partners', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Human verification failed. Please try again.');
    expect(await ctx.deps.db.select().from(businesses).where(eq(businesses.email, body.email))).toEqual([]);
  });

  it('stores script tags as plain text and escapes them in the e-mail', async () => {
    const body = await partner({ title: '<script>alert(1)</script>' });
    expect((await post('/api/partners', body)).statusCode).toBe(201);
    await ctx.deps.mailer.deliverPending();
    const mail = ctx.mails.find((m) => m.to === body.email);
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');
  });

  it('refuses a 10 MB post with 413', async () => {
    const response = await post('/api/partners', {
      ...(await partner()),
      message: 'x'.repeat(10 * 1024 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
  });
});

describe('POST /api/contact', () => {
  it('stores the message and forwards it to the support address from settings', async () => {
    const body = await contact();
    const response = await post('/api/contact', body);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Thank you! Your message has been sent. We will reply by e-mail.');
    const [row] = await ctx.deps.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, body.email));
    expect(row).toMatchObject({ title: 'Question about Turkey', locale: 'en' });
    await ctx.deps.mailer.deliverPending();
    const forwarded = ctx.mails.find((m) => m.subject === '[Contact] Question about Turkey');
    expect(forwarded?.to).toBe('support@esim.example');
    expect(forwarded?.text).toContain(body.email);
  });

  it('answers validation messages in the request language', async () => {
    const response = await post('/api/contact', {}, 'de');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'email',
      'fullName',
      'humanProof',
      'message',
      'title',
    ]);
    expect(response.json().errors.email[0]).not.toContain('is required');
  });

  it('refuses a missing challenge', async () => {
    const { humanProof: _, ...body } = await contact();
    const response = await post('/api/contact', body);
    expect(response.json().errors.humanProof).toEqual(['Human verification is required']);
  });
});
