import { orderViewHeader } from '@esim/contracts';
import {
  auditLog,
  esimReleases,
  esims,
  giftEsims,
  orderEvents,
  orders,
  outbox,
  packages,
  seedStaffUser,
  seedUser,
} from '@esim/db';
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
import { runEsimReleaseJob } from '../settings/esim-releases.service';
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

describe('a gift that ended before its claim (issue 40, ADR 0091)', () => {
  const refund = (orderId: string, kind: string, amountCents: number | 'full' = 'full') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${orderId}/refunds`,
      headers: { 'accept-language': 'en', ...admin.auth },
      payload: { amountCents, kind, reason: 'The giver asked' },
    });
  const resend = async (orderId: string) => {
    // Past the minute in which a second click sends nothing.
    await ctx.deps.db
      .update(giftEsims)
      .set({ sentAt: new Date(Date.now() - 120_000) })
      .where(eq(giftEsims.orderId, orderId));
    return staff('POST', `gift-esims/${orderId}/resend`);
  };
  const mailsTo = (email: string) => ctx.deps.db.select().from(outbox).where(eq(outbox.to, email));
  const deliveryOf = async (orderId: string) => (await staff('GET', `gift-esims/${orderId}`)).json().delivery;

  it('refunded in full to the giver: the claim and a staff resend are refused, saying so in each language', async () => {
    const { orderId, mail, recipientEmail } = await buyGift();
    expect((await refund(orderId, 'order')).statusCode).toBe(201);
    const customer = await createSignedInUser(ctx, 'customer');
    const claimed = await claim(tokenOf(mail.text), customer.auth);
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json()).toEqual({
      code: 'GIFT_ESIM_ENDED',
      message:
        'This gift eSIM was cancelled and its price refunded to the person who gave it, so it can no longer be added to an account.',
    });
    const inAlbanian = await claim(tokenOf(mail.text), { ...customer.auth, 'accept-language': 'sq' });
    expect(inAlbanian.json().message).toBe(
      'Ky eSIM dhuratë u anulua dhe çmimi i tij iu rimbursua personit që e dhuroi, prandaj nuk mund të shtohet më në një llogari.',
    );
    expect((await esimOf(orderId))?.userId).toBeNull();
    expect(await deliveryOf(orderId)).toBe('ended');
    const refusedResend = await resend(orderId);
    expect(refusedResend.statusCode).toBe(409);
    expect(refusedResend.json()).toEqual({
      code: 'GIFT_ESIM_ENDED',
      message:
        'This gift was refunded in full to its buyer before it was claimed: no new link is sent for an eSIM that no longer works.',
    });
    // The gift mail, and one notice that it ended: refunded before its claim, its profile was cancelled too.
    expect(await mailsTo(recipientEmail)).toHaveLength(2);
    expect((await esimOf(orderId))?.status).toBe('cancelled');
    const ended = (
      await staff('GET', `gift-esims?delivery=ended&q=${encodeURIComponent(recipientEmail)}`)
    ).json();
    expect(ended.items.map((g: { id: string }) => g.id)).toEqual([orderId]);
  });

  it('its package cancelled by staff: the eSIM is cancelled, the recipient is told in their language, the claim refused', async () => {
    const { orderId, mail, recipientEmail, buyerEmail } = await buyGift(uniqueEmail('recipient'), 'de');
    const [order] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
    // Part of the price: the order is not refunded in full, its eSIM is cancelled.
    expect((await refund(orderId, 'deleted_package', (order?.totalCents ?? 0) - 100)).statusCode).toBe(201);
    expect((await esimOf(orderId))?.status).toBe('cancelled');
    const customer = await createSignedInUser(ctx, 'customer');
    const claimed = await claim(tokenOf(mail.text), customer.auth);
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json().message).toBe(
      'This gift eSIM was cancelled and no longer works, so it can no longer be added to an account.',
    );
    expect((await resend(orderId)).json().message).toBe(
      "This gift's eSIM was cancelled before it was claimed: no new link is sent for an eSIM that no longer works.",
    );
    const toRecipient = (await mailsTo(recipientEmail)).filter((m) => m.subject?.includes('storniert'));
    expect(toRecipient).toHaveLength(1);
    expect(toRecipient[0]?.text).toContain('die Drita Hoxha für Sie gekauft hat');
    // The giver hears of it through the refund's own notice (ADR 0090), not a second e-mail from the cancel.
    expect((await mailsTo(buyerEmail)).filter((m) => m.subject?.includes('cancelled'))).toHaveLength(0);
  });

  it('freed unclaimed: the claim is refused; recipient and giver are each told once, in their own language', async () => {
    const { orderId, mail, recipientEmail, buyerEmail } = await buyGift(uniqueEmail('recipient'), 'sq');
    const esim = await esimOf(orderId);
    await ctx.deps.db
      .update(esims)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(esims.id, esim?.id ?? ''));
    await runEsimReleaseJob(ctx.deps);
    const [release] = await ctx.deps.db
      .select()
      .from(esimReleases)
      .where(eq(esimReleases.esimId, esim?.id ?? ''));
    const freed = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/settings/esim-releases/free',
      headers: { 'accept-language': 'en', ...admin.auth },
      payload: { ids: [release?.id] },
    });
    expect(freed.json().freed).toBe(1);
    const customer = await createSignedInUser(ctx, 'customer');
    const claimed = await claim(tokenOf(mail.text), customer.auth);
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json().message).toBe(
      'This gift eSIM was never installed and was released, so it no longer works and can no longer be added to an account.',
    );
    const toRecipient = (await mailsTo(recipientEmail)).filter((m) => m.subject?.includes('u lirua'));
    expect(toRecipient).toHaveLength(1);
    const toGiver = (await mailsTo(buyerEmail)).filter((m) => m.subject?.includes('was released'));
    expect(toGiver).toHaveLength(1);
    expect(toGiver[0]?.text).toContain('Nothing is refunded automatically.');
  });

  it('claimed, then its package cancelled by staff: the recipient, whose eSIM it is, is told once in their language', async () => {
    const { orderId, mail, buyerEmail } = await buyGift();
    const recipient = await seedUser(ctx.deps.db, { email: uniqueEmail('claimer'), locale: 'sq' });
    const token = await loginAs(ctx.app, 'customer', recipient.email, recipient.password);
    const auth = { authorization: `Bearer ${token.access_token}` };
    expect((await claim(tokenOf(mail.text), auth)).statusCode).toBe(200);
    expect((await refund(orderId, 'deleted_package')).statusCode).toBe(201);
    const told = await mailsTo(recipient.email);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toMatch(/^eSIM-i juaj .+ u anulua$/);
    expect(told[0]?.text).toContain('që Drita Hoxha bleu për ju');
    expect((await mailsTo(buyerEmail)).filter((m) => m.subject?.includes('cancelled'))).toHaveLength(0);
    // The claimed gift is the recipient's eSIM now: its QR code is refused with the reason.
    const install = await ctx.app.inject({
      method: 'GET',
      url: `/api/account/esims/${(await esimOf(orderId))?.id}/install`,
      headers: { 'accept-language': 'en', ...auth },
    });
    expect(install.json().code).toBe('ESIM_CANCELLED');
  });
});
