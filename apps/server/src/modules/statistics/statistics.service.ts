import type {
  CustomersByCountry,
  StatisticsQuery,
  TrafficOverview,
  TrafficRow,
  TrafficSourceStatistics,
  TrafficSources,
  VisitorCountries,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import { AppError } from '../../lib/app-error';
import { type CsvColumn, type CsvValue, csvStream } from '../../lib/csv';
import { type AnalyticsPeriods, analyticsPeriods } from '../order-analytics/order-analytics';
import {
  foldTrafficDays,
  foldTrafficRows,
  growthRate,
  sortTrafficRows,
  trafficRowOf,
  trafficTotalsOf,
} from './statistics';
import {
  customersByCountry,
  lastTrafficRefresh,
  type TrafficGroup,
  trafficByCountry,
  trafficByGroup,
  trafficDays,
  trafficSourceExists,
} from './traffic.repository';

type Deps = { db: Db };

const common = async (deps: Deps, p: AnalyticsPeriods) => ({
  currency: 'EUR' as const,
  range: p,
  refreshedAt: (await lastTrafficRefresh(deps.db))?.toISOString() ?? null,
});

const rowsBy = async (deps: Deps, p: AnalyticsPeriods, group: TrafficGroup, source?: string) =>
  (await trafficByGroup(deps.db, p, group, source)).map(trafficRowOf);

/** `/statistic/traffic`: visits, sessions, orders and revenue over time, and the largest sources. */
export const getTrafficOverview = async (deps: Deps, query: StatisticsQuery): Promise<TrafficOverview> => {
  const p = analyticsPeriods(query.from, query.to);
  const [days, sources, base] = await Promise.all([
    trafficDays(deps.db, p),
    rowsBy(deps, p, 'source'),
    common(deps, p),
  ]);
  return {
    ...base,
    totals: trafficTotalsOf(sources),
    overTime: foldTrafficDays(days, p),
    bySource: foldTrafficRows(sources),
  };
};

/** `/statistic/traffic/sources`: every source. */
export const getTrafficSources = async (deps: Deps, query: StatisticsQuery): Promise<TrafficSources> => {
  const p = analyticsPeriods(query.from, query.to);
  const [sources, base] = await Promise.all([rowsBy(deps, p, 'source'), common(deps, p)]);
  return { ...base, totals: trafficTotalsOf(sources), sources: sortTrafficRows(sources) };
};

/** `/statistic/traffic/source/:sourceName`: one source over time, its campaigns and landing pages. */
export const getTrafficSource = async (
  deps: Deps,
  query: StatisticsQuery & { source: string },
): Promise<TrafficSourceStatistics> => {
  if (!(await trafficSourceExists(deps.db, query.source)))
    throw new AppError(
      'NOT_FOUND',
      undefined,
      undefined,
      { source: query.source },
      'statistics.unknownSource',
    );
  const p = analyticsPeriods(query.from, query.to);
  const [days, campaigns, landingPages, base] = await Promise.all([
    trafficDays(deps.db, p, query.source),
    rowsBy(deps, p, 'campaign', query.source),
    rowsBy(deps, p, 'landingPage', query.source),
    common(deps, p),
  ]);
  return {
    ...base,
    source: query.source,
    totals: trafficTotalsOf(campaigns),
    overTime: foldTrafficDays(days, p),
    campaigns: sortTrafficRows(campaigns),
    landingPages: sortTrafficRows(landingPages),
  };
};

/** `/statistic/countries`: visits, sessions, orders, conversion and revenue per visitor country. */
export const getVisitorCountries = async (deps: Deps, query: StatisticsQuery): Promise<VisitorCountries> => {
  const p = analyticsPeriods(query.from, query.to);
  const [rows, base] = await Promise.all([trafficByCountry(deps.db, p), common(deps, p)]);
  const countries = rows.map(trafficRowOf);
  return { ...base, totals: trafficTotalsOf(countries), countries: sortTrafficRows(countries) };
};

/** `/statistic/users-by-country`: customers registered per country, in the range and before it, with growth. */
export const getCustomersByCountry = async (
  deps: Deps,
  query: StatisticsQuery,
): Promise<CustomersByCountry> => {
  const p = analyticsPeriods(query.from, query.to);
  const rows = (await customersByCountry(deps.db, p)).map((r) => ({
    key: r.key,
    current: { registered: r.current, total: r.total },
    previous: { registered: r.previous, total: r.totalBefore },
    growthRate: growthRate(r.current, r.previous),
  }));
  rows.sort(
    (a, b) =>
      b.current.registered - a.current.registered ||
      b.current.total - a.current.total ||
      String(a.key ?? '').localeCompare(String(b.key ?? '')),
  );
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((total, r) => total + pick(r), 0);
  const current = { registered: sum((r) => r.current.registered), total: sum((r) => r.current.total) };
  const previous = { registered: sum((r) => r.previous.registered), total: sum((r) => r.previous.total) };
  return {
    range: p,
    totals: { current, previous, growthRate: growthRate(current.registered, previous.registered) },
    countries: rows,
  };
};

type CsvRow = Record<string, CsvValue>;

const figureNames = ['visits', 'sessions', 'orders', 'revenueCents', 'conversionRate'] as const;
const figureHeaders = figureNames.flatMap((f) => [`current_${f}`, `previous_${f}`]);

const trafficCsvRow = (keyName: string, r: TrafficRow): CsvRow => ({
  [keyName]: r.isOther ? 'other' : (r.key ?? 'none'),
  ...Object.fromEntries(
    figureNames.flatMap((f) => [
      [`current_${f}`, r.current[f]],
      [`previous_${f}`, r.previous[f]],
    ]),
  ),
});

const pointCsvRow = (p: TrafficOverview['overTime'][number]): CsvRow => ({
  start: p.start,
  previousStart: p.previousStart,
  ...trafficCsvRow('_', { key: null, isOther: false, current: p.current, previous: p.previous }),
});

const toCsv = (headers: string[], rows: CsvRow[]) => {
  const columns: CsvColumn<CsvRow>[] = headers.map((header) => ({ header, value: (row) => row[header] }));
  return csvStream(
    columns,
    (async function* () {
      yield rows;
    })(),
  );
};

/** One table of a statistics screen as CSV, with the answer's own figures (a few hundred rows at most). */
export const exportStatistics = async (
  deps: Deps,
  screen: 'traffic' | 'sources' | 'source' | 'countries' | 'usersByCountry',
  query: StatisticsQuery & { table: string; source?: string },
) => {
  const overTimeHeaders = ['start', 'previousStart', ...figureHeaders];
  if (screen === 'usersByCountry') {
    const answer = await getCustomersByCountry(deps, query);
    return toCsv(
      [
        'country',
        'current_registered',
        'previous_registered',
        'current_total',
        'previous_total',
        'growthRate',
      ],
      answer.countries.map((r) => ({
        country: r.key ?? 'none',
        current_registered: r.current.registered,
        previous_registered: r.previous.registered,
        current_total: r.current.total,
        previous_total: r.previous.total,
        growthRate: r.growthRate,
      })),
    );
  }
  if (screen === 'countries') {
    const answer = await getVisitorCountries(deps, query);
    return toCsv(
      ['country', ...figureHeaders],
      answer.countries.map((r) => trafficCsvRow('country', r)),
    );
  }
  if (screen === 'sources') {
    const answer = await getTrafficSources(deps, query);
    return toCsv(
      ['source', ...figureHeaders],
      answer.sources.map((r) => trafficCsvRow('source', r)),
    );
  }
  if (screen === 'traffic') {
    const answer = await getTrafficOverview(deps, query);
    return query.table === 'overTime'
      ? toCsv(overTimeHeaders, answer.overTime.map(pointCsvRow))
      : toCsv(
          ['source', ...figureHeaders],
          answer.bySource.map((r) => trafficCsvRow('source', r)),
        );
  }
  const answer = await getTrafficSource(deps, { ...query, source: query.source ?? '' });
  if (query.table === 'overTime') return toCsv(overTimeHeaders, answer.overTime.map(pointCsvRow));
  const [name, rows] =
    query.table === 'campaigns' ? ['campaign', answer.campaigns] : ['landingPage', answer.landingPages];
  return toCsv(
    [name, ...figureHeaders],
    rows.map((r) => trafficCsvRow(name, r)),
  );
};
