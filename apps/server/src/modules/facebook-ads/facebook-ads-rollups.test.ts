import { orderKinds, orderStatuses } from '@esim/contracts';
import { analyticsKinds, analyticsStatuses } from '@esim/contracts/staff';
import { adCampaigns, adInsightsDaily, type Db, orders, refunds } from '@esim/db';
import { type AnyColumn, and, eq, gte, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdDayInsight } from '../../adapters/ads/port';
import { createTestContext, type TestContext } from '../../test/harness';
import { storedAs } from '../../test/stored-status';
import { addDays, analyticsPeriods } from '../order-analytics/order-analytics';
import { ensureOrderRollups, refreshAllOrderRollups } from '../order-analytics/order-rollups.service';
import { wholeMonthsAndEdges } from './facebook-ads';
import {
  type AdsGrouping,
  type AdsRange,
  countAttributedOrders,
  listAttributedOrders,
  lockAdsSync,
  metaByAd,
  ordersByDayOrCampaign,
  replaceInsights,
  upsertAdStructure,
} from './facebook-ads.repository';

// ADR 0088: the Facebook screens read rollups (our attributed orders per day and utm_campaign, Meta's figures per
// ad and month) and answer exactly what the direct queries over the orders and the daily ad rows answer (ADR
// 0069's queries, kept here as the reference), on random orders, refunds, late payments and changes of their
// attribution, and on random syncs. 2010 and 2011: no other test has orders or ad rows then.

let ctx: TestContext;
const campaignIds: Record<string, string> = {};
const adIds: { adId: string; campaignId: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.deps.db;
  // Names that meet: B's name is A's in another case (the older campaign wins a name), C's name is A's id (an
  // id wins over a name, though C is the oldest).
  const structure = await db.transaction((tx) =>
    upsertAdStructure(tx, {
      campaigns: [
        { externalId: 'RLP-A', name: 'rlp spring', status: 'ACTIVE', objective: null },
        { externalId: 'rlp-b', name: 'RLP Spring', status: 'ACTIVE', objective: null },
        { externalId: 'rlp-c', name: 'rlp-a', status: 'PAUSED', objective: null },
      ],
      adSets: [{ externalId: 'rlp-s', campaignExternalId: 'RLP-A', name: 'Set', status: 'ACTIVE' }],
      ads: ['rlp-ad-1', 'rlp-ad-2', 'rlp-ad-3'].map((externalId) => ({
        externalId,
        adSetExternalId: 'rlp-s',
        campaignExternalId: 'RLP-A',
        name: externalId,
        status: 'ACTIVE',
      })),
    }),
  );
  for (const [i, externalId] of ['rlp-c', 'RLP-A', 'rlp-b'].entries()) {
    const [row] = await db
      .update(adCampaigns)
      .set({ createdAt: new Date(Date.UTC(2009, 0, 1 + i)) })
      .where(eq(adCampaigns.externalId, externalId))
      .returning({ id: adCampaigns.id });
    campaignIds[externalId] = row?.id ?? '';
  }
  adIds.push(...structure.ads.values());
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

// ---- the references: ADR 0069's queries over the orders and the daily ad rows

const startOf = (date: string) => sql`${`${date}T00:00:00Z`}::timestamptz`;
const endOf = (date: string) => sql`${`${date}T00:00:00Z`}::timestamptz + interval '1 day'`;
const attributed = (from: string, to: string) =>
  and(
    sql`(${orders.fbclid} is not null or lower(${orders.utmSource}) in ('facebook', 'fb', 'ig', 'instagram'))`,
    inArray(orders.kind, analyticsKinds),
    inArray(orders.status, analyticsStatuses),
    ne(orders.paymentMethod, 'free'),
    gte(orders.paidAt, startOf(from)),
    lt(orders.paidAt, endOf(to)),
  );
const matchedCampaign = sql<string | null>`(
  select ${adCampaigns.id} from ${adCampaigns}
  where lower(${adCampaigns.externalId}) = lower(trim(${orders.utmCampaign}))
     or lower(${adCampaigns.name}) = lower(trim(${orders.utmCampaign}))
  order by (lower(${adCampaigns.externalId}) = lower(trim(${orders.utmCampaign}))) desc, ${adCampaigns.createdAt}
  limit 1)`;
const paidDay = sql`(${orders.paidAt} at time zone 'UTC')::date`;

const ordersReference = async (db: Db, p: AdsRange, by: AdsGrouping) => {
  const key =
    by === 'day'
      ? sql<string>`to_char(${paidDay}, 'YYYY-MM-DD')`
      : sql<string>`case when ${orders.paidAt} >= ${startOf(p.from)} then ${p.from} else ${p.previousFrom} end`;
  return db
    .select({
      day: key,
      campaignId: by === 'day' ? sql<string | null>`null::uuid` : matchedCampaign,
      orders: sql<number>`count(*)`.mapWith(Number),
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(attributed(p.previousFrom, p.to))
    .groupBy(sql.raw('1, 2'));
};

const campaignCondition = (campaignId: string | undefined): SQL | undefined =>
  campaignId === undefined
    ? undefined
    : campaignId === 'none'
      ? sql`${matchedCampaign} is null`
      : sql`${matchedCampaign} = ${campaignId}::uuid`;

const listReference = (db: Db, range: { from: string; to: string }, campaignId?: string) =>
  db
    .select({ id: orders.id, campaignId: matchedCampaign })
    .from(orders)
    .where(and(attributed(range.from, range.to), campaignCondition(campaignId)))
    .orderBy(sql`${orders.paidAt} desc, ${orders.id} desc`);

const metaSum = (column: AnyColumn) =>
  sql<number | null>`sum(${column})`.mapWith((v) => (v === null ? null : Number(v)));
const metaReference = (db: Db, p: AdsRange) =>
  db
    .select({
      adId: adInsightsDaily.adId,
      current: sql<boolean>`${adInsightsDaily.day} >= ${p.from}::date`.mapWith(Boolean),
      spendCents: metaSum(adInsightsDaily.spendCents),
      impressions: metaSum(adInsightsDaily.impressions),
      clicks: metaSum(adInsightsDaily.clicks),
      purchases: metaSum(adInsightsDaily.purchases),
      purchaseValueCents: metaSum(adInsightsDaily.purchaseValueCents),
    })
    .from(adInsightsDaily)
    .where(and(gte(adInsightsDaily.day, p.previousFrom), lte(adInsightsDaily.day, p.to)))
    .groupBy(sql.raw('1, 2'));

const sorted = <T>(rows: T[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

// ---- random orders and changes

const firstDay = Date.parse('2010-01-01T00:00:00Z');
const span = 2 * 365 * 86_400_000;
const utmCampaigns = [
  'RLP-A',
  ' rlp-a ',
  'rlp spring',
  'RLP SPRING ',
  'rlp-b',
  'rlp-c',
  'rlp other',
  ' ',
  null,
];
const utmSources = ['facebook', 'FB', 'Instagram', 'ig', 'google', null];

const orderArb = fc.record({
  kind: fc.constantFrom(...orderKinds),
  status: fc.constantFrom(...orderStatuses),
  paymentMethod: fc.constantFrom('card', 'credits', 'gift_card', 'free'),
  totalCents: fc.integer({ min: 0, max: 50_000 }),
  utmSource: fc.constantFrom(...utmSources),
  utmCampaign: fc.constantFrom(...utmCampaigns),
  fbclid: fc.option(fc.constant('IwAR-rollups'), { freq: 3 }),
  // null: not paid (yet); a few at a day's very first and last instants.
  paidAt: fc.option(
    fc.oneof(
      fc.integer({ min: 0, max: span }),
      fc.integer({ min: 0, max: 700 }).map((d) => d * 86_400_000),
      fc.integer({ min: 1, max: 700 }).map((d) => d * 86_400_000 - 1),
    ),
    { freq: 6 },
  ),
  refund: fc.option(fc.constantFrom('succeeded', 'pending'), { freq: 4 }),
});

const changeArb = fc.oneof(
  fc.record({ index: fc.nat(), status: fc.constantFrom(...orderStatuses) }),
  // A payment arriving late (or an order moved), on a day already rolled up.
  fc.record({ index: fc.nat(), paidAt: fc.integer({ min: 0, max: span }) }),
  // The attribution, one column at a time (each must mark its day).
  fc.record({ index: fc.nat(), utmCampaign: fc.constantFrom(...utmCampaigns) }),
  fc.record({ index: fc.nat(), utmSource: fc.constantFrom(...utmSources) }),
  fc.record({ index: fc.nat(), fbclid: fc.option(fc.constant('IwAR-changed'), { freq: 2 }) }),
);

const rangeArb = fc
  .record({ start: fc.integer({ min: 0, max: 729 }), days: fc.integer({ min: 1, max: 731 }) })
  .map(({ start, days }) => {
    const from = addDays('2010-01-01', start - 60);
    return { from, to: addDays(from, days - 1) };
  });

let n = 0;
const insertOrders = async (batch: (typeof orderArb extends fc.Arbitrary<infer T> ? T : never)[]) => {
  const db = ctx.deps.db;
  const rows = await db
    .insert(orders)
    .values(
      batch.map((o) => ({
        number: `ES-FBR-${String(++n).padStart(6, '0')}`,
        kind: o.kind,
        ...storedAs(o.status, Math.max(1, o.totalCents)),
        paymentMethod: o.paymentMethod,
        subtotalCents: o.totalCents,
        totalCents: o.totalCents,
        buyerName: 'Rollup Buyer',
        buyerEmail: `fb-rollup-${n}@example.test`,
        locale: 'en',
        utmSource: o.utmSource,
        utmCampaign: o.utmCampaign,
        fbclid: o.fbclid,
        paidAt: o.paidAt === null ? null : new Date(firstDay + o.paidAt),
      })),
    )
    .returning({ id: orders.id });
  const refundRows = batch.flatMap((o, i) =>
    o.refund === null
      ? []
      : [{ orderId: rows[i]?.id ?? '', amountCents: 100, kind: 'order' as const, status: o.refund }],
  );
  if (refundRows.length > 0) await db.insert(refunds).values(refundRows);
  return rows.map((r) => r.id);
};

describe('Facebook figures from the rollups (ADR 0088)', () => {
  it('answer exactly what the orders answer, per day, campaign and filter, after random changes', async () => {
    const db = ctx.deps.db;
    const ids: string[] = [];
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderArb, { minLength: 1, maxLength: 50 }),
        fc.array(changeArb, { maxLength: 10 }),
        fc.array(rangeArb, { minLength: 1, maxLength: 2 }),
        fc.boolean(),
        async (batch, changes, ranges, byJob) => {
          ids.push(...(await insertOrders(batch)));
          if (byJob) await refreshAllOrderRollups(db);
          for (const c of changes) {
            const id = ids[c.index % ids.length] ?? '';
            const { index: _, ...set } = c;
            await db
              .update(orders)
              .set(
                'paidAt' in set
                  ? { paidAt: new Date(firstDay + set.paidAt) }
                  : 'status' in set
                    ? storedAs(set.status, sql<number>`greatest(${orders.totalCents}, 1)`)
                    : set,
              )
              .where(eq(orders.id, id));
          }
          if (byJob) await refreshAllOrderRollups(db);
          for (const range of ranges) {
            const p = analyticsPeriods(range.from, range.to);
            // What the service does before reading: rebuild the days changed since the job's last run.
            await ensureOrderRollups(db, p.previousFrom, p.to);
            for (const by of ['day', 'campaign'] as const)
              expect(sorted(await ordersByDayOrCampaign(db, p, by))).toEqual(
                sorted(await ordersReference(db, p, by)),
              );
            for (const campaignId of [undefined, 'none', ...Object.values(campaignIds)]) {
              const expected = await listReference(db, range, campaignId);
              const listed = await listAttributedOrders(
                db,
                { ...range, sort: '-paidAt', campaignId },
                { limit: 10_000, offset: 0 },
              );
              expect(listed.map((o) => ({ id: o.id, campaignId: o.campaignId }))).toEqual(expected);
              const totals = await countAttributedOrders(db, { ...range, campaignId });
              expect(totals.orders).toBe(expected.length);
              const [sum] = await db
                .select({ revenueCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)`.mapWith(Number) })
                .from(orders)
                .where(and(attributed(range.from, range.to), campaignCondition(campaignId)));
              expect(totals.revenueCents).toBe(sum?.revenueCents);
              compared += expected.length;
            }
          }
        },
      ),
      { numRuns: 15 },
    );
    // Something was attributed and listed, so the comparisons were not of empty answers.
    expect(compared).toBeGreaterThan(0);
  }, 300_000);
});

// ---- Meta's side: random syncs, each replacing its range's rows

const metric = fc.option(fc.integer({ min: 0, max: 100_000 }), { freq: 3 });
const syncArb = fc
  .record({
    start: fc.integer({ min: 0, max: 400 }),
    days: fc.integer({ min: 1, max: 120 }),
    rows: fc.array(
      fc.record({
        ad: fc.nat(),
        day: fc.nat(),
        spendCents: metric,
        impressions: metric,
        clicks: metric,
        purchases: metric,
        purchaseValueCents: metric,
      }),
      { maxLength: 80 },
    ),
  })
  .map(({ start, days, rows }) => {
    const from = addDays('2010-01-01', start);
    const to = addDays(from, days - 1);
    // One row per ad and day, as a platform reports them.
    const byKey = new Map(
      rows.map((row) => {
        const ad = adIds[row.ad % adIds.length] ?? { adId: '', campaignId: '' };
        const day = addDays(from, row.day % days);
        return [`${ad.adId} ${day}`, { ...row, ...ad, day }];
      }),
    );
    return { range: { from, to }, rows: [...byKey.values()] };
  });

describe("Meta's figures per ad from whole months and edge days (ADR 0088)", () => {
  it("answer exactly the daily rows' sums, a metric no row reported staying missing", async () => {
    const db = ctx.deps.db;
    await fc.assert(
      fc.asyncProperty(fc.array(syncArb, { minLength: 1, maxLength: 3 }), rangeArb, async (syncs, range) => {
        for (const sync of syncs)
          await db.transaction(async (tx) => {
            await lockAdsSync(tx);
            await replaceInsights(
              tx,
              sync.range,
              sync.rows.map((row): AdDayInsight & { adId: string; campaignId: string } => ({
                adExternalId: '',
                adId: row.adId,
                campaignId: row.campaignId,
                day: row.day,
                spendCents: row.spendCents,
                impressions: row.impressions,
                reach: null,
                clicks: row.clicks,
                cpcCents: null,
                ctrPercent: null,
                purchases: row.purchases,
                purchaseValueCents: row.purchaseValueCents,
              })),
            );
          });
        const p = analyticsPeriods(range.from, range.to);
        const previous = wholeMonthsAndEdges(p.previousFrom, p.previousTo);
        const current = wholeMonthsAndEdges(p.from, p.to);
        const fromMonths = await metaByAd(db, p, {
          months: [...previous.months, ...current.months],
          days: [...previous.days, ...current.days],
        });
        expect(
          sorted(
            fromMonths.map(({ externalId: _e, name: _n, adSetName: _s, campaignName: _c, ...row }) => row),
          ),
        ).toEqual(sorted(await metaReference(db, p)));
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
