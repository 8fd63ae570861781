import type { TokenKind } from '@esim/contracts';
import type {
  FacebookAdOrders,
  FacebookAdsCampaigns,
  FacebookAdsInsights,
  FacebookAdsTotal,
} from '@esim/contracts/staff';
import { orders } from '@esim/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdDayInsight, AdsProvider } from '../../adapters/ads/port';
import { signInEveryKind } from '../../test/callers';
import { createTestContext, type TestContext, uniqueEmail } from '../../test/harness';
import { syncAds } from './facebook-ads-sync.service';

// Issue 33: the Facebook ads screens. A known set of Meta insights (synced through the port) and of orders in
// April 2016 (no other test or seed has anything then), every figure checked exactly, the previous period too,
// and each screen's rows adding up to its totals and to the same figure on the other screens.
let ctx: TestContext;
let callers: Record<TokenKind, Record<string, string>>;
const number: Record<string, string> = {};

const insight = (adExternalId: string, day: string, m: Partial<AdDayInsight>): AdDayInsight => ({
  adExternalId,
  day,
  spendCents: null,
  impressions: null,
  reach: null,
  clicks: null,
  cpcCents: null,
  ctrPercent: null,
  purchases: null,
  purchaseValueCents: null,
  ...m,
});

const known: AdsProvider = {
  name: 'test',
  listCampaigns: async () => [
    { externalId: 'x-c1', name: 'Spring Albania', status: 'ACTIVE', objective: 'OUTCOME_SALES' },
    { externalId: 'x-c2', name: 'Kosovo reach', status: 'PAUSED', objective: null },
  ],
  listAdSets: async () => [
    { externalId: 'x-s1', campaignExternalId: 'x-c1', name: 'Broad', status: 'ACTIVE' },
    { externalId: 'x-s2', campaignExternalId: 'x-c2', name: 'Lookalike', status: 'PAUSED' },
  ],
  listAds: async () => [
    {
      externalId: 'x-a1',
      adSetExternalId: 'x-s1',
      campaignExternalId: 'x-c1',
      name: 'Video',
      status: 'ACTIVE',
    },
    {
      externalId: 'x-a2',
      adSetExternalId: 'x-s1',
      campaignExternalId: 'x-c1',
      name: 'Carousel',
      status: 'ACTIVE',
    },
    {
      externalId: 'x-a3',
      adSetExternalId: 'x-s2',
      campaignExternalId: 'x-c2',
      name: 'Story',
      status: 'PAUSED',
    },
  ],
  dailyInsights: async () => [
    insight('x-a1', '2016-04-01', {
      spendCents: 1000,
      impressions: 10000,
      reach: 8000,
      clicks: 100,
      purchases: 2,
      purchaseValueCents: 3000,
    }),
    // Meta reported no purchases for this ad: missing, never 0.
    insight('x-a2', '2016-04-01', { spendCents: 500, impressions: 5000, clicks: 50 }),
    insight('x-a1', '2016-04-05', {
      spendCents: 2000,
      impressions: 20000,
      clicks: 300,
      purchases: 3,
      purchaseValueCents: 6000,
    }),
    insight('x-a3', '2016-04-10', { spendCents: 1500, impressions: 30000, clicks: 150 }),
    insight('x-a1', '2016-03-25', {
      spendCents: 4000,
      impressions: 40000,
      clicks: 200,
      purchases: 1,
      purchaseValueCents: 2500,
    }),
  ],
};

type NewOrder = typeof orders.$inferInsert;

beforeAll(async () => {
  ctx = await createTestContext();
  callers = await signInEveryKind(ctx);
  await syncAds({ db: ctx.deps.db, ads: known }, { from: '2016-03-22', to: '2016-04-10' }, 'command');
  let n = 0;
  const order = (name: string, o: Partial<NewOrder> & Pick<NewOrder, 'totalCents'>): NewOrder => {
    number[name] = `ES-FBAD-${String(++n).padStart(4, '0')}`;
    return {
      number: number[name],
      kind: 'esim',
      fulfilmentStatus: 'completed',
      paymentMethod: 'card',
      subtotalCents: o.totalCents,
      buyerName: 'Besa Hoxha',
      buyerEmail: uniqueEmail('fb-ads'),
      locale: 'en',
      ...o,
    };
  };
  const at = (iso: string) => new Date(iso);
  await ctx.deps.db.insert(orders).values([
    order('o1', {
      totalCents: 2500,
      utmSource: 'facebook',
      utmCampaign: 'x-c1',
      fbclid: 'IwAR-o1',
      paidAt: at('2016-04-01T10:00:00Z'),
    }),
    // Matched by the campaign's name, whatever its case and outer spaces.
    order('o2', {
      totalCents: 1500,
      utmSource: 'IG',
      utmCampaign: ' spring albania ',
      paidAt: at('2016-04-05T23:59:59Z'),
    }),
    // Meta's click id only: Facebook, but no campaign.
    order('o3', { totalCents: 4000, fbclid: 'IwAR-o3', paidAt: at('2016-04-10T08:00:00Z') }),
    order('o4', {
      kind: 'gift_esim',
      paymentMethod: 'gift_card',
      totalCents: 1200,
      utmSource: 'instagram',
      utmCampaign: 'x-c2',
      paidAt: at('2016-04-10T12:00:00Z'),
    }),
    // Not counted (ADR 0049), not through an ad, or outside both periods.
    order('o5', {
      fulfilmentStatus: 'for_review',
      totalCents: 999,
      utmSource: 'facebook',
      paidAt: at('2016-04-02T10:00:00Z'),
    }),
    order('o6', {
      kind: 'credits',
      totalCents: 20000,
      fbclid: 'IwAR-o6',
      paidAt: at('2016-04-02T10:00:00Z'),
    }),
    order('o7', {
      totalCents: 700,
      utmSource: 'google',
      utmCampaign: 'x-c1',
      paidAt: at('2016-04-03T10:00:00Z'),
    }),
    order('o8', { totalCents: 800, utmSource: 'facebook', paidAt: at('2016-04-11T00:00:00Z') }),
    order('o10', { totalCents: 600, fulfilmentStatus: 'pending', utmSource: 'facebook' }),
    // The previous period, 2016-03-22 … 2016-03-31.
    order('o9', {
      totalCents: 3000,
      utmSource: 'fb',
      utmCampaign: 'X-C1',
      paidAt: at('2016-03-25T09:00:00Z'),
    }),
  ]);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, kind: TokenKind = 'admin', locale = 'en') =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': locale, ...callers[kind] } });
const range = 'from=2016-04-01&to=2016-04-10';

type Meta = {
  spendCents: number | null;
  impressions: number | null;
  clicks: number | null;
  cpcCents: number | null;
  ctr: number | null;
  metaPurchases: number | null;
  metaPurchaseValueCents: number | null;
  metaRoas: number | null;
};
const meta = (
  spendCents: number | null,
  impressions: number | null,
  clicks: number | null,
  cpcCents: number | null,
  ctr: number | null,
  metaPurchases: number | null = null,
  metaPurchaseValueCents: number | null = null,
  metaRoas: number | null = null,
): Meta => ({
  spendCents,
  impressions,
  clicks,
  cpcCents,
  ctr,
  metaPurchases,
  metaPurchaseValueCents,
  metaRoas,
});
const noMeta = meta(null, null, null, null, null);
const ours = (
  orderCount: number,
  revenueCents: number,
  roas: number | null,
  revenueGapCents: number | null,
) => ({
  orders: orderCount,
  revenueCents,
  roas,
  revenueGapCents,
});

const totals = {
  current: { ...meta(5000, 65000, 600, 8.33, 0.0092, 5, 9000, 1.8), ...ours(4, 9200, 1.84, 200) },
  previous: { ...meta(4000, 40000, 200, 20, 0.005, 1, 2500, 0.63), ...ours(1, 3000, 0.75, 500) },
};

describe('GET /api/staff/facebook/ads/total', () => {
  it("answers Meta's figures and ours exactly, per day and beside the previous period", async () => {
    const response = await get(`/api/staff/facebook/ads/total?${range}`);
    expect(response.statusCode, response.body).toBe(200);
    const a: FacebookAdsTotal = response.json();
    expect(a.range).toEqual({
      from: '2016-04-01',
      to: '2016-04-10',
      days: 10,
      bucket: 'day',
      previousFrom: '2016-03-22',
      previousTo: '2016-03-31',
    });
    expect(a.syncedAt).not.toBeNull();
    expect(a.totals).toEqual(totals);
    expect(a.overTime).toHaveLength(10);
    const day = Object.fromEntries(a.overTime.map((p) => [p.start, p]));
    expect(day['2016-04-01']).toEqual({
      start: '2016-04-01',
      previousStart: '2016-03-22',
      current: { ...meta(1500, 15000, 150, 10, 0.01, 2, 3000, 2), ...ours(1, 2500, 1.67, -500) },
      previous: { ...noMeta, ...ours(0, 0, null, null) },
    });
    expect(day['2016-04-04']).toEqual({
      start: '2016-04-04',
      previousStart: '2016-03-25',
      current: { ...noMeta, ...ours(0, 0, null, null) },
      previous: totals.previous,
    });
    // A day whose ads reported no purchases: Meta's value is missing, so is the gap; our revenue stands.
    expect(day['2016-04-10']?.current).toEqual({
      ...meta(1500, 30000, 150, 10, 0.005),
      ...ours(2, 5200, 3.47, null),
    });
    const sum = (key: 'orders' | 'revenueCents' | 'spendCents') =>
      a.overTime.reduce((s, p) => s + (p.current[key] ?? 0), 0);
    expect([sum('orders'), sum('revenueCents'), sum('spendCents')]).toEqual([4, 9200, 5000]);
  });

  it('refuses an end before the start and a range over two years with a translated message', async () => {
    const cases = [
      ['from=2016-04-10&to=2016-04-01', 'en', 'The end date is before the start date.'],
      ['from=2014-01-01&to=2016-01-02', 'en', 'Choose a range of at most two years.'],
      ['from=2016-04-10&to=2016-04-01', 'sq', 'Data e mbarimit është para datës së fillimit.'],
    ] as const;
    for (const path of ['total', 'campaigns', 'insights', 'orders'])
      for (const [query, locale, message] of cases) {
        const response = await get(`/api/staff/facebook/ads/${path}?${query}`, 'admin', locale);
        expect(response.statusCode, `${path} ${query}`).toBe(422);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { to: [message] } });
      }
    // Without a range the list takes the last 30 days; half a range or a wrong date is refused.
    expect((await get('/api/staff/facebook/ads/orders')).statusCode).toBe(200);
    for (const query of ['from=2016-04-01', 'from=soon&to=2016-04-01', `${range}&campaignId=nope`]) {
      const response = await get(`/api/staff/facebook/ads/orders?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
  });
});

describe('GET /api/staff/facebook/ads/campaigns', () => {
  it('answers each campaign with our revenue beside Meta, the gap, and the orders of no campaign', async () => {
    const response = await get(`/api/staff/facebook/ads/campaigns?${range}`, 'editor');
    expect(response.statusCode, response.body).toBe(200);
    const a: FacebookAdsCampaigns = response.json();
    expect(a.rows.map((r) => [r.externalId, r.name, r.status])).toEqual([
      ['x-c1', 'Spring Albania', 'ACTIVE'],
      ['x-c2', 'Kosovo reach', 'PAUSED'],
      [null, null, null],
    ]);
    expect(a.rows[0]?.current).toEqual({
      ...meta(3500, 35000, 450, 7.78, 0.0129, 5, 9000, 2.57),
      ...ours(2, 4000, 1.14, -5000),
    });
    expect(a.rows[0]?.previous).toEqual(totals.previous);
    expect(a.rows[1]?.current).toEqual({ ...meta(1500, 30000, 150, 10, 0.005), ...ours(1, 1200, 0.8, null) });
    expect(a.rows[1]?.previous).toEqual({ ...noMeta, ...ours(0, 0, null, null) });
    expect(a.rows[2]?.current).toEqual({ ...noMeta, ...ours(1, 4000, null, null) });
    expect(a.totals).toEqual(totals);
  });
});

describe('GET /api/staff/facebook/ads/insights', () => {
  it("answers Meta's figures per ad, largest spend first", async () => {
    const response = await get(`/api/staff/facebook/ads/insights?${range}`, 'analytics');
    expect(response.statusCode, response.body).toBe(200);
    const a: FacebookAdsInsights = response.json();
    expect(a.rows.map((r) => [r.externalId, r.name, r.adSetName, r.campaignName])).toEqual([
      ['x-a1', 'Video', 'Broad', 'Spring Albania'],
      ['x-a3', 'Story', 'Lookalike', 'Kosovo reach'],
      ['x-a2', 'Carousel', 'Broad', 'Spring Albania'],
    ]);
    expect(a.rows[0]?.current).toEqual(meta(3000, 30000, 400, 7.5, 0.0133, 5, 9000, 3));
    expect(a.rows[0]?.previous).toEqual(meta(4000, 40000, 200, 20, 0.005, 1, 2500, 0.63));
    expect(a.rows[1]?.current).toEqual(meta(1500, 30000, 150, 10, 0.005));
    expect(a.rows[2]?.current).toEqual(meta(500, 5000, 50, 10, 0.01));
    expect(a.totals.current).toEqual(meta(5000, 65000, 600, 8.33, 0.0092, 5, 9000, 1.8));
  });
});

describe('GET /api/staff/facebook/ads/orders', () => {
  it('lists the orders that came through an ad, the same count and revenue as the summary', async () => {
    const response = await get(`/api/staff/facebook/ads/orders?${range}`, 'analytics');
    expect(response.statusCode, response.body).toBe(200);
    const a: FacebookAdOrders = response.json();
    expect([a.total, a.totals, a.page, a.pageSize, a.campaign]).toEqual([
      4,
      { orders: 4, revenueCents: 9200 },
      1,
      50,
      null,
    ]);
    expect(a.items.map((r) => [r.number, r.totalCents, r.campaignName, r.hasFbclid])).toEqual([
      [number.o4, 1200, 'Kosovo reach', false],
      [number.o3, 4000, null, true],
      [number.o2, 1500, 'Spring Albania', false],
      [number.o1, 2500, 'Spring Albania', true],
    ]);
    expect(a.items[3]).toMatchObject({
      utmSource: 'facebook',
      utmCampaign: 'x-c1',
      paidAt: '2016-04-01T10:00:00.000Z',
    });
    const byTotal: FacebookAdOrders = (
      await get(`/api/staff/facebook/ads/orders?${range}&sort=totalCents`, 'analytics')
    ).json();
    expect(byTotal.items.map((r) => r.totalCents)).toEqual([1200, 1500, 2500, 4000]);
  });

  it("opens a campaign's orders, and those of no campaign", async () => {
    const campaigns: FacebookAdsCampaigns = (await get(`/api/staff/facebook/ads/campaigns?${range}`)).json();
    const c1 = campaigns.rows[0]?.campaignId;
    const one: FacebookAdOrders = (
      await get(`/api/staff/facebook/ads/orders?${range}&campaignId=${c1}`)
    ).json();
    expect([one.totals, one.campaign, one.items.map((r) => r.number)]).toEqual([
      { orders: 2, revenueCents: 4000 },
      { id: c1, name: 'Spring Albania' },
      [number.o2, number.o1],
    ]);
    const none: FacebookAdOrders = (
      await get(`/api/staff/facebook/ads/orders?${range}&campaignId=none`)
    ).json();
    expect([none.totals, none.campaign, none.items.map((r) => r.number)]).toEqual([
      { orders: 1, revenueCents: 4000 },
      null,
      [number.o3],
    ]);
  });

  it('refuses a sort, page size or campaign the contract does not take, and a page past the end', async () => {
    for (const query of ['sort=buyerEmail', 'pageSize=201', 'page=0', 'campaignId=nope']) {
      const response = await get(`/api/staff/facebook/ads/orders?${range}&${query}`, 'analytics');
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code, query).toBe('VALIDATION_FAILED');
    }
    const past = await get(`/api/staff/facebook/ads/orders?${range}&page=2`, 'analytics');
    expect(past.statusCode).toBe(404);
    expect(past.json().code).toBe('PAGE_OUT_OF_RANGE');
  });
});

describe('every attributed order, past the old 500 rows (May 2016)', () => {
  // 530 orders through an ad over twenty days, a third of them naming campaign x-c2, plus two that do not count.
  const may = 'from=2016-05-01&to=2016-05-20';
  const expected: { number: string; totalCents: number; paidAt: string; c2: boolean }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 530; i++)
      expected.push({
        number: `ES-FBMAY-${String(i).padStart(4, '0')}`,
        totalCents: 500 + ((i * 37) % 400) * 5,
        // Several orders share a second, so the order's id has to break the tie between pages.
        paidAt: new Date(Date.parse('2016-05-01T00:00:00Z') + Math.floor(i / 3) * 9_731_000).toISOString(),
        c2: i % 3 === 0,
      });
    await ctx.deps.db.insert(orders).values([
      ...expected.map((o) => ({
        number: o.number,
        kind: 'esim' as const,
        fulfilmentStatus: 'completed' as const,
        paymentMethod: 'card' as const,
        subtotalCents: o.totalCents,
        totalCents: o.totalCents,
        buyerName: 'Arben Krasniqi',
        buyerEmail: uniqueEmail('fb-may'),
        locale: 'en',
        utmSource: o.c2 ? 'instagram' : null,
        utmCampaign: o.c2 ? 'x-c2' : null,
        fbclid: o.c2 ? null : `IwAR-${o.number}`,
        paidAt: new Date(o.paidAt),
      })),
      {
        number: 'ES-FBMAY-XREV',
        kind: 'esim' as const,
        fulfilmentStatus: 'for_review' as const,
        paymentMethod: 'card' as const,
        subtotalCents: 900,
        totalCents: 900,
        buyerName: 'Arben Krasniqi',
        buyerEmail: uniqueEmail('fb-may'),
        locale: 'en',
        fbclid: 'IwAR-review',
        paidAt: new Date('2016-05-02T10:00:00Z'),
      },
      {
        number: 'ES-FBMAY-XGOO',
        kind: 'esim' as const,
        fulfilmentStatus: 'completed' as const,
        paymentMethod: 'card' as const,
        subtotalCents: 900,
        totalCents: 900,
        buyerName: 'Arben Krasniqi',
        buyerEmail: uniqueEmail('fb-may'),
        locale: 'en',
        utmSource: 'google',
        paidAt: new Date('2016-05-02T10:00:00Z'),
      },
    ]);
  }, 60_000);

  const pages = async (query: string) => {
    const seen: FacebookAdOrders['items'] = [];
    let answer: FacebookAdOrders;
    let page = 1;
    do {
      const response = await get(`/api/staff/facebook/ads/orders?${may}&pageSize=200&page=${page}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      answer = response.json();
      seen.push(...answer.items);
      page++;
    } while (seen.length < answer.total);
    return { seen, answer };
  };
  const csvNumbers = async (query: string) => {
    const response = await get(`/api/staff/facebook/ads/orders.csv?${may}&${query}`, 'analytics');
    expect(response.statusCode).toBe(200);
    const rows = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe('number,paidAt,kind,status,totalCents,utmSource,utmCampaign,fbclid,campaign');
    return rows.slice(1).map((row) => row.split(',')[0]);
  };

  it('reaches every order page by page, each once, with totals over all of them', async () => {
    const { seen, answer } = await pages('');
    expect(seen).toHaveLength(530);
    expect(new Set(seen.map((o) => o.id)).size).toBe(530);
    expect(seen.map((o) => o.number).sort()).toEqual(expected.map((o) => o.number).sort());
    const revenue = expected.reduce((sum, o) => sum + o.totalCents, 0);
    expect(answer.totals).toEqual({ orders: 530, revenueCents: revenue });
    expect(seen.reduce((sum, o) => sum + o.totalCents, 0)).toBe(revenue);
    // Newest payment first, and the last page is short.
    expect(seen.map((o) => o.paidAt)).toEqual([...seen.map((o) => o.paidAt)].sort().reverse());
    expect(answer.items).toHaveLength(130);
  });

  it('narrows to a campaign, sorted by total, and the CSV has exactly the filtered rows in that order', async () => {
    const campaigns: FacebookAdsCampaigns = (await get(`/api/staff/facebook/ads/campaigns?${may}`)).json();
    const c2 = campaigns.rows.find((r) => r.externalId === 'x-c2')?.campaignId;
    const query = `campaignId=${c2}&sort=-totalCents`;
    const { seen, answer } = await pages(query);
    const inC2 = expected.filter((o) => o.c2);
    expect(answer.totals).toEqual({
      orders: inC2.length,
      revenueCents: inC2.reduce((sum, o) => sum + o.totalCents, 0),
    });
    expect(seen.map((o) => o.totalCents)).toEqual(inC2.map((o) => o.totalCents).sort((a, b) => b - a));
    expect(await csvNumbers(query)).toEqual(seen.map((o) => o.number));
    const none = await pages('campaignId=none');
    expect(await csvNumbers('campaignId=none')).toEqual(none.seen.map((o) => o.number));
    expect(none.answer.totals.orders + answer.totals.orders).toBe(530);
    expect(await csvNumbers('')).toHaveLength(530);
  });
});

describe('CSV downloads', () => {
  const lines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  it('give the tables with the same figures, missing ones empty', async () => {
    const campaigns = await get(`/api/staff/facebook/ads/campaigns.csv?${range}`, 'editor');
    expect(campaigns.statusCode).toBe(200);
    expect(campaigns.headers['content-disposition']).toBe(
      'attachment; filename="facebook-ads-campaigns-2016-04-01-2016-04-10.csv"',
    );
    const rows = lines(campaigns.body);
    expect(rows[0]?.split(',').slice(0, 5)).toEqual([
      'campaignExternalId',
      'campaign',
      'status',
      'currentSpendCents',
      'currentImpressions',
    ]);
    expect(rows[2]).toBe('x-c2,Kosovo reach,PAUSED,1500,30000,150,10,0.005,,,,1,1200,0.8,,,,,,,,,,0,0,,');
    expect(rows).toHaveLength(4);
    const orderRows = lines((await get(`/api/staff/facebook/ads/orders.csv?${range}`)).body);
    expect(orderRows).toHaveLength(5);
    expect(orderRows[4]).toBe(
      `${number.o1},2016-04-01T10:00:00.000Z,esim,completed,2500,facebook,x-c1,true,Spring Albania`,
    );
    expect(lines((await get(`/api/staff/facebook/ads/total.csv?${range}`)).body)).toHaveLength(11);
    expect(lines((await get(`/api/staff/facebook/ads/insights.csv?${range}`)).body)).toHaveLength(4);
  });
});

describe('access (SPEC section 6)', () => {
  it('lets analytics see every Facebook screen but campaigns, the editor only campaigns, admins all', async () => {
    const adminAndAnalytics = {
      none: 401,
      customer: 403,
      shop: 403,
      admin: 200,
      editor: 403,
      analytics: 200,
    };
    const adminAndEditor = { ...adminAndAnalytics, editor: 200, analytics: 403 };
    const expected: Record<string, Record<TokenKind, number>> = {
      total: adminAndAnalytics,
      'total.csv': adminAndAnalytics,
      insights: adminAndAnalytics,
      'insights.csv': adminAndAnalytics,
      orders: adminAndAnalytics,
      'orders.csv': adminAndAnalytics,
      campaigns: adminAndEditor,
      'campaigns.csv': adminAndEditor,
    };
    for (const [path, byKind] of Object.entries(expected))
      for (const [kind, status] of Object.entries(byKind))
        expect(
          (await get(`/api/staff/facebook/ads/${path}?${range}`, kind as TokenKind)).statusCode,
          `${path} ${kind}`,
        ).toBe(status);
  });
});

describe('POST /api/staff/facebook/ads/sync', () => {
  const post = (payload: object, kind: TokenKind = 'admin', locale = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/staff/facebook/ads/sync',
      headers: { 'accept-language': locale, ...callers[kind] },
      payload,
    });

  it("backfills the sandbox's days for admins only, and a second run changes nothing", async () => {
    const body = { from: '2016-06-01', to: '2016-06-03' };
    for (const kind of ['none', 'customer', 'shop', 'editor', 'analytics'] as const)
      expect((await post(body, kind)).statusCode, kind).toBe(kind === 'none' ? 401 : 403);
    const first = await post(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ ...body, campaigns: 3, adSets: 6, ads: 12, removed: 0, skipped: 0 });
    const insights = first.json().insights;
    expect(insights).toBeGreaterThan(24);
    const totalOnce: FacebookAdsTotal = (
      await get('/api/staff/facebook/ads/total?from=2016-06-01&to=2016-06-03')
    ).json();
    const second = await post(body);
    expect(second.json()).toMatchObject({ insights, removed: 0 });
    const totalTwice: FacebookAdsTotal = (
      await get('/api/staff/facebook/ads/total?from=2016-06-01&to=2016-06-03')
    ).json();
    expect(totalTwice.totals).toEqual(totalOnce.totals);
    expect(totalOnce.totals.current.spendCents).toBeGreaterThan(0);
  });

  it('refuses a bad range with a translated message', async () => {
    const response = await post({ from: '2016-06-03', to: '2016-06-01' }, 'admin', 'sq');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { to: ['Data e mbarimit është para datës së fillimit.'] },
    });
  });
});
