import { currentMonth, type ShopReportPage, type ShopReportsPage } from '@esim/contracts/staff';
import { seedShop } from '@esim/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/callers';
import { createTestContext, type TestContext } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import {
  adjustShopCredit,
  buyWithCredits,
  refundShopPurchase,
  topUpShop,
} from '../test-support/shop-credit-activity';

// Issue 31, finance: shop reports per period with totals, CSV and PDF, and one shop's report with its ledger.
let ctx: TestContext;
let admin: Record<string, string>;
const tag = `Fin${Date.now().toString(36)}`;
let alpha: { id: string; name: string };
let beta: { id: string; name: string };
let purchaseNumber: string;
const { from, to } = currentMonth();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'admin');
  const db = ctx.deps.db;
  alpha = await seedShop(db, { name: `${tag} Alpha`, status: 'active', sellShopPrice: 25 });
  beta = await seedShop(db, { name: `${tag} Beta`, status: 'active', sellShopPrice: 10 });
  // Alpha: 500 + 50 bonus, buys 120 and 80 (the 80 is refunded), staff remove 10 of its bonus.
  await topUpShop(db, alpha.id, 50_000, 5_000);
  purchaseNumber = (await buyWithCredits(db, alpha.id, 12_000)).number;
  const refunded = await buyWithCredits(db, alpha.id, 8_000);
  await refundShopPurchase(db, alpha.id, refunded.id);
  await adjustShopCredit(db, alpha.id, 'bonus', -1_000);
  // Beta: 200 + 0 bonus, buys 199.99.
  await topUpShop(db, beta.id, 20_000, 0);
  await buyWithCredits(db, beta.id, 19_999);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers = admin, language = 'en') =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': language, ...headers } });
const reports = async (query: string) => {
  const response = await get(`/api/staff/finance/shop-reports?q=${tag}&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ShopReportsPage;
};

const alphaFigures = {
  openingCents: 0,
  boughtCents: 50_000,
  bonusCents: 5_000,
  spentCents: 20_000,
  refundsCents: 8_000,
  adjustmentsCents: -1_000,
  closingCents: 42_000,
  subscribersServed: 2,
  // (200 - 80) EUR net at 25 % markup.
  revenueCents: 15_000,
};
const betaFigures = {
  openingCents: 0,
  boughtCents: 20_000,
  bonusCents: 0,
  spentCents: 19_999,
  refundsCents: 0,
  adjustmentsCents: 0,
  closingCents: 1,
  subscribersServed: 1,
  // 199.99 * 1.10 = 219.989, rounded to the cent.
  revenueCents: 21_999,
};

describe('GET /api/staff/finance/shop-reports', () => {
  it("answers each shop's figures of this month by default, and the totals of every selected shop", async () => {
    const page = await reports('');
    expect(page.periodFrom).toBe(from);
    expect(page.periodTo).toBe(to);
    expect(page.total).toBe(2);
    expect(page.items.map((r) => r.shopName)).toEqual([alpha.name, beta.name]);
    expect(page.items[0]).toEqual({
      shopId: alpha.id,
      shopName: alpha.name,
      sellShopPrice: 25,
      ...alphaFigures,
    });
    expect(page.items[1]).toEqual({
      shopId: beta.id,
      shopName: beta.name,
      sellShopPrice: 10,
      ...betaFigures,
    });
    const sum = Object.fromEntries(
      Object.keys(alphaFigures).map((k) => [
        k,
        alphaFigures[k as keyof typeof alphaFigures] + betaFigures[k as keyof typeof betaFigures],
      ]),
    );
    expect(page.totals).toEqual(sum);

    // The totals are of every page, not of the one shown.
    const first = await reports('pageSize=1&sort=-spentCents');
    expect(first.items.map((r) => r.shopName)).toEqual([alpha.name]);
    expect(first.totals).toEqual(sum);
    expect((await reports('sort=-closingCents&page=2&pageSize=1')).items[0]?.shopName).toBe(beta.name);
  });

  it('answers an earlier period: nothing moved, balances zero', async () => {
    const page = await reports('periodFrom=2020-01-01&periodTo=2020-12-31');
    expect(page.items[0]).toMatchObject({
      openingCents: 0,
      boughtCents: 0,
      closingCents: 0,
      revenueCents: 0,
    });
  });

  it('refuses an end before the start, a period over two years and a malformed date, in words', async () => {
    const before = await get(`/api/staff/finance/shop-reports?periodFrom=2026-03-10&periodTo=2026-03-09`);
    expect(before.statusCode).toBe(422);
    expect(before.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The end of the period cannot be before its start.',
      errors: { periodTo: ['The end of the period cannot be before its start.'] },
    });
    const sq = await get(
      `/api/staff/finance/shop-reports?periodFrom=2026-03-10&periodTo=2026-03-09`,
      admin,
      'sq',
    );
    expect(sq.json().message).toBe('Fundi i periudhës nuk mund të jetë para fillimit të saj.');
    const long = await get(`/api/staff/finance/shop-reports?periodFrom=2024-01-01&periodTo=2026-01-01`);
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toBe(
      'A report covers at most 731 days (two years). Choose a shorter period.',
    );
    expect(
      (await get(`/api/staff/finance/shop-reports?periodFrom=2024-01-01&periodTo=2025-12-31`)).statusCode,
    ).toBe(200);
    expect((await get(`/api/staff/finance/shop-reports?periodFrom=2026-02-30`)).statusCode).toBe(422);
    // Days from 2000 to 2999 only: the day after 9999-12-31 is no moment the database reads.
    for (const url of [
      '/api/staff/finance/shop-reports?periodFrom=9999-12-31&periodTo=9999-12-31',
      `/api/staff/finance/shop-reports/${alpha.id}?periodFrom=1999-12-31&periodTo=2000-01-01`,
    ])
      expect((await get(url)).statusCode, url).toBe(422);
    expect((await get(`/api/staff/finance/shop-reports?sort=revenueCents`)).statusCode).toBe(422);
    expect((await get(`/api/staff/finance/shop-reports?q=${tag}&page=3`)).json().code).toBe(
      'PAGE_OUT_OF_RANGE',
    );
  });

  it('exports exactly the selected shops and the totals row as CSV, and as a PDF', async () => {
    const csv = await get(`/api/staff/finance/shop-reports.csv?q=${tag}&sort=-boughtCents`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'shopId,shopName,sellShopPrice,openingCents,boughtCents,bonusCents,spentCents,refundsCents,adjustmentsCents,closingCents,subscribersServed,revenueCents',
      `${alpha.id},${alpha.name},25,0,50000,5000,20000,8000,-1000,42000,2,15000`,
      `${beta.id},${beta.name},10,0,20000,0,19999,0,0,1,1,21999`,
      ',TOTAL,,0,70000,5000,39999,8000,-1000,42001,3,36999',
    ]);
    const pdf = await get(`/api/staff/finance/shop-reports.pdf?q=${tag}`, admin, 'sa');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const refused = await get(
      `/api/staff/finance/shop-reports.pdf?periodFrom=2026-03-10&periodTo=2026-03-01`,
    );
    expect(refused.statusCode).toBe(422);
  });
});

describe('GET /api/staff/finance/shop-reports/:shopId', () => {
  it("answers the shop's figures and its ledger lines of the period, oldest first, paged", async () => {
    const response = await get(`/api/staff/finance/shop-reports/${alpha.id}?pageSize=3`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as ShopReportPage;
    expect(page.report).toMatchObject(alphaFigures);
    // topup, bonus, purchase (credit), purchase (credit), refund (credit), adjustment (bonus).
    expect(page.total).toBe(6);
    expect(page.items.map((e) => [e.kind, e.amountCents])).toEqual([
      ['topup', 50_000],
      ['bonus', 5_000],
      ['purchase', -12_000],
    ]);
    expect(page.items[2]?.orderNumber).toBe(purchaseNumber);
    const last = (
      await get(`/api/staff/finance/shop-reports/${alpha.id}?pageSize=3&page=2`)
    ).json() as ShopReportPage;
    expect(last.items.at(-1)?.balanceAfterCents).toBe(page.report.closingCents);
  });

  it('refuses an unknown shop and a bad period in words; exports the ledger as CSV and PDF', async () => {
    const unknown = await get('/api/staff/finance/shop-reports/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no shop with this id.');
    expect((await get('/api/staff/finance/shop-reports/not-a-uuid')).statusCode).toBe(422);
    const csvUnknown = await get(
      '/api/staff/finance/shop-reports/00000000-0000-4000-8000-000000000000/ledger.csv',
    );
    expect(csvUnknown.statusCode).toBe(404);
    const bad = await get(
      `/api/staff/finance/shop-reports/${alpha.id}/ledger.pdf?periodFrom=2026-05-02&periodTo=2026-05-01`,
    );
    expect(bad.statusCode).toBe(422);

    const csv = await get(`/api/staff/finance/shop-reports/${beta.id}/ledger.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',topup,credit,');
    expect(lines[2]).toMatch(/,purchase,credit,[^,]+,-19999,1,0,1$/);
    const pdf = await get(`/api/staff/finance/shop-reports/${beta.id}/ledger.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The report's own figures stand under the period, beside the shop's statement.
    const text = await pdfText(pdf.rawPayload);
    expect(text).toMatch(/Subscribers served\s+1\s/);
    expect(text).toMatch(/Revenue at shop price\s+€219.99/);
  });
});

describe('finance access', () => {
  const urls = () => [
    '/api/staff/finance/shop-reports',
    '/api/staff/finance/shop-reports.csv',
    '/api/staff/finance/shop-reports.pdf',
    `/api/staff/finance/shop-reports/${alpha.id}`,
    `/api/staff/finance/shop-reports/${alpha.id}/ledger.csv`,
    `/api/staff/finance/shop-reports/${alpha.id}/ledger.pdf`,
  ];

  it('is admin only: editor, analytics, customers and shops 403, signed out 401', async () => {
    for (const kind of ['editor', 'analytics', 'customer', 'shop', 'none'] as const) {
      const headers = await signInAs(ctx, kind);
      for (const url of urls()) {
        const response = await get(url, headers);
        expect(response.statusCode, `${kind} ${url}`).toBe(kind === 'none' ? 401 : 403);
      }
    }
    for (const url of urls()) expect((await get(url)).statusCode, url).toBe(200);
  });
});
