import type { TrafficFigures, TrafficPoint, TrafficRow } from '@esim/contracts/staff';
import { Chart, type ChartSeries } from '@esim/ui/chart/chart';
import { formatDateTime, formatPrice } from '@esim/ui/format';
import { SegmentedControl, SimpleGrid } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bucketPeriods, salesOrdersHref } from '../../../components/report/report-range';
import {
  ReportCsvButton,
  ReportPeriodNote,
  ReportTile,
  useReportFormats,
  useRowsLink,
} from '../../../components/report/report-screen';
import { downloadStatisticsTable } from '../api/statistics-api';

export const trafficMetrics = ['visits', 'sessions', 'orders', 'revenue', 'conversion'] as const;
export type TrafficMetric = (typeof trafficMetrics)[number];

const value: Record<TrafficMetric, (f: TrafficFigures) => number> = {
  visits: (f) => f.visits,
  sessions: (f) => f.sessions,
  orders: (f) => f.orders,
  revenue: (f) => f.revenueCents,
  conversion: (f) => f.conversionRate ?? Number.NaN,
};

/** Orders and revenue are our own rows (ADR 0076); visits, sessions and conversion have none to open. */
const hasRows = (metric: TrafficMetric) => metric === 'orders' || metric === 'revenue';

const currentColor = 'var(--mantine-color-accent-7)';
const previousColor = 'var(--mantine-color-gray-6)';

/** The screen's range and the period before it, as the answer states them. */
export type Periods = { from: string; to: string; previousFrom: string; previousTo: string };
/** The order filters a row's figures stand for (its source, campaign, landing page or country); null: none. */
export type RowFilters = Parameters<typeof salesOrdersHref>[1] | null;

const periodOf = (p: Periods, previous: boolean) =>
  previous ? { from: p.previousFrom, to: p.previousTo } : { from: p.from, to: p.to };

/** The screens' number formats: money in euros, rates in percent (– without sessions), counts as numbers. */
export const useTrafficFormats = () => {
  const { t } = useTranslation('admin-statistics');
  const formats = useReportFormats();
  const formatOf = (m: TrafficMetric) =>
    m === 'revenue'
      ? (cents: number) => formatPrice(cents, formats.locale)
      : m === 'conversion'
        ? formats.percent
        : formats.count;
  const label = (m: TrafficMetric, previous: boolean) =>
    previous
      ? t('statistics.previousOf', { figure: t(`statistics.figures.${m}`) })
      : t(`statistics.figures.${m}`);
  return { ...formats, formatOf, label };
};

type Figures = { current: TrafficFigures; previous: TrafficFigures };

/**
 * Every metric in this period and the previous one as table columns; `drawn` is on the chart too. `href` gives a
 * row's period its orders (orders and revenue only).
 */
const seriesOf = <Row extends Figures>(
  formats: ReturnType<typeof useTrafficFormats>,
  drawn: TrafficMetric,
  href: (row: Row, previous: boolean, total: boolean) => string | null,
): ChartSeries<Row>[] =>
  trafficMetrics.flatMap((metric) =>
    (['current', 'previous'] as const).map((period) => ({
      label: formats.label(metric, period === 'previous'),
      value: (row: Row) => value[metric](row[period]),
      color: period === 'current' ? currentColor : previousColor,
      dashed: period === 'previous',
      format: formats.formatOf(metric),
      tableOnly: metric !== drawn,
      ...(hasRows(metric)
        ? { href: (row: Row, total: boolean) => href(row, period === 'previous', total) }
        : {}),
    })),
  );

/** The period's totals as tiles, each with the previous period's figure and the change; orders open their rows. */
export const TrafficTiles = ({
  totals,
  range,
  filters = {},
}: {
  totals: Figures;
  range: Periods;
  filters?: NonNullable<RowFilters>;
}) => {
  const { t } = useTranslation('admin-statistics');
  const formats = useTrafficFormats();
  const rowsLink = useRowsLink();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }}>
      {trafficMetrics.map((m) => (
        <ReportTile
          key={m}
          label={t(`statistics.figures.${m}`)}
          value={formats.formatOf(m)(value[m](totals.current))}
          previous={formats.formatOf(m)(value[m](totals.previous))}
          change={{ current: value[m](totals.current), previous: value[m](totals.previous) }}
          href={hasRows(m) ? rowsLink(salesOrdersHref(range, filters)) : null}
          testId={`statistics-total-${m}`}
        />
      ))}
    </SimpleGrid>
  );
};

/** The chosen metric over time (the table under it has them all, each bucket's orders a link to them). */
export const TrafficOverTime = ({
  points,
  range,
  bucket,
  totals,
  filters = {},
  actions,
}: {
  points: TrafficPoint[];
  range: Periods;
  bucket: 'day' | 'week' | 'month';
  totals: Figures;
  filters?: NonNullable<RowFilters>;
  actions: ReactNode;
}) => {
  const { t } = useTranslation('admin-statistics');
  const formats = useTrafficFormats();
  const rowsLink = useRowsLink();
  const [metric, setMetric] = useState<TrafficMetric>('visits');
  const current = bucketPeriods(
    points.map((p) => p.start),
    range.to,
  );
  const previous = bucketPeriods(
    points.map((p) => p.previousStart),
    range.previousTo,
  );
  const href = (point: TrafficPoint, before: boolean, total: boolean) => {
    const i = points.indexOf(point);
    const period = total ? periodOf(range, before) : (before ? previous : current)[i];
    return period ? rowsLink(salesOrdersHref(period, filters)) : null;
  };
  return (
    <>
      <SegmentedControl
        mb="sm"
        aria-label={t('statistics.metric')}
        value={metric}
        onChange={(next) => setMetric(next as TrafficMetric)}
        data={trafficMetrics.map((m) => ({ value: m, label: t(`statistics.figures.${m}`) }))}
      />
      <Chart<TrafficPoint>
        title={t('statistics.charts.overTime')}
        kind="line"
        rows={points}
        category={{
          label: t(`statistics.buckets.${bucket}`),
          value: (p) => formats.date(p.start),
        }}
        series={seriesOf(formats, metric, href)}
        format={formats.formatOf(metric)}
        total={{ label: t('statistics.total'), row: { ...totals, start: '', previousStart: '' } }}
        actions={actions}
        data-testid="statistics-chart-overTime"
      />
    </>
  );
};

/** Rows of a breakdown (sources, campaigns, landing pages, countries) as bars of one metric and a full table. */
export const TrafficRows = ({
  title,
  column,
  rows,
  name,
  totals,
  range,
  filters = {},
  rowFilters,
  metric = 'sessions',
  actions,
  testId,
}: {
  title: string;
  column: string;
  rows: TrafficRow[];
  name: (row: TrafficRow) => string;
  totals: Figures;
  range: Periods;
  /** The screen's own filters (one source), for every row and the total. */
  filters?: NonNullable<RowFilters>;
  /** What a named row adds to them; null: its orders cannot be told apart in the list (none recorded). */
  rowFilters: (key: string) => RowFilters;
  metric?: TrafficMetric;
  actions: ReactNode;
  testId: string;
}) => {
  const { t } = useTranslation('admin-statistics');
  const formats = useTrafficFormats();
  const rowsLink = useRowsLink();
  const rowName = (row: TrafficRow) =>
    row.isOther ? t('statistics.other') : row.key === null ? t('statistics.none') : name(row);
  const href = (row: TrafficRow, previous: boolean, total: boolean) => {
    const own = total ? {} : row.isOther || row.key === null ? null : rowFilters(row.key);
    return own ? rowsLink(salesOrdersHref(periodOf(range, previous), { ...filters, ...own })) : null;
  };
  return (
    <Chart<TrafficRow>
      title={title}
      kind="bar"
      rows={rows}
      category={{ label: column, value: rowName }}
      rowKey={(row) => (row.isOther ? '~other' : String(row.key))}
      series={seriesOf(formats, metric, href)}
      format={formats.formatOf(metric)}
      total={{ label: t('statistics.total'), row: { ...totals, key: null, isOther: false } }}
      actions={actions}
      data-testid={testId}
    />
  );
};

/** One table's CSV download, with the server's figures. */
export const StatisticsCsv = ({
  csvPath,
  query,
  table,
  title,
}: {
  csvPath: string;
  query: { from: string; to: string };
  table: string;
  title: string;
}) => (
  <ReportCsvButton
    title={title}
    onClick={() => void downloadStatisticsTable(csvPath, query, table)}
    testId={`statistics-csv-${table}`}
  />
);

/** "Compared with …" and when the roll-up last ran. */
export const PeriodNote = ({
  range,
  refreshedAt,
}: {
  range: { previousFrom: string; previousTo: string };
  refreshedAt?: string | null;
}) => {
  const { t } = useTranslation('admin-statistics');
  const formats = useReportFormats();
  return (
    <ReportPeriodNote range={range}>
      {refreshedAt === undefined
        ? null
        : ` ${refreshedAt ? t('statistics.refreshedAt', { at: formatDateTime(refreshedAt, formats.locale) }) : t('statistics.neverRefreshed')}`}
    </ReportPeriodNote>
  );
};
