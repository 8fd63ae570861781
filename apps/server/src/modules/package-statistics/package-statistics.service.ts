import type {
  PackageBuyers,
  PackageSalesRow,
  PackageStatistics,
  PackageStatisticsQuery,
  PackagesByCountry,
  PackageUsers,
  PackageUsersQuery,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import { AppError } from '../../lib/app-error';
import { type CsvColumn, type CsvValue, csvStream } from '../../lib/csv';
import {
  analyticsPeriods,
  figuresOf,
  foldDays,
  sumFigures,
  topRows,
} from '../order-analytics/order-analytics';
import { ensureOrderRollups } from '../order-analytics/order-rollups.service';
import {
  countPackageBuyers,
  findPackageById,
  findPackageBySlug,
  packageBuyers,
  packageByCountry,
  packageDays,
  salesByCountryAndDestination,
  salesByPackage,
} from './package-statistics.repository';

type Deps = { db: Db };

const unknownPackage = () =>
  new AppError('NOT_FOUND', undefined, undefined, undefined, 'statisticsPackages.unknownPackage');

/** The periods of a query, with the rollups of both made current first. */
const periodsOf = async (db: Db, query: PackageStatisticsQuery) => {
  const periods = analyticsPeriods(query.from, query.to);
  await ensureOrderRollups(db, periods.previousFrom, periods.to);
  return periods;
};

const periodFigures = (row: {
  currentRevenueCents: number;
  currentOrders: number;
  previousRevenueCents: number;
  previousOrders: number;
}) => ({
  current: figuresOf(row.currentRevenueCents, row.currentOrders),
  previous: figuresOf(row.previousRevenueCents, row.previousOrders),
});

const totalsOf = (rows: readonly ReturnType<typeof periodFigures>[]) => ({
  current: sumFigures(rows.map((r) => r.current)),
  previous: sumFigures(rows.map((r) => r.previous)),
});

/** Sales and revenue per package, largest revenue in the range first (then the previous period's, then name). */
export const getPackageStatistics = async (
  deps: Deps,
  query: PackageStatisticsQuery,
): Promise<PackageStatistics> => {
  const periods = await periodsOf(deps.db, query);
  const rows: PackageSalesRow[] = (await salesByPackage(deps.db, periods))
    .map((row) => ({
      packageId: row.packageId,
      slug: row.slug,
      name: row.name,
      type: row.type,
      ...periodFigures(row),
    }))
    .sort(
      (a, b) =>
        b.current.revenueCents - a.current.revenueCents ||
        b.previous.revenueCents - a.previous.revenueCents ||
        String(a.name).localeCompare(String(b.name)) ||
        String(a.packageId).localeCompare(String(b.packageId)),
    );
  return { currency: 'EUR', range: periods, totals: totalsOf(rows), rows };
};

/** One package (by its slug) over time beside the previous period, and by the buyer's country. */
export const getPackageBuyers = async (
  deps: Deps,
  slug: string,
  query: PackageStatisticsQuery,
): Promise<PackageBuyers> => {
  const pkg = await findPackageBySlug(deps.db, slug);
  if (!pkg) throw unknownPackage();
  const periods = await periodsOf(deps.db, query);
  const [days, countries] = await Promise.all([
    packageDays(deps.db, periods, pkg.id),
    packageByCountry(deps.db, periods, pkg.id),
  ]);
  const overTime = foldDays(days, periods);
  return {
    currency: 'EUR',
    range: periods,
    package: pkg,
    totals: totalsOf(overTime),
    overTime,
    byCountry: topRows(countries.map((row) => ({ key: row.key, label: null, ...periodFigures(row) }))),
  };
};

/** The buyers of one package in the range, largest spend first. */
export const listPackageUsers = async (
  deps: Deps,
  packageId: string,
  query: PackageUsersQuery,
): Promise<PackageUsers> => {
  const pkg = await findPackageById(deps.db, packageId);
  if (!pkg) throw unknownPackage();
  const page = { page: query.page, pageSize: query.pageSize };
  const rows = await packageBuyers(deps.db, query, pkg.id, page);
  const total = rows[0]?.total ?? (page.page > 1 ? await countPackageBuyers(deps.db, query, pkg.id) : 0);
  return {
    items: rows.map(({ total: _, ...u }) => ({ ...u, lastPaidAt: u.lastPaidAt.toISOString() })),
    ...page,
    total,
  };
};

/** Which destinations buyers from each country bought: every cell with a sale in either period. */
export const getPackagesByCountry = async (
  deps: Deps,
  query: PackageStatisticsQuery,
): Promise<PackagesByCountry> => {
  const periods = await periodsOf(deps.db, query);
  const cells = (await salesByCountryAndDestination(deps.db, periods))
    .map((row) => ({
      buyerCountry: row.buyerCountry,
      destination: { code: row.code, type: row.type ?? ('none' as const) },
      ...periodFigures(row),
    }))
    .sort(
      (a, b) =>
        b.current.revenueCents - a.current.revenueCents ||
        b.previous.revenueCents - a.previous.revenueCents ||
        String(a.buyerCountry).localeCompare(String(b.buyerCountry)) ||
        String(a.destination.code).localeCompare(String(b.destination.code)),
    );
  return { currency: 'EUR', range: periods, totals: totalsOf(cells), cells };
};

type CsvRow = Record<string, CsvValue>;
const figureHeaders = ['RevenueCents', 'Orders', 'AverageOrderCents'].flatMap((f) => [
  `current${f}`,
  `previous${f}`,
]);
const figureCells = (row: ReturnType<typeof periodFigures>) => ({
  currentRevenueCents: row.current.revenueCents,
  previousRevenueCents: row.previous.revenueCents,
  currentOrders: row.current.orders,
  previousOrders: row.previous.orders,
  currentAverageOrderCents: row.current.averageOrderCents,
  previousAverageOrderCents: row.previous.averageOrderCents,
});

const oneBatch = (headers: string[], rows: CsvRow[]) =>
  csvStream(
    headers.map((header): CsvColumn<CsvRow> => ({ header, value: (row) => row[header] })),
    (async function* () {
      yield rows;
    })(),
  );

/** The per-package table as CSV, the same figures as the answer. */
export const exportPackageStatistics = async (deps: Deps, query: PackageStatisticsQuery) => {
  const answer = await getPackageStatistics(deps, query);
  return oneBatch(
    ['packageId', 'slug', 'name', 'type', ...figureHeaders],
    answer.rows.map((row) => ({
      packageId: row.packageId ?? 'none',
      slug: row.slug,
      name: row.name,
      type: row.type,
      ...figureCells(row),
    })),
  );
};

/** The matrix as CSV, one line per buyer country × destination. */
export const exportPackagesByCountry = async (deps: Deps, query: PackageStatisticsQuery) => {
  const answer = await getPackagesByCountry(deps, query);
  return oneBatch(
    ['buyerCountry', 'destination', 'destinationType', ...figureHeaders],
    answer.cells.map((cell) => ({
      buyerCountry: cell.buyerCountry ?? 'none',
      destination: cell.destination.code ?? 'none',
      destinationType: cell.destination.type,
      ...figureCells(cell),
    })),
  );
};

/** One package's figures over time as CSV. */
export const exportPackageBuyers = async (deps: Deps, slug: string, query: PackageStatisticsQuery) => {
  const answer = await getPackageBuyers(deps, slug, query);
  return oneBatch(
    ['start', 'previousStart', ...figureHeaders],
    answer.overTime.map((p) => ({ start: p.start, previousStart: p.previousStart, ...figureCells(p) })),
  );
};

/** Every buyer of one package in the range as CSV, a page at a time. */
export const exportPackageUsers = async (deps: Deps, packageId: string, query: PackageStatisticsQuery) => {
  const pkg = await findPackageById(deps.db, packageId);
  if (!pkg) throw unknownPackage();
  const pageSize = 1_000;
  return csvStream(
    ['userId', 'name', 'email', 'country', 'orders', 'revenueCents', 'lastPaidAt'].map(
      (header): CsvColumn<CsvRow> => ({ header, value: (row) => row[header] }),
    ),
    (async function* () {
      for (let page = 1; ; page++) {
        const rows = await packageBuyers(deps.db, query, pkg.id, { page, pageSize });
        yield rows.map(({ total: _, ...u }) => ({ ...u, lastPaidAt: u.lastPaidAt.toISOString() }));
        if (rows.length < pageSize) return;
      }
    })(),
  );
};
