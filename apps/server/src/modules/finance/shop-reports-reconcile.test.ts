import type { ShopReport, ShopReportPage, ShopReportsPage, ShopReportTotals } from '@esim/contracts/staff';
import { creditLedger, seedShop } from '@esim/db';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/callers';
import { createTestContext, type TestContext } from '../../test/harness';
import {
  adjustShopCredit,
  buyWithCredits,
  refundShopPurchase,
  topUpShop,
} from '../test-support/shop-credit-activity';

// Issue 31: the shop reports reconcile with the ledger to the cent. Random ledgers (random kinds, amounts and
// moments on both sides of the period's edges, several shops) are written through the real credit services; every
// figure of both reports is checked against sums this test computes on its own from what it asked for, and the
// balances at the edges against the ledger's own balance_after. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'admin');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const periodFrom = '2026-03-01';
const periodTo = '2026-03-31';
const from = Date.parse('2026-03-01T00:00:00.000Z');
const to = Date.parse('2026-04-01T00:00:00.000Z');
/** Moments around both edges, and inside: the boundaries are where an off-by-one would show. */
const moments = [
  from - 86_400_000,
  from - 1,
  from,
  from + 1,
  Date.parse('2026-03-15T12:00:00.000Z'),
  to - 1,
  to,
  to + 1,
  to + 86_400_000,
];

type Op =
  | { kind: 'topup'; shop: number; at: number; amount: number; bonus: number }
  | { kind: 'purchase'; shop: number; at: number; amount: number }
  | { kind: 'refund'; shop: number; at: number; pick: number }
  | { kind: 'adjustment'; shop: number; at: number; bucket: 'credit' | 'bonus'; amount: number };

const shopCount = 3;
const shopIndex = fc.integer({ min: 0, max: shopCount - 1 });
const moment = fc.constantFrom(...moments);
const cents = fc.integer({ min: 1, max: 300_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('topup' as const),
    shop: shopIndex,
    at: moment,
    amount: cents,
    bonus: fc.integer({ min: 0, max: 30_000 }),
  }),
  fc.record({ kind: fc.constant('purchase' as const), shop: shopIndex, at: moment, amount: cents }),
  fc.record({ kind: fc.constant('refund' as const), shop: shopIndex, at: moment, pick: fc.nat() }),
  fc.record({
    kind: fc.constant('adjustment' as const),
    shop: shopIndex,
    at: moment,
    bucket: fc.constantFrom('credit' as const, 'bonus' as const),
    amount: fc.integer({ min: -50_000, max: 50_000 }).filter((n) => n !== 0),
  }),
);

/** What the test asked the services to do, one movement per kind, with the moment it is dated. */
type Movement = { at: number; kind: 'topup' | 'bonus' | 'purchase' | 'refund' | 'adjustment'; cents: number };

const roundHalfAway = (value: number) => (value < 0 ? -Math.round(-value) : Math.round(value));

/** The report's figures computed from the movements alone (no SQL). */
const expectedFigures = (movements: Movement[], sellShopPrice: number): ShopReportTotals => {
  const sumOf = (kind: Movement['kind']) =>
    movements.filter((m) => m.kind === kind && m.at >= from && m.at < to).reduce((s, m) => s + m.cents, 0);
  const balance = (edge: number) => movements.filter((m) => m.at < edge).reduce((s, m) => s + m.cents, 0);
  const spent = 0 - sumOf('purchase');
  const refunds = sumOf('refund');
  return {
    openingCents: balance(from),
    boughtCents: sumOf('topup'),
    bonusCents: sumOf('bonus'),
    spentCents: spent,
    refundsCents: refunds,
    adjustmentsCents: sumOf('adjustment'),
    closingCents: balance(to),
    // Each purchase is for a new subscriber.
    subscribersServed: movements.filter((m) => m.kind === 'purchase' && m.at >= from && m.at < to).length,
    revenueCents: roundHalfAway(((spent - refunds) * (100 + sellShopPrice)) / 100),
  };
};

const figureNames = Object.keys(expectedFigures([], 0)) as (keyof ShopReportTotals)[];
const figuresOf = (report: ShopReportTotals) =>
  Object.fromEntries(figureNames.map((k) => [k, report[k]])) as ShopReportTotals;

const get = async <Answer>(url: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-language': 'en', ...admin },
  });
  expect(response.statusCode, response.body).toBe(200);
  return url.includes('.csv') ? (response.body as Answer) : (response.json() as Answer);
};

/** The ledger's own balance after its last entry before a moment (credit + bonus), or 0. */
const ledgerBalanceBefore = async (shopId: string, edge: number) => {
  const rows = await ctx.deps.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.shopId, shopId), lt(creditLedger.createdAt, new Date(edge))))
    .orderBy(asc(creditLedger.seq));
  const last = rows.at(-1);
  return last ? last.creditAfterCents + last.bonusAfterCents : 0;
};

let run = 0;

describe('shop reports reconcile with the ledger', () => {
  it('every figure of both reports equals an independent sum, on random ledgers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 24 }),
        fc.array(fc.integer({ min: 0, max: 60 }), { minLength: shopCount, maxLength: shopCount }),
        async (ops, markups) => {
          const db = ctx.deps.db;
          const tag = `Rec${Date.now().toString(36)}r${run++}`;
          const shops = await Promise.all(
            markups.map((sellShopPrice, i) => seedShop(db, { name: `${tag} ${i}`, sellShopPrice })),
          );
          const movements: Movement[][] = shops.map(() => []);
          const balances = shops.map(() => ({ credit: 0, bonus: 0 }));
          const purchases: { orderId: string; amount: number; refunded: boolean }[][] = shops.map(() => []);
          const dated = new Set<string>();
          // The ledger is written in time order, as it is in life: each shop's rows run with its moments.
          const ordered = [...ops].sort((a, b) => a.at - b.at);
          for (const step of ordered) {
            const shop = shops[step.shop];
            const balance = balances[step.shop];
            const moved = movements[step.shop];
            const bought = purchases[step.shop];
            if (!shop || !balance || !moved || !bought) continue;
            if (step.kind === 'topup') {
              await topUpShop(db, shop.id, step.amount, step.bonus);
              balance.credit += step.amount;
              balance.bonus += step.bonus;
              moved.push({ at: step.at, kind: 'topup', cents: step.amount });
              if (step.bonus > 0) moved.push({ at: step.at, kind: 'bonus', cents: step.bonus });
            } else if (step.kind === 'purchase') {
              if (step.amount > balance.credit + balance.bonus) continue;
              const order = await buyWithCredits(db, shop.id, step.amount);
              const fromCredit = Math.min(step.amount, balance.credit);
              balance.credit -= fromCredit;
              balance.bonus -= step.amount - fromCredit;
              bought.push({ orderId: order.id, amount: step.amount, refunded: false });
              moved.push({ at: step.at, kind: 'purchase', cents: -step.amount });
            } else if (step.kind === 'refund') {
              const open = bought.filter((p) => !p.refunded);
              const target = open[step.pick % Math.max(open.length, 1)];
              if (!target) continue;
              await refundShopPurchase(db, shop.id, target.orderId);
              // Twice: a repeated refund adds nothing (the ledger's keys).
              await refundShopPurchase(db, shop.id, target.orderId);
              target.refunded = true;
              const rows = await db
                .select()
                .from(creditLedger)
                .where(and(eq(creditLedger.orderId, target.orderId), eq(creditLedger.kind, 'refund')));
              for (const row of rows)
                if (row.bucket === 'credit') balance.credit += row.amountCents;
                else balance.bonus += row.amountCents;
              moved.push({ at: step.at, kind: 'refund', cents: target.amount });
            } else {
              const have = step.bucket === 'credit' ? balance.credit : balance.bonus;
              if (have + step.amount < 0) continue;
              await adjustShopCredit(db, shop.id, step.bucket, step.amount);
              if (step.bucket === 'credit') balance.credit += step.amount;
              else balance.bonus += step.amount;
              moved.push({ at: step.at, kind: 'adjustment', cents: step.amount });
            }
            // Date the rows this step wrote at its moment (the services stamp them with the clock).
            const fresh = (
              await db
                .select({ id: creditLedger.id })
                .from(creditLedger)
                .where(eq(creditLedger.shopId, shop.id))
            )
              .map((r) => r.id)
              .filter((id) => !dated.has(id));
            if (fresh.length > 0)
              await db
                .update(creditLedger)
                .set({ createdAt: new Date(step.at) })
                .where(inArray(creditLedger.id, fresh));
            for (const id of fresh) dated.add(id);
          }

          const expected = shops.map((shop, i) => expectedFigures(movements[i] ?? [], shop.sellShopPrice));
          const period = `periodFrom=${periodFrom}&periodTo=${periodTo}`;
          const list = await get<ShopReportsPage>(
            `/api/staff/finance/shop-reports?q=${tag}&${period}&pageSize=200`,
          );
          expect(list.items.map((r) => r.shopId)).toEqual(shops.map((s) => s.id));
          const totals = Object.fromEntries(
            figureNames.map((k) => [k, expected.reduce((s, e) => s + e[k], 0)]),
          ) as ShopReportTotals;
          expect(list.totals).toEqual(totals);

          for (const [i, shop] of shops.entries()) {
            const want = expected[i] as ShopReportTotals;
            const row = list.items[i] as ShopReport;
            expect(figuresOf(row)).toEqual(want);
            // The identity, and the edges against the ledger's own balances.
            expect(
              row.openingCents +
                row.boughtCents +
                row.bonusCents -
                row.spentCents +
                row.refundsCents +
                row.adjustmentsCents,
            ).toBe(row.closingCents);
            expect(row.openingCents).toBe(await ledgerBalanceBefore(shop.id, from));
            expect(row.closingCents).toBe(await ledgerBalanceBefore(shop.id, to));

            // The shop's own report: the same figures, and its ledger lines (every page) add up to them.
            const lines: ShopReportPage['items'] = [];
            let page = 1;
            for (;;) {
              const answer = await get<ShopReportPage>(
                `/api/staff/finance/shop-reports/${shop.id}?${period}&pageSize=5&page=${page}`,
              );
              expect(figuresOf(answer.report)).toEqual(want);
              lines.push(...answer.items);
              if (lines.length >= answer.total) break;
              page++;
            }
            expect(lines.reduce((s, l) => s + l.amountCents, 0)).toBe(want.closingCents - want.openingCents);
            expect(lines.at(-1)?.balanceAfterCents ?? want.openingCents).toBe(want.closingCents);
          }

          // The CSV's totals row holds the same sums.
          const csv = await get<string>(`/api/staff/finance/shop-reports.csv?q=${tag}&${period}`);
          const last = csv.trim().split('\r\n').at(-1) ?? '';
          expect(last).toBe(`,TOTAL,,${figureNames.map((k) => totals[k]).join(',')}`);
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);
});
