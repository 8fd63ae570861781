import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
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

// Issue 40, ADR 0092: ending a campaign ends what it offers. A campaign's coupon applies only while one of the
// campaigns that name it runs (checkout, the order page's preview); the coupons list says where each coupon stands.
let ctx: TestContext;
let admin: Record<string, string>;
let pkgSlug: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ensureCatalogue(ctx.deps, ctx.app.log);
  admin = (await createSignedInUser(ctx, 'staff')).auth;
  pkgSlug = (await plainPackage(ctx)).slug;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

let serial = 0;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin) =>
  callApi(ctx, method, url, { payload, headers });

const createCoupon = async () => {
  const answer = await call('POST', '/api/staff/coupons', {
    code: `END${Date.now().toString(36).toUpperCase()}${++serial}`,
    kind: 'percent',
    percentOff: 20,
    amountOffCents: null,
    startsOn: day(-30),
    endsOn: '',
    maxRedemptions: '',
    maxPerCustomer: '',
    minOrderCents: 0,
    scopePackageSlug: '',
    scopePackageType: '',
    scopeCountry: '',
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().coupon as { id: string; code: string };
};

const campaignBody = (couponCode: string, values: Record<string, unknown> = {}) => ({
  name: 'Winter sale',
  utmCode: `winter-${Date.now().toString(36)}-${++serial}`,
  startsOn: day(-10),
  endsOn: day(10),
  couponCode,
  bannerTexts: { sq: 'Dimër: 20% zbritje', en: 'Winter: 20% off' },
  ...values,
});

const preview = (code: string) => call('POST', '/api/coupons/preview', { code, packageSlug: pkgSlug }, {});
const checkout = async (couponCode: string) =>
  call(
    'POST',
    '/api/orders',
    {
      packageSlug: pkgSlug,
      fullName: 'Besa Krasniqi',
      email: uniqueEmail('campaign-end'),
      phoneNumber: uniquePhone(),
      humanProof: await solveHumanProof(ctx.app),
      couponCode,
    },
    {},
  );
const couponState = async (couponId: string) =>
  (await call('GET', `/api/staff/coupons/${couponId}`)).json().state as string;

describe('a campaign ended by staff', () => {
  it("takes its coupon's discount with it: the preview and checkout refuse it, the coupons list says why", async () => {
    const coupon = await createCoupon();
    const created = await call('POST', '/api/staff/campaigns', campaignBody(coupon.code));
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json().campaign as { id: string; version: string };

    expect((await preview(coupon.code)).json()).toMatchObject({ discountCents: expect.any(Number) });
    expect(await couponState(coupon.id)).toBe('usable');

    // Staff end it: its last day becomes yesterday.
    const ended = await call(
      'PUT',
      `/api/staff/campaigns/${campaign.id}`,
      campaignBody(coupon.code, { version: campaign.version, endsOn: day(-1) }),
    );
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().campaign.state).toBe('ended');

    const refused = await preview(coupon.code);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().code).toBe('COUPON_UNKNOWN');
    const order = await checkout(coupon.code);
    expect(order.statusCode, order.body).toBe(422);
    expect(order.json().code).toBe('COUPON_UNKNOWN');
    expect(await couponState(coupon.id)).toBe('campaign_not_running');
    const list = await call('GET', `/api/staff/coupons?q=${coupon.code}`);
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: coupon.id, state: 'campaign_not_running', campaignCount: 1 }),
    ]);
  });

  it('leaves a coupon of its own alone, and a scheduled campaign gives its coupon from its first day', async () => {
    const alone = await createCoupon();
    expect((await preview(alone.code)).statusCode).toBe(200);
    expect((await checkout(alone.code)).statusCode).toBe(201);

    const later = await createCoupon();
    const scheduled = await call(
      'POST',
      '/api/staff/campaigns',
      campaignBody(later.code, { startsOn: day(5), endsOn: day(20) }),
    );
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect((await preview(later.code)).json().code).toBe('COUPON_UNKNOWN');
    expect(await couponState(later.id)).toBe('campaign_not_running');
  });
});
