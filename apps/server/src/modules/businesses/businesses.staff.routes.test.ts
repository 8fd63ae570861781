import { type Paged, tokenKinds } from '@esim/contracts';
import type { Business, BusinessOrdersResponse } from '@esim/contracts/staff';
import { businesses, orders, packages, shops, users } from '@esim/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { signInAs } from '../../test/callers';
import {
  createTestContext,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';

// Issue 12: partner applications (approve a reseller → a shop; an influencer → a referral code; reject with a
// reason), the orders referral links bring, and /staff/create-shop.
let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  await ensureCatalogue(ctx.deps, ctx.app.log);
  admin = await signInAs(ctx, 'admin');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, headers = admin) =>
  ctx.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...headers },
    ...(payload ? { payload } : {}),
  });
const apply = async (businessType: 'reseller' | 'influencer' | 'business', fullName = 'Arta Gashi') => {
  const [row] = await ctx.deps.db
    .insert(businesses)
    .values({
      fullName,
      companyName: businessType === 'reseller' ? 'Arta Mobile' : null,
      country: 'AL',
      email: uniqueEmail('partner'),
      phone: uniquePhone(),
      title: 'Partnership',
      message: 'We would like to work with you.',
      businessType,
      locale: 'sq',
    })
    .returning();
  if (!row) throw new Error('no application');
  return row;
};
const versionOf = async (id: string) =>
  ((await call('GET', `/api/staff/businesses/${id}`)).json() as { business: Business }).business.version;

describe('partner applications', () => {
  it('approves a reseller: an active shop with its invited user appears; approving twice is refused', async () => {
    const application = await apply('reseller');
    const version = await versionOf(application.id);
    const approved = await call('POST', `/api/staff/businesses/${application.id}/approve`, { version });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(
      'Arta Mobile is approved: a shop is created and its user invited to the portal.',
    );
    const shopId = approved.json().business.shopId as string;
    const [shop] = await ctx.deps.db.select().from(shops).where(eq(shops.id, shopId));
    expect(shop).toMatchObject({ name: 'Arta Mobile', status: 'active' });
    const [user] = await ctx.deps.db.select().from(users).where(eq(users.shopId, shopId));
    expect(user).toMatchObject({
      email: application.email,
      firstName: 'Arta',
      lastName: 'Gashi',
      kind: 'shop',
    });

    await ctx.deps.mailer.deliverPending();
    const mail = ctx.mails.findLast((m) => m.to === application.email);
    expect(mail?.subject).toBe('Llogaria juaj e rishitësit për Arta Mobile është gati');
    expect(mail?.text).toContain('/reset-password?token=');
    expect(mail?.text).toContain('&portal=1');

    const twice = await call('POST', `/api/staff/businesses/${application.id}/approve`, {
      version: approved.json().business.version,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ACTION_NOT_ALLOWED');
    expect(await ctx.deps.db.$count(shops, eq(shops.name, 'Arta Mobile'))).toBe(1);
  });

  it('approves an influencer with a referral code; an order placed with the code counts for them', async () => {
    const application = await apply('influencer', 'Blerta Krasniqi');
    const approved = await call('POST', `/api/staff/businesses/${application.id}/approve`, {
      version: await versionOf(application.id),
    });
    const business = approved.json().business as Business;
    expect(business.referralCode).toMatch(/^BLERTAKR-[A-Z0-9]{5}$/);
    expect(business.referralLink).toBe(`${ctx.config.siteUrl}/?ref=${business.referralCode}`);
    await ctx.deps.mailer.deliverPending();
    expect(ctx.mails.findLast((m) => m.to === application.email)?.text).toContain(
      business.referralCode ?? 'none',
    );

    const [pkg] = await ctx.deps.db.select().from(packages).where(eq(packages.active, true)).limit(1);
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        packageSlug: pkg?.slug,
        humanProof: await solveHumanProof(ctx.app),
        fullName: 'Drita Hoxha',
        email: uniqueEmail('referred'),
        phoneNumber: uniquePhone(),
        attribution: { referralCode: business.referralCode?.toLowerCase() },
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json().orderId as string;
    await ctx.deps.db
      .update(orders)
      .set({ paidAt: new Date(), fulfilmentStatus: 'paid' })
      .where(eq(orders.id, orderId));

    const list = (
      await call('GET', `/api/staff/businesses/orders?businessId=${business.id}`)
    ).json() as BusinessOrdersResponse;
    expect(list.items.map((o) => o.id)).toEqual([orderId]);
    expect(list.totals).toEqual([
      expect.objectContaining({
        businessId: business.id,
        paidOrders: 1,
        paidTotalCents: list.items[0]?.totalCents,
      }),
    ]);
  });

  it('ignores an unknown referral code and a code of an application not approved', async () => {
    const pending = await apply('business');
    await ctx.deps.db
      .update(businesses)
      .set({ referralCode: 'PENDING-CODE1' })
      .where(eq(businesses.id, pending.id));
    const [pkg] = await ctx.deps.db.select().from(packages).where(eq(packages.active, true)).limit(1);
    for (const referralCode of ['NOBODY-12345', 'PENDING-CODE1']) {
      const order = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          packageSlug: pkg?.slug,
          humanProof: await solveHumanProof(ctx.app),
          fullName: 'Drita Hoxha',
          email: uniqueEmail('referred'),
          phoneNumber: uniquePhone(),
          attribution: { referralCode },
        },
      });
      expect(order.statusCode).toBe(201);
      const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, order.json().orderId));
      expect(row?.businessId).toBeNull();
    }
  });

  it('rejects with a reason e-mailed to the applicant; a reason is required; a stale screen is refused', async () => {
    const application = await apply('business', 'Dren Berisha');
    const version = await versionOf(application.id);
    const noReason = await call('POST', `/api/staff/businesses/${application.id}/reject`, {
      version,
      reason: '',
    });
    expect(noReason.statusCode).toBe(422);
    const rejected = await call('POST', `/api/staff/businesses/${application.id}/reject`, {
      version,
      reason: 'We work only with companies registered in the EU.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().business).toMatchObject({ status: 'rejected', referralCode: null });
    await ctx.deps.mailer.deliverPending();
    expect(ctx.mails.findLast((m) => m.to === application.email)?.text).toContain(
      'We work only with companies registered in the EU.',
    );
    const stale = await call('POST', `/api/staff/businesses/${application.id}/approve`, { version });
    expect(stale.json().code).toBe('RECORD_CHANGED');

    const { history } = (await call('GET', `/api/staff/businesses/${application.id}`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['application.reject']);
  });

  it('lists applications by status and type; admin only', async () => {
    const page = (
      await call('GET', '/api/staff/businesses?status=new&businessType=reseller&pageSize=200')
    ).json() as Paged<Business>;
    expect(page.items.every((b) => b.status === 'new' && b.businessType === 'reseller')).toBe(true);
    for (const kind of tokenKinds) {
      const response = await call('GET', '/api/staff/businesses', undefined, await signInAs(ctx, kind));
      expect(response.statusCode, kind).toBe(kind === 'admin' ? 200 : kind === 'none' ? 401 : 403);
    }
  });
});

describe('POST /api/staff/shops', () => {
  it('creates an active shop and invites its first user; a taken e-mail is refused and nothing is written', async () => {
    const email = uniqueEmail('new-shop');
    const created = await call('POST', '/api/staff/shops', {
      shopName: 'Tirana Travel',
      sellShopPrice: 15,
      firstName: 'Ilir',
      lastName: 'Hoxha',
      email,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(
      `Tirana Travel is created: we e-mailed ${email} a link to choose a password for the portal.`,
    );
    expect(created.json().shop).toMatchObject({ status: 'active', sellShopPrice: 15, ownerEmail: email });
    const again = await call('POST', '/api/staff/shops', {
      shopName: 'Tirana Travel 2',
      sellShopPrice: 15,
      firstName: 'Ilir',
      lastName: 'Hoxha',
      email,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.email).toEqual(['This email already exists!']);
    expect(await ctx.deps.db.$count(shops, and(eq(shops.name, 'Tirana Travel 2')))).toBe(0);
  });
});
