import type { PageQuery } from '@esim/contracts';
import type { CreditEntryKind } from '@esim/contracts/portal';
import type { ShopReportsExportQuery } from '@esim/contracts/staff';
import { creditLedger, type Db, orders, shops } from '@esim/db';
import { type AnyColumn, and, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import { defineListQuery, searchCondition } from '../../lib/list-query';

/** A report's period: `from` included, `to` excluded (the day after the last day shown). */
export type ReportPeriod = { from: Date; to: Date };

export type ShopReportFilters = Partial<Pick<ShopReportsExportQuery, 'q' | 'sort'>> & { shopId?: string };

/**
 * A column named with its table. Inside a correlated subquery drizzle may print a bare name (`"id"`), which the
 * database then reads as ambiguous or as the inner table's column.
 */
const q = (column: AnyColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

const inPeriod = (period: ReportPeriod) =>
  sql`${q(creditLedger.shopId)} = ${q(shops.id)} and ${q(creditLedger.createdAt)} >= ${at(period.from)} and ${q(creditLedger.createdAt)} < ${at(period.to)}`;

/** The signed sum of one kind of the shop's ledger entries in the period. */
const kindSum = (kind: CreditEntryKind, period: ReportPeriod) =>
  sql<number>`coalesce((select sum(${q(creditLedger.amountCents)}) from ${creditLedger} where ${inPeriod(period)} and ${q(creditLedger.kind)} = ${kind}), 0)`;

/**
 * Credit + bonus after the shop's last entry before a moment. In `seq` order: a shop's entries are written one at
 * a time under its row lock, so `seq` and `created_at` (clock_timestamp under the lock) run together.
 */
const balanceBefore = (moment: Date) =>
  sql<number>`coalesce((select ${q(creditLedger.creditAfterCents)} + ${q(creditLedger.bonusAfterCents)} from ${creditLedger} where ${q(creditLedger.shopId)} = ${q(shops.id)} and ${q(creditLedger.createdAt)} < ${at(moment)} order by ${q(creditLedger.seq)} desc limit 1), 0)`;

/** Every figure of a shop's report as an expression correlated to its row of `shops` (ADR 0046). */
const figuresOf = (period: ReportPeriod) => {
  const purchases = kindSum('purchase', period);
  const refunds = kindSum('refund', period);
  const figures = {
    openingCents: balanceBefore(period.from),
    boughtCents: kindSum('topup', period),
    bonusCents: kindSum('bonus', period),
    spentCents: sql<number>`(-${purchases})`,
    refundsCents: refunds,
    adjustmentsCents: kindSum('adjustment', period),
    closingCents: balanceBefore(period.to),
    subscribersServed: sql<number>`(select count(distinct ${q(orders.subscriberId)}) from ${creditLedger} join ${orders} on ${q(orders.id)} = ${q(creditLedger.orderId)} where ${inPeriod(period)} and ${q(creditLedger.kind)} = 'purchase')`,
    // Net spent (purchases less their refunds) at the markup; numeric round() goes half away from zero.
    revenueCents: sql<number>`round((-${purchases} - ${refunds})::numeric * (100 + ${q(shops.sellShopPrice)}) / 100)`,
  } satisfies Record<string, SQL<number>>;
  return figures;
};

type FigureName = keyof ReturnType<typeof figuresOf>;
const asNumbers = (figures: Record<FigureName, SQL<number>>) =>
  Object.fromEntries(
    Object.entries(figures).map(([name, expression]) => [name, expression.mapWith(Number)]),
  ) as Record<FigureName, SQL<number>>;

const whereOf = (filters: ShopReportFilters) =>
  and(filters.shopId ? eq(shops.id, filters.shopId) : undefined, searchCondition(filters.q, [shops.name]));

/** The list of shops with their figures over one period (the figures' expressions carry the period). */
const shopReportList = (period: ReportPeriod) => {
  const figures = asNumbers(figuresOf(period));
  return defineListQuery({
    select: (db, listFields) =>
      db
        .select({
          shopId: shops.id,
          shopName: shops.name,
          sellShopPrice: shops.sellShopPrice,
          ...figures,
          ...listFields,
        })
        .from(shops)
        .$dynamic(),
    where: whereOf,
    sortColumns: {
      shopName: shops.name,
      boughtCents: figures.boughtCents,
      spentCents: figures.spentCents,
      closingCents: figures.closingCents,
      subscribersServed: figures.subscribersServed,
    },
    tiebreak: shops.id,
    defaultSort: 'shopName',
  });
};

export const listShopReports = (db: Db, filters: ShopReportFilters, period: ReportPeriod, page: PageQuery) =>
  shopReportList(period).page(db, filters, page);

export const streamShopReports = (db: Db, filters: ShopReportFilters, period: ReportPeriod) =>
  shopReportList(period).batches(db, filters);

/** One shop's figures over the period; undefined for a shop that does not exist. */
export const getShopReport = async (db: Db, shopId: string, period: ReportPeriod) =>
  (await shopReportList(period).rows(db, { shopId }, { limit: 1, offset: 0 }))[0];

/** The figures of every shop the filters select, summed (the list's totals row). */
export const sumShopReports = async (db: Db, filters: ShopReportFilters, period: ReportPeriod) => {
  const figures = figuresOf(period);
  const sums = Object.fromEntries(
    Object.entries(figures).map(([name, expression]) => [
      name,
      sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number),
    ]),
  ) as Record<FigureName, SQL<number>>;
  const [row] = await db.select(sums).from(shops).where(whereOf(filters));
  return row as Record<FigureName, number>;
};
