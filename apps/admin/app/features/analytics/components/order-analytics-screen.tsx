import type {
  AnalyticsFigures,
  AnalyticsPoint,
  AnalyticsRow,
  AnalyticsTable,
  OrderAnalytics,
} from '@esim/contracts/staff';
import { Chart, type ChartSeries } from '@esim/ui/chart/chart';
import { formatPrice } from '@esim/ui/format';
import { SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { bucketPeriods, salesOrdersHref } from '../../../components/report/report-range';
import {
  ReportCsvButton,
  ReportPeriodNote,
  ReportScreen,
  ReportSection,
  ReportTile,
  useReportFormats,
  useRowsLink,
} from '../../../components/report/report-screen';
import { downloadAnalyticsTable, useOrderAnalytics } from '../api/get-order-analytics';

const metrics = ['revenue', 'orders', 'averageOrder'] as const;
type Metric = (typeof metrics)[number];
const metricValue: Record<Metric, (f: AnalyticsFigures) => number> = {
  revenue: (f) => f.revenueCents,
  orders: (f) => f.orders,
  averageOrder: (f) => f.averageOrderCents,
};
/** Revenue and orders are sums and counts of orders (a link to them, ADR 0076); an average is not. */
const hasRows = (metric: Metric) => metric !== 'averageOrder';
const currentColor = 'var(--mantine-color-accent-7)';
const previousColor = 'var(--mantine-color-gray-6)';

type Figures = { current: AnalyticsFigures; previous: AnalyticsFigures };

/**
 * The six columns every table has (each metric in this period and the previous one); `drawn` are on the chart.
 * `rows` gives a row's orders in either period.
 */
const figureSeries = <Row extends Figures>(
  label: (metric: Metric, previous: boolean) => string,
  format: (metric: Metric) => (value: number) => string,
  drawn: readonly Metric[],
  rows: (row: Row, previous: boolean, total: boolean) => string | null,
): ChartSeries<Row>[] =>
  metrics.flatMap((metric) =>
    (['current', 'previous'] as const).map((period) => ({
      label: label(metric, period === 'previous'),
      value: (row: Row) => metricValue[metric](row[period]),
      color: period === 'current' ? currentColor : previousColor,
      dashed: period === 'previous',
      format: format(metric),
      tableOnly: !drawn.includes(metric),
      ...(hasRows(metric)
        ? { href: (row: Row, total: boolean) => rows(row, period === 'previous', total) }
        : {}),
    })),
  );

/**
 * Orders analytics (ADR 0049): the range in the URL (`?from&to`, the last 30 days by default), the period's
 * figures beside the previous one, a chart over time and one per breakdown, each with its table and CSV.
 */
export const OrderAnalyticsScreen = () => {
  const { t } = useTranslation(['admin-analytics', 'admin']);
  return (
    <ReportScreen
      title={t('admin:screens.ordersAnalytics')}
      rules={t('analytics.rules')}
      rangeTestId="analytics-range"
    >
      {(range) => <AnalyticsAnswer range={range} />}
    </ReportScreen>
  );
};

const AnalyticsAnswer = ({ range }: { range: { from: string; to: string } }) => {
  const answer = useOrderAnalytics(range, true);
  return answer.isSuccess ? <AnalyticsCharts data={answer.data} /> : <LoadState query={answer} />;
};

const AnalyticsCharts = ({ data }: { data: OrderAnalytics }) => {
  const { t } = useTranslation(['admin-analytics', 'admin']);
  const { locale, count, percent, country, date } = useReportFormats();
  const rowsLink = useRowsLink();
  const [metric, setMetric] = useState<Metric>('revenue');
  const money = (cents: number) => formatPrice(cents, locale);
  const formatOf = (m: Metric) => (m === 'orders' ? count : money);
  const label = (m: Metric, previous: boolean) =>
    previous
      ? t('analytics.previousOf', { figure: t(`analytics.figures.${m}`) })
      : t(`analytics.figures.${m}`);
  const query = { from: data.range.from, to: data.range.to };
  const download = (table: AnalyticsTable, title: string) => (
    <ReportCsvButton
      title={title}
      onClick={() => void downloadAnalyticsTable(query, table)}
      testId={`analytics-csv-${table}`}
    />
  );
  const period = (previous: boolean) =>
    previous ? { from: data.range.previousFrom, to: data.range.previousTo } : query;
  // The orders behind a figure: the period's sales with the row's own filter (ADR 0076).
  const sales = (previous: boolean, filters: Parameters<typeof salesOrdersHref>[1] = {}) =>
    rowsLink(salesOrdersHref(period(previous), filters));
  const buckets = {
    current: bucketPeriods(
      data.overTime.map((p) => p.start),
      data.range.to,
    ),
    previous: bucketPeriods(
      data.overTime.map((p) => p.previousStart),
      data.range.previousTo,
    ),
  };
  const pointRows = (point: AnalyticsPoint, previous: boolean, total: boolean) => {
    if (total) return sales(previous);
    const days = (previous ? buckets.previous : buckets.current)[data.overTime.indexOf(point)];
    return days ? rowsLink(salesOrdersHref(days)) : null;
  };
  const total = { label: t('analytics.total'), row: data.totals };
  const breakdowns: {
    table: Exclude<AnalyticsTable, 'overTime' | 'refunds'>;
    rows: AnalyticsRow[];
    name: (row: AnalyticsRow) => string;
  }[] = [
    { table: 'kind', rows: data.byKind, name: (row) => t(`analytics.kinds.${row.key}`) },
    { table: 'country', rows: data.byCountry, name: (row) => country(row.key ?? '') },
    { table: 'package', rows: data.byPackage, name: (row) => row.label ?? '' },
    {
      table: 'paymentMethod',
      rows: data.byPaymentMethod,
      name: (row) => t(`analytics.paymentMethods.${row.key}`),
    },
  ];
  // A breakdown's row is its kind, country, package or payment method: the list's filter of the same name.
  const rowRows =
    (table: (typeof breakdowns)[number]['table']) => (row: AnalyticsRow, previous: boolean, total: boolean) =>
      total
        ? sales(previous)
        : row.isOther || row.key === null
          ? null
          : sales(previous, { [table]: row.key });
  const rowName = (b: (typeof breakdowns)[number]) => (row: AnalyticsRow) =>
    row.isOther ? t('analytics.other') : row.key === null ? t('analytics.none') : b.name(row);
  const overTimeTitle = t('analytics.charts.overTime');
  const refundsTitle = t('analytics.charts.refunds');
  return (
    <Stack gap="xl" data-testid="analytics-charts">
      <ReportPeriodNote range={data.range} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {metrics.map((m) => (
          <ReportTile
            key={m}
            label={t(`analytics.figures.${m}`)}
            value={formatOf(m)(metricValue[m](data.totals.current))}
            previous={formatOf(m)(metricValue[m](data.totals.previous))}
            change={{
              current: metricValue[m](data.totals.current),
              previous: metricValue[m](data.totals.previous),
            }}
            href={hasRows(m) ? sales(false) : null}
            testId={`analytics-total-${m}`}
          />
        ))}
        <ReportTile
          label={t('analytics.refunds.amountRate')}
          value={percent(data.refunds.current.amountRate ?? Number.NaN)}
          previous={percent(data.refunds.previous.amountRate ?? Number.NaN)}
          testId="analytics-total-refundRate"
        />
      </SimpleGrid>

      <ReportSection>
        <SegmentedControl
          mb="sm"
          aria-label={t('analytics.metric')}
          value={metric}
          onChange={(value) => setMetric(value as Metric)}
          data={metrics.map((m) => ({ value: m, label: t(`analytics.figures.${m}`) }))}
        />
        <Chart<AnalyticsPoint>
          title={overTimeTitle}
          kind="line"
          rows={data.overTime}
          category={{
            label: t(`analytics.buckets.${data.range.bucket}`),
            value: (p) => date(p.start),
          }}
          series={figureSeries(label, formatOf, [metric], pointRows)}
          format={formatOf(metric)}
          total={{ ...total, row: { ...data.totals, start: '', previousStart: '' } }}
          actions={download('overTime', overTimeTitle)}
          data-testid="analytics-chart-overTime"
        />
      </ReportSection>

      {breakdowns.map((b) => {
        const title = t(`analytics.charts.${b.table}`);
        return (
          <ReportSection key={b.table}>
            <Chart<AnalyticsRow>
              title={title}
              kind="bar"
              rows={b.rows}
              category={{ label: t(`analytics.columns.${b.table}`), value: rowName(b) }}
              rowKey={(row) => (row.isOther ? '~other' : String(row.key))}
              series={figureSeries(label, formatOf, ['revenue'], rowRows(b.table))}
              format={money}
              total={{ ...total, row: { ...data.totals, key: null, label: null, isOther: false } }}
              actions={download(b.table, title)}
              data-testid={`analytics-chart-${b.table}`}
            />
          </ReportSection>
        );
      })}

      <ReportSection>
        <Chart<{ name: string; current: number; previous: number }>
          title={refundsTitle}
          kind="bar"
          rows={(['amountRate', 'orderRate'] as const).map((rate) => ({
            name: t(`analytics.refunds.${rate}`),
            current: data.refunds.current[rate] ?? Number.NaN,
            previous: data.refunds.previous[rate] ?? Number.NaN,
          }))}
          category={{ label: t('analytics.refunds.rate'), value: (r) => r.name }}
          series={[
            { label: t('analytics.current'), value: (r) => r.current, color: currentColor },
            { label: t('analytics.previous'), value: (r) => r.previous, color: previousColor, dashed: true },
          ]}
          format={percent}
          actions={download('refunds', refundsTitle)}
          data-testid="analytics-chart-refunds"
        />
        <Text size="sm" mt="sm" data-testid="analytics-refunded">
          {t('analytics.refunds.refunded', {
            amount: money(data.refunds.current.refundedCents),
            orders: count(data.refunds.current.refundedOrders),
            previousAmount: money(data.refunds.previous.refundedCents),
            previousOrders: count(data.refunds.previous.refundedOrders),
          })}
        </Text>
      </ReportSection>
    </Stack>
  );
};
