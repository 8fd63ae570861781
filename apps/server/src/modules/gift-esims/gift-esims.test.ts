import { orderViewHeader } from '@esim/contracts';
import { auditLog, esims, giftEsims, orderEvents, orders, outbox, packages, seedStaffUser } from '@esim/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import {
  createSignedInUser,
  createTestContext,
  loginAs,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';
import { claimTokenOf, hashClaimToken } from './gift-esims.service';

// Issue 31: gift eSIMs — bought for someone else's e-mail, sent to them in their language with a claim link,
// claimed into an account once; staff list them and resend to the recipient.
const esimProvider = createSandboxEsimProvider({ allocationDelayMs: 0 });
let ctx: TestContext;
let stopSweep: () => void;
let slug: string;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  ctx = await createTestContext({ JOB_POLL_SECONDS: '0.5' }, { esimProvider });
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopSweep = await startFulfilment(ctx.deps, ctx.app.log);
  const [pkg] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.type, 'local'), eq(packages.active, true)))
    .limit(1);
  if (!pkg) throw new Error('no local package');
  slug = pkg.slug;
  admin = await createSignedInUser(ctx, 'staff');
}, 120_000);
afterAll(async () => {
  stopSweep?.();
  await ctx?.close();
});

const waitFor = async <T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const orderBody = async (gift: Record<string, unknown>) => ({
  packageSlug: slug,
  fullName: 'Drita Hoxha',
  email: uniqueEmail('giver'),
  phoneNumber: uniquePhone(),
  humanProof: await solveHumanProof(ctx.app),
  gift,
});

/** Buys a gift eSIM with the sandbox card; answers the order id once its recipient's e-mail is stored. */
const buyGift = async (recipientEmail = uniqueEmail('recipient'), recipientLocale = 'de') => {
  const payload = await orderBody({
    recipientEmail,
    recipientName: 'Luan Berisha',
    message: 'Gëzuar ditëlindjen!',
    recipientLocale,
  });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'accept-language': 'en' },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  const { orderId, checkoutUrl, viewToken } = response.json() as {
    orderId: string;
    checkoutUrl: string;
    viewToken: string;
  };
  if (!ctx.deps.sandboxPayments) throw new Error('sandbox payments expected');
  await ctx.deps.sandboxPayments.submitCard(checkoutUrl.split('/').pop() ?? '', {
    number: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
  });
  const mail = await waitFor(async () => {
    const [row] = await ctx.deps.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, recipientEmail))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    return row;
  });
  return { orderId, recipientEmail, buyerEmail: payload.email, mail, viewToken };
};

const tokenOf = (text: string) => {
  const match = /gift\/claim\?token=([^\s"&]+)/.exec(text);
  if (!match?.[1]) throw new Error('no claim link');
  return decodeURIComponent(match[1]);
};

const claim = (token: string, headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/gift-esims/claim',
    headers: { 'accept-language': 'en', ...headers },
    payload: { token },
  });
const staff = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = admin.auth) =>
  ctx.app.inject({
    method,
    url: `/api/staff/${url}`,
    headers: { 'accept-language': 'en', ...headers },
    ...(method === 'POST' ? { payload: {} } : {}),
  });
const esimOf = async (orderId: string) =>
  (await ctx.deps.db.select().from(esims).where(eq(esims.orderId, orderId)))[0];

describe('claim tokens', () => {
  it('are the same for one e-mail, new for each resend, and stored only as a hash', () => {
    const order = crypto.randomUUID();
    expect(claimTokenOf('secret', order, 1)).toBe(claimTokenOf('secret', order, 1));
    expect(claimTokenOf('secret', order, 2)).not.toBe(claimTokenOf('secret', order, 1));
    expect(claimTokenOf('other', order, 1)).not.toBe(claimTokenOf('secret', order, 1));
    expect(hashClaimToken(claimTokenOf('secret', order, 1))).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('buying a gift eSIM', () => {
  it('sends the eSIM to the recipient in their language with a claim link, and the buyer a confirmation', async () => {
    const { orderId, mail, buyerEmail, recipientEmail, viewToken } = await buyGift();
    const [order] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ kind: 'gift_esim', status: 'completed', paymentMethod: 'card' });
    expect(mail.subject).toContain('hat Ihnen eine eSIM geschickt');
    expect(mail.text).toContain('Gëzuar ditëlindjen!');
    expect(mail.text).toContain('LPA:1$');
    expect(tokenOf(mail.text)).toHaveLength(43);
    // Nobody owns the eSIM until it is claimed; the buyer's success page says where it went, without its QR code,
    // and the buyer gets a confirmation with the invoice.
    expect((await esimOf(orderId))?.userId).toBeNull();
    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/receipt`,
      headers: { [orderViewHeader]: viewToken },
    });
    expect(receipt.json()).toMatchObject({
      kind: 'gift_esim',
      status: 'completed',
      esim: null,
      email: recipientEmail,
    });
    const toBuyer = await waitFor(async () =>
      (await ctx.deps.db.select().from(outbox).where(eq(outbox.to, buyerEmail))).find((m) =>
        m.subject?.includes('Your gift eSIM is on its way'),
      ),
    );
    expect(toBuyer.text).toContain('Luan Berisha');
    const [gift] = await ctx.deps.db.select().from(giftEsims).where(eq(giftEsims.orderId, orderId));
    expect(gift?.claimTokenHash).not.toContain(tokenOf(mail.text));
    expect(gift).toMatchObject({ sendCount: 1, recipientLocale: 'de' });
  });

  it('refuses an invalid recipient e-mail and other bad gift fields, writing nothing', async () => {
    for (const gift of [
      { recipientEmail: 'not-an-address', recipientName: 'Luan', recipientLocale: 'de' },
      { recipientEmail: uniqueEmail('r'), recipientName: 'Luan', recipientLocale: 'xx' },
      { recipientEmail: uniqueEmail('r'), recipientName: '', recipientLocale: 'de' },
    ]) {
      const payload = await orderBody(gift);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'accept-language': 'sq' },
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)[0]).toMatch(/^gift\./);
      expect(
        await ctx.deps.db.select().from(orders).where(eq(orders.buyerEmail, payload.email)),
      ).toHaveLength(0);
    }
  });
});

describe('POST /api/account/gift-esims/claim', () => {
  it('moves the eSIM into the first account that claims it; again is harmless, another account is refused', async () => {
    const { orderId, mail } = await buyGift();
    const token = tokenOf(mail.text);
    const first = await createSignedInUser(ctx, 'customer');
    const second = await createSignedInUser(ctx, 'customer');
    const claimed = await claim(token, first.auth);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ claimed: true, esimId: (await esimOf(orderId))?.id });
    // Said in words, not as a key.
    expect(claimed.json().message).toMatch(/^The eSIM .+ is now in your account\.$/);
    expect((await esimOf(orderId))?.userId).toBe(first.user.id);
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/account/esims', headers: first.auth });
    expect(listed.json().items.map((e: { id: string }) => e.id)).toContain((await esimOf(orderId))?.id);

    const again = await claim(token, first.auth);
    expect(again.statusCode).toBe(200);
    expect(again.json().claimed).toBe(false);
    const other = await claim(token, second.auth);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'GIFT_CLAIMED_BY_OTHER',
      message: 'This gift eSIM has already been claimed by another account.',
    });
    expect((await esimOf(orderId))?.userId).toBe(first.user.id);
    // The claim is on the order's timeline once (not for the repeat nor the refused account): who, and when.
    const [gift] = await ctx.deps.db.select().from(giftEsims).where(eq(giftEsims.orderId, orderId));
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/orders/${orderId}`,
      headers: admin.auth,
    });
    const claims = page.json().timeline.filter((e: { kind: string }) => e.kind === 'gift_claimed');
    expect(claims).toEqual([
      expect.objectContaining({
        actor: 'recipient',
        detail: {
          accountId: first.user.id,
          email: first.user.email,
          claimedAt: gift?.claimedAt?.toISOString(),
        },
      }),
    ]);
  });

  it('refuses an unknown token, the signed-out and other token kinds', async () => {
    const customer = await createSignedInUser(ctx, 'customer');
    const unknown = await claim('x'.repeat(43), customer.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('GIFT_CLAIM_INVALID');
    expect((await claim('short', customer.auth)).statusCode).toBe(422);
    expect((await claim('x'.repeat(43), {})).statusCode).toBe(401);
    for (const kind of ['shop', 'staff'] as const)
      expect((await claim('x'.repeat(43), (await createSignedInUser(ctx, kind)).auth)).statusCode).toBe(403);
  });
});

describe('staff: GET /api/staff/gift-esims and resend', () => {
  it('lists buyer, recipient, delivery state and claimer; resends with a new link, timeline and audit', async () => {
    const gift = await buyGift(uniqueEmail('listed'), 'sq');
    const list = await staff('GET', `gift-esims?q=${encodeURIComponent(gift.recipientEmail)}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      items: [
        { id: gift.orderId, buyerEmail: gift.buyerEmail, delivery: 'sent', sendCount: 1, claimedAt: null },
      ],
    });

    expect((await staff('GET', `gift-esims/${gift.orderId}`)).json()).toMatchObject({
      id: gift.orderId,
      delivery: 'sent',
    });
    expect((await staff('GET', `gift-esims/${crypto.randomUUID()}`)).statusCode).toBe(404);

    // A second click right after the e-mail went out sends nothing.
    const soon = await staff('POST', `gift-esims/${gift.orderId}/resend`);
    expect(soon.statusCode, soon.body).toBe(200);
    expect(soon.json().resent).toBe(false);

    await ctx.deps.db
      .update(giftEsims)
      .set({ sentAt: new Date(Date.now() - 120_000) })
      .where(eq(giftEsims.orderId, gift.orderId));
    const resent = await staff('POST', `gift-esims/${gift.orderId}/resend`);
    expect(resent.json()).toMatchObject({ resent: true, gift: { sendCount: 2, delivery: 'sent' } });
    const mails = await ctx.deps.db.select().from(outbox).where(eq(outbox.to, gift.recipientEmail));
    expect(mails).toHaveLength(2);
    const newest = mails.find((m) => tokenOf(m.text) !== tokenOf(gift.mail.text));
    expect(newest?.subject).toContain('ju dërgoi një eSIM');
    const events = await ctx.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, gift.orderId));
    expect(events.some((e) => e.kind === 'staff_action' && e.staffUserId === admin.user.id)).toBe(true);
    const [audit] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, gift.orderId));
    expect(audit?.action).toBe('order.resend_gift');

    // Only the newest link works.
    const customer = await createSignedInUser(ctx, 'customer');
    expect((await claim(tokenOf(gift.mail.text), customer.auth)).statusCode).toBe(404);
    expect((await claim(tokenOf(newest?.text ?? ''), customer.auth)).statusCode).toBe(200);
    const claimedRow = (
      await staff('GET', `gift-esims?delivery=claimed&q=${encodeURIComponent(gift.recipientEmail)}`)
    ).json();
    expect(claimedRow.items[0]).toMatchObject({ delivery: 'claimed', claimedByEmail: customer.user.email });
    // A claimed gift is not resent.
    expect((await staff('POST', `gift-esims/${gift.orderId}/resend`)).statusCode).toBe(409);

    const csv = await staff('GET', `gift-esims.csv?q=${encodeURIComponent(gift.recipientEmail)}`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'number,status,buyerEmail,recipientEmail,packageName,delivery,sendCount,sentAt,claimedByEmail,claimedAt,createdAt',
    );
    expect(lines).toHaveLength(2);
    expect((await staff('GET', 'gift-esims?sort=buyerEmail')).statusCode).toBe(422);
    expect((await staff('GET', 'gift-esims?delivery=lost')).statusCode).toBe(422);
    expect((await staff('POST', `gift-esims/${crypto.randomUUID()}/resend`)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const urls = [
      ['GET', 'gift-esims'],
      ['GET', 'gift-esims.csv'],
      ['GET', `gift-esims/${crypto.randomUUID()}`],
      ['POST', `gift-esims/${crypto.randomUUID()}/resend`],
    ] as const;
    const others: Record<string, string>[] = [];
    for (const role of ['editor', 'analytics'] as const) {
      const member = await seedStaffUser(ctx.deps.db, role, { email: uniqueEmail(role) });
      const token = await loginAs(ctx.app, 'staff', member.email, member.password);
      others.push({ authorization: `Bearer ${token.access_token}` });
    }
    for (const kind of ['customer', 'shop'] as const) others.push((await createSignedInUser(ctx, kind)).auth);
    for (const [method, url] of urls) {
      expect((await staff(method, url, {})).statusCode, url).toBe(401);
      for (const headers of others) expect((await staff(method, url, headers)).statusCode, url).toBe(403);
    }
  });
});
