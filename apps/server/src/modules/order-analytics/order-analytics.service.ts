import type {
  AnalyticsRow,
  AnalyticsTable,
  OrderAnalytics,
  OrderAnalyticsQuery,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import { type CsvColumn, type CsvValue, csvStream } from '../../lib/csv';
import {
  analyticsPeriods,
  figuresOf,
  foldDays,
  refundFiguresOf,
  sumFigures,
  topRows,
} from './order-analytics';
import {
  type AnalyticsGroup,
  type AnalyticsRange,
  analyticsByGroup,
  analyticsDays,
  analyticsRefunds,
} from './order-analytics.repository';
import { ensureOrderRollups } from './order-rollups.service';

type GroupRow = Awaited<ReturnType<typeof analyticsByGroup>>[number];

/** Where the figures come from: the rollups here; the test reads the orders themselves to prove them equal. */
export type AnalyticsReader = {
  days: (p: AnalyticsRange) => Promise<{ day: string; revenueCents: number; orders: number }[]>;
  byGroup: (p: AnalyticsRange, group: AnalyticsGroup) => Promise<GroupRow[]>;
  refunds: (
    p: AnalyticsRange,
  ) => Promise<{ current: boolean; refundedCents: number; refundedOrders: number }[]>;
};

const rollupReader = (db: Db): AnalyticsReader => ({
  days: (p) => analyticsDays(db, p),
  byGroup: (p, group) => analyticsByGroup(db, p, group),
  refunds: (p) => analyticsRefunds(db, p),
});

const toRow = (row: GroupRow): Omit<AnalyticsRow, 'isOther'> => ({
  key: row.key,
  label: row.label,
  current: figuresOf(row.currentRevenueCents, row.currentOrders),
  previous: figuresOf(row.previousRevenueCents, row.previousOrders),
});

/** The whole answer from one reader. */
export const readOrderAnalytics = async (
  reader: AnalyticsReader,
  query: OrderAnalyticsQuery,
): Promise<OrderAnalytics> => {
  const periods = analyticsPeriods(query.from, query.to);
  const group = async (name: AnalyticsGroup) => topRows((await reader.byGroup(periods, name)).map(toRow));
  const [days, byKind, byCountry, byPackage, byPaymentMethod, refunded] = await Promise.all([
    reader.days(periods),
    group('kind'),
    group('country'),
    group('package'),
    group('paymentMethod'),
    reader.refunds(periods),
  ]);
  const points = foldDays(days, periods);
  const totals = {
    current: sumFigures(points.map((p) => p.current)),
    previous: sumFigures(points.map((p) => p.previous)),
  };
  return {
    currency: 'EUR',
    range: periods,
    totals,
    overTime: points,
    byKind,
    byCountry,
    byPackage,
    byPaymentMethod,
    refunds: {
      current: refundFiguresOf(
        refunded.find((r) => r.current),
        totals.current,
      ),
      previous: refundFiguresOf(
        refunded.find((r) => !r.current),
        totals.previous,
      ),
    },
  };
};

/** Revenue, orders and average order value over time and by kind, country, package and payment method. */
export const getOrderAnalytics = async (
  deps: { db: Db },
  query: OrderAnalyticsQuery,
): Promise<OrderAnalytics> => {
  const periods = analyticsPeriods(query.from, query.to);
  await ensureOrderRollups(deps.db, periods.previousFrom, periods.to);
  return readOrderAnalytics(rollupReader(deps.db), query);
};

type CsvRow = Record<string, CsvValue>;

const figureCells = (prefix: 'current' | 'previous', f: OrderAnalytics['totals']['current']) => ({
  [`${prefix}RevenueCents`]: f.revenueCents,
  [`${prefix}Orders`]: f.orders,
  [`${prefix}AverageOrderCents`]: f.averageOrderCents,
});

const groupCsv = (rows: AnalyticsRow[]): CsvRow[] =>
  rows.map((r) => ({
    key: r.isOther ? 'other' : (r.key ?? 'none'),
    label: r.label,
    ...figureCells('current', r.current),
    ...figureCells('previous', r.previous),
  }));

const figureHeaders = ['RevenueCents', 'Orders', 'AverageOrderCents'].flatMap((f) => [
  `current${f}`,
  `previous${f}`,
]);
const groupHeaders = ['key', 'label', ...figureHeaders];
const tableHeaders: Record<AnalyticsTable, string[]> = {
  overTime: ['start', 'previousStart', ...figureHeaders],
  kind: groupHeaders,
  country: groupHeaders,
  package: groupHeaders,
  paymentMethod: groupHeaders,
  refunds: [
    'period',
    'from',
    'to',
    'revenueCents',
    'orders',
    'refundedCents',
    'refundedOrders',
    'amountRate',
    'orderRate',
  ],
};

/** Each table of the screen as CSV rows, with the same figures as the answer. */
const tableRows = (a: OrderAnalytics, table: AnalyticsTable): CsvRow[] => {
  switch (table) {
    case 'overTime':
      return a.overTime.map((p) => ({
        start: p.start,
        previousStart: p.previousStart,
        ...figureCells('current', p.current),
        ...figureCells('previous', p.previous),
      }));
    case 'kind':
      return groupCsv(a.byKind);
    case 'country':
      return groupCsv(a.byCountry);
    case 'package':
      return groupCsv(a.byPackage);
    case 'paymentMethod':
      return groupCsv(a.byPaymentMethod);
    case 'refunds':
      return (['current', 'previous'] as const).map((period) => ({
        period,
        from: period === 'current' ? a.range.from : a.range.previousFrom,
        to: period === 'current' ? a.range.to : a.range.previousTo,
        revenueCents: a.totals[period].revenueCents,
        orders: a.totals[period].orders,
        ...a.refunds[period],
      }));
  }
};

/** One table of the analytics as a CSV download (a few dozen rows at most, so one batch). */
export const exportOrderAnalytics = async (
  deps: { db: Db },
  query: OrderAnalyticsQuery & { table: AnalyticsTable },
) => {
  const rows = tableRows(await getOrderAnalytics(deps, query), query.table);
  const columns: CsvColumn<CsvRow>[] = tableHeaders[query.table].map((header) => ({
    header,
    value: (row) => row[header],
  }));
  return csvStream(
    columns,
    (async function* () {
      yield rows;
    })(),
  );
};
