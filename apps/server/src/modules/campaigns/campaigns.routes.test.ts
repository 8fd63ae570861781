import { auditLog, campaigns, orders } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { signInAs } from '../../test/callers';
import {
  callApi,
  createSignedInUser,
  createTestContext,
  plainPackage,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';
import { campaignBanner } from './campaigns.service';

// Issue 32: campaigns for admin and analytics, their banner on the site while they run, and the orders they
// brought (their coupon, or their link) with revenue.
let ctx: TestContext;
let admin: Record<string, string>;
let analytics: Record<string, string>;
let pkgSlug: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ensureCatalogue(ctx.deps, ctx.app.log);
  admin = (await createSignedInUser(ctx, 'staff')).auth;
  analytics = await signInAs(ctx, 'analytics');
  pkgSlug = (await plainPackage(ctx)).slug;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

let serial = 0;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const body = (values: Record<string, unknown> = {}) => ({
  name: 'Summer in Albania',
  utmCode: `summer-${Date.now().toString(36)}-${++serial}`,
  startsOn: day(-1),
  endsOn: day(10),
  couponCode: '',
  bannerTexts: { sq: 'Vera: 10% zbritje', en: 'Summer: 10% off' },
  ...values,
});
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin, lang = 'en') =>
  callApi(ctx, method, url, { payload, headers, lang });
const create = async (values: Record<string, unknown> = {}, headers = admin) => {
  const answer = await call('POST', '/api/staff/campaigns', body(values), headers);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().campaign as { id: string; utmCode: string; version: string; state: string };
};

describe('staff campaigns', () => {
  it('creates, lists, edits and translates a campaign (admin and analytics), each change audited', async () => {
    const campaign = await create({}, analytics);
    expect(campaign.state).toBe('running');
    const list = await call('GET', `/api/staff/campaigns?q=${campaign.utmCode}`);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: campaign.id, state: 'running' }] });
    const edited = await call('PUT', `/api/staff/campaigns/${campaign.id}`, {
      ...body({ utmCode: campaign.utmCode.toUpperCase(), startsOn: day(3), endsOn: day(5) }),
      version: campaign.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().campaign).toMatchObject({ state: 'scheduled', utmCode: campaign.utmCode });
    const texts = await call('PUT', `/api/staff/campaigns/${campaign.id}/languages`, {
      bannerTexts: { sq: 'Vera', en: 'Summer', sa: 'الصيف', de: '' },
      version: edited.json().campaign.version,
    });
    expect(texts.statusCode, texts.body).toBe(200);
    expect(texts.json().campaign.bannerTexts).toEqual({ sq: 'Vera', en: 'Summer', sa: 'الصيف' });
    const stale = await call('PUT', `/api/staff/campaigns/${campaign.id}/languages`, {
      bannerTexts: { sq: 'Vera', en: 'Summer' },
      version: campaign.version,
    });
    expect(stale.json().code).toBe('RECORD_CHANGED');
    const audit = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, campaign.id));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'campaign.create',
      'campaign.update',
      'campaign.update',
    ]);
  });

  it('refuses a taken utm code, an end before the start and a missing required text, in words, changing nothing', async () => {
    const campaign = await create();
    const before = await ctx.deps.db.$count(campaigns);
    const taken = await call('POST', '/api/staff/campaigns', body({ utmCode: campaign.utmCode }));
    expect(taken.json()).toMatchObject({
      code: 'CAMPAIGN_CODE_TAKEN',
      errors: { utmCode: ['A campaign with this utm code already exists.'] },
    });
    const dates = await call('POST', '/api/staff/campaigns', body({ startsOn: day(5), endsOn: day(1) }));
    expect(dates.json().errors.endsOn).toEqual(['The end date cannot be before the start date.']);
    const missing = await call(
      'POST',
      '/api/staff/campaigns',
      body({ bannerTexts: { en: 'Only English' } }),
      admin,
      'sq',
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: 'CAMPAIGN_TEXT_MISSING',
      errors: { 'bannerTexts.sq': ['Teksti i banerit kërkohet në këtë gjuhë.'] },
    });
    const languages = await call('PUT', `/api/staff/campaigns/${campaign.id}/languages`, {
      bannerTexts: { sq: '', en: 'Summer' },
      version: campaign.version,
    });
    expect(languages.json().code).toBe('CAMPAIGN_TEXT_MISSING');
    const coupon = await call('POST', '/api/staff/campaigns', body({ couponCode: 'NO-SUCH-COUPON' }));
    expect(coupon.json().errors.couponCode).toHaveLength(1);
    expect(await ctx.deps.db.$count(campaigns)).toBe(before);
  });

  it('lists the orders of its coupon and of its link with their revenue', async () => {
    const code = `CAMP-${Date.now().toString(36).toUpperCase()}`;
    const coupon = await call('POST', '/api/staff/coupons', {
      code,
      kind: 'fixed',
      percentOff: '',
      amountOffCents: 100,
      startsOn: day(-1),
      minOrderCents: 0,
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const campaign = await create({ couponCode: code });
    const order = async (values: Record<string, unknown>) => {
      const answer = await call(
        'POST',
        '/api/orders',
        {
          packageSlug: pkgSlug,
          fullName: 'Besa Krasniqi',
          email: uniqueEmail('campaign'),
          phoneNumber: uniquePhone(),
          humanProof: await solveHumanProof(ctx.app),
          ...values,
        },
        {},
      );
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json() as { orderId: string; checkoutUrl: string };
    };
    const byCoupon = await order({ couponCode: code });
    const byLink = await order({ attribution: { utmCampaign: campaign.utmCode.toUpperCase() } });
    await order({ attribution: { utmCampaign: 'someone-else' } });
    await ctx.deps.sandboxPayments?.submitCard(byCoupon.checkoutUrl.split('/').pop() ?? '', {
      number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    });
    let answer = await call('GET', `/api/staff/campaigns/${campaign.id}/orders`, undefined, analytics);
    for (let i = 0; i < 100 && answer.json().totals.paidOrders < 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await call('GET', `/api/staff/campaigns/${campaign.id}/orders`, undefined, analytics);
    }
    const [paid] = await ctx.deps.db.select().from(orders).where(eq(orders.id, byCoupon.orderId));
    expect(answer.json()).toMatchObject({
      total: 2,
      totals: { paidOrders: 1, revenueCents: paid?.totalCents, discountCents: paid?.discountCents },
    });
    expect(
      answer
        .json()
        .items.map((o: { id: string; via: string }) => [o.id, o.via])
        .sort(),
    ).toEqual(
      [
        [byCoupon.orderId, 'coupon'],
        [byLink.orderId, 'link'],
      ].sort(),
    );
  });

  it('filters all orders by coupon and by campaign (issue 31)', async () => {
    const code = `FILT-${Date.now().toString(36).toUpperCase()}`;
    expect(
      (
        await call('POST', '/api/staff/coupons', {
          code,
          kind: 'percent',
          percentOff: 5,
          startsOn: day(-1),
          minOrderCents: 0,
        })
      ).statusCode,
    ).toBe(201);
    const campaign = await create({ couponCode: code });
    const order = async (values: Record<string, unknown>) =>
      (
        await call(
          'POST',
          '/api/orders',
          {
            packageSlug: pkgSlug,
            fullName: 'Besa Krasniqi',
            email: uniqueEmail('filter'),
            phoneNumber: uniquePhone(),
            humanProof: await solveHumanProof(ctx.app),
            ...values,
          },
          {},
        )
      ).json().orderId as string;
    const withCoupon = await order({ couponCode: code });
    const withLink = await order({ attribution: { utmCampaign: campaign.utmCode } });
    await order({});
    const ids = async (filter: string) =>
      ((await call('GET', `/api/staff/orders?${filter}`)).json().items as { id: string }[])
        .map((o) => o.id)
        .sort();
    expect(await ids(`coupon=${code.toLowerCase()}`)).toEqual([withCoupon]);
    expect(await ids(`campaign=${campaign.utmCode.toUpperCase()}`)).toEqual([withCoupon, withLink].sort());
  });

  it('lets admin and analytics in; editor, customer and shop are refused', async () => {
    const campaign = await create();
    const calls = [
      { method: 'GET' as const, url: '/api/staff/campaigns' },
      { method: 'GET' as const, url: `/api/staff/campaigns/${campaign.id}` },
      { method: 'GET' as const, url: `/api/staff/campaigns/${campaign.id}/orders` },
      { method: 'POST' as const, url: '/api/staff/campaigns', payload: body() },
      { method: 'PUT' as const, url: `/api/staff/campaigns/${campaign.id}`, payload: body() },
      {
        method: 'PUT' as const,
        url: `/api/staff/campaigns/${campaign.id}/languages`,
        payload: { bannerTexts: { sq: 'a', en: 'b' }, version: campaign.version },
      },
    ];
    const others = await Promise.all(
      (['editor', 'customer', 'shop'] as const).map((kind) => signInAs(ctx, kind)),
    );
    for (const request of calls) {
      expect((await ctx.app.inject(request)).statusCode, request.url).toBe(401);
      for (const headers of others)
        expect((await ctx.app.inject({ ...request, headers })).statusCode, request.url).toBe(403);
    }
    expect(
      (await call('GET', `/api/staff/campaigns/${campaign.id}/orders`, undefined, analytics)).statusCode,
    ).toBe(200);
  });
});

describe('the site banner', () => {
  it('shows the running campaign in the page language, none in a language left empty or when none runs', async () => {
    await ctx.deps.db.delete(campaigns);
    expect(await campaignBanner(ctx.deps.db, 'sa', Date.now() + 60_000)).toBeNull();
    await create({ startsOn: day(2), endsOn: day(4), bannerTexts: { sq: 'Më vonë', en: 'Later' } });
    const running = await create({ bannerTexts: { sq: 'Vera', en: 'Summer', sa: 'الصيف' } });
    expect(await campaignBanner(ctx.deps.db, 'sa', Date.now() + 120_000)).toEqual({ text: 'الصيف' });
    expect(await campaignBanner(ctx.deps.db, 'de', Date.now() + 180_000)).toBeNull();
    expect(await campaignBanner(ctx.deps.db, 'en', Date.now() + 180_000)).toEqual({ text: 'Summer' });
    await call('PUT', `/api/staff/campaigns/${running.id}`, {
      ...body({ utmCode: running.utmCode, startsOn: day(-10), endsOn: day(-5) }),
      version: running.version,
    });
    // An edit is seen at once in this process (and within seconds in the others).
    expect(await campaignBanner(ctx.deps.db, 'sa')).toBeNull();
  });
});
