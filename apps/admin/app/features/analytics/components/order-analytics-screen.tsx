import { localeTags } from '@esim/contracts/locales';
import {
  type AnalyticsFigures,
  type AnalyticsPoint,
  type AnalyticsRow,
  type AnalyticsTable,
  analyticsRangeProblem,
  type OrderAnalytics,
} from '@esim/contracts/staff';
import { Chart, type ChartSeries } from '@esim/ui/chart/chart';
import { type DateRange, isIsoDate, isoDate, lastDays } from '@esim/ui/date-range/date-range';
import { DateRangePicker } from '@esim/ui/date-range/date-range-picker';
import { formatDate, formatNumber, formatPrice } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { Button, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { downloadAnalyticsTable, useOrderAnalytics } from '../api/get-order-analytics';

const metrics = ['revenue', 'orders', 'averageOrder'] as const;
type Metric = (typeof metrics)[number];
const metricValue: Record<Metric, (f: AnalyticsFigures) => number> = {
  revenue: (f) => f.revenueCents,
  orders: (f) => f.orders,
  averageOrder: (f) => f.averageOrderCents,
};
const currentColor = 'var(--mantine-color-accent-7)';
const previousColor = 'var(--mantine-color-gray-6)';
const presets = [
  { days: 7, key: 'd7' },
  { days: 30, key: 'd30' },
  { days: 90, key: 'd90' },
  { days: 365, key: 'd365' },
] as const;

type Figures = { current: AnalyticsFigures; previous: AnalyticsFigures };

/** The six columns every table has (each metric in this period and the previous one); `drawn` are on the chart. */
const figureSeries = <Row extends Figures>(
  label: (metric: Metric, previous: boolean) => string,
  format: (metric: Metric) => (value: number) => string,
  drawn: readonly Metric[],
): ChartSeries<Row>[] =>
  metrics.flatMap((metric) =>
    (['current', 'previous'] as const).map((period) => ({
      label: label(metric, period === 'previous'),
      value: (row: Row) => metricValue[metric](row[period]),
      color: period === 'current' ? currentColor : previousColor,
      dashed: period === 'previous',
      format: format(metric),
      tableOnly: !drawn.includes(metric),
    })),
  );

const rangeFrom = (params: URLSearchParams, today: string): DateRange => {
  const fallback = lastDays(30, today);
  const read = (name: keyof DateRange) => {
    const value = params.get(name) ?? '';
    return isIsoDate(value) ? value : fallback[name];
  };
  return { from: read('from'), to: read('to') };
};

/**
 * Orders analytics (ADR 0049): the range in the URL (`?from&to`, the last 30 days by default), the period's
 * figures beside the previous one, a chart over time and one per breakdown, each with its table and CSV.
 */
export const OrderAnalyticsScreen = () => {
  const { t } = useTranslation(['admin-analytics', 'admin']);
  const [params, setParams] = useSearchParams();
  const today = isoDate(new Date());
  const range = rangeFrom(params, today);
  const problem = analyticsRangeProblem(range.from, range.to);
  const answer = useOrderAnalytics(range, problem === null);
  return (
    <Stack gap="lg">
      <PageTitle>{t('admin:screens.ordersAnalytics')}</PageTitle>
      <DateRangePicker
        value={range}
        onChange={(next) => setParams(next, { replace: true })}
        labels={{ from: t('analytics.from'), to: t('analytics.to') }}
        presets={presets.map(({ days, key }) => ({ days, label: t(`analytics.presets.${key}`) }))}
        today={today}
        error={problem ? t(`admin:${problem}`) : null}
        data-testid="analytics-range"
      />
      <Text size="sm" c="gray.7">
        {t('analytics.rules')}
      </Text>
      {problem ? null : answer.isSuccess ? (
        <AnalyticsCharts data={answer.data} />
      ) : (
        <LoadState query={answer} />
      )}
    </Stack>
  );
};

const AnalyticsCharts = ({ data }: { data: OrderAnalytics }) => {
  const { t } = useTranslation(['admin-analytics', 'admin']);
  const locale = useLocale();
  const [metric, setMetric] = useState<Metric>('revenue');
  const money = (cents: number) => formatPrice(cents, locale);
  const count = (value: number) => formatNumber(value, locale);
  const formatOf = (m: Metric) => (m === 'orders' ? count : money);
  const label = (m: Metric, previous: boolean) =>
    previous
      ? t('analytics.previousOf', { figure: t(`analytics.figures.${m}`) })
      : t(`analytics.figures.${m}`);
  const query = { from: data.range.from, to: data.range.to };
  const download = (table: AnalyticsTable, title: string) => (
    <Button
      variant="default"
      size="xs"
      aria-label={`${t('analytics.downloadCsv')}: ${title}`}
      onClick={() => void downloadAnalyticsTable(query, table)}
      data-testid={`analytics-csv-${table}`}
    >
      {t('analytics.downloadCsv')}
    </Button>
  );
  const total = { label: t('analytics.total'), row: data.totals };
  const breakdowns: { table: AnalyticsTable; rows: AnalyticsRow[]; name: (row: AnalyticsRow) => string }[] = [
    { table: 'kind', rows: data.byKind, name: (row) => t(`analytics.kinds.${row.key}`) },
    { table: 'country', rows: data.byCountry, name: (row) => countryName(row.key ?? '', locale) },
    { table: 'package', rows: data.byPackage, name: (row) => row.label ?? '' },
    {
      table: 'paymentMethod',
      rows: data.byPaymentMethod,
      name: (row) => t(`analytics.paymentMethods.${row.key}`),
    },
  ];
  const rowName = (b: (typeof breakdowns)[number]) => (row: AnalyticsRow) =>
    row.isOther ? t('analytics.other') : row.key === null ? t('analytics.none') : b.name(row);
  const overTimeTitle = t('analytics.charts.overTime');
  const refundsTitle = t('analytics.charts.refunds');
  const percent = (rate: number) =>
    Number.isNaN(rate) ? '–' : `${formatNumber(Math.round(rate * 10_000) / 100, locale)} %`;
  return (
    <Stack gap="xl" data-testid="analytics-charts">
      <Text>
        {t('analytics.comparedWith', {
          from: formatDate(data.range.previousFrom, locale),
          to: formatDate(data.range.previousTo, locale),
        })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {metrics.map((m) => (
          <Tile
            key={m}
            label={t(`analytics.figures.${m}`)}
            value={formatOf(m)(metricValue[m](data.totals.current))}
            previous={formatOf(m)(metricValue[m](data.totals.previous))}
            testId={`analytics-total-${m}`}
          />
        ))}
        <Tile
          label={t('analytics.refunds.amountRate')}
          value={percent(data.refunds.current.amountRate ?? Number.NaN)}
          previous={percent(data.refunds.previous.amountRate ?? Number.NaN)}
          testId="analytics-total-refundRate"
        />
      </SimpleGrid>

      <Paper withBorder radius="md" p="md">
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
            value: (p) => formatDate(p.start, locale),
          }}
          series={figureSeries(label, formatOf, [metric])}
          format={formatOf(metric)}
          total={{ ...total, row: { ...data.totals, start: '', previousStart: '' } }}
          actions={download('overTime', overTimeTitle)}
          data-testid="analytics-chart-overTime"
        />
      </Paper>

      {breakdowns.map((b) => {
        const title = t(`analytics.charts.${b.table}`);
        return (
          <Paper key={b.table} withBorder radius="md" p="md">
            <Chart<AnalyticsRow>
              title={title}
              kind="bar"
              rows={b.rows}
              category={{ label: t(`analytics.columns.${b.table}`), value: rowName(b) }}
              rowKey={(row) => (row.isOther ? '~other' : String(row.key))}
              series={figureSeries(label, formatOf, ['revenue'])}
              format={money}
              total={{ ...total, row: { ...data.totals, key: null, label: null, isOther: false } }}
              actions={download(b.table, title)}
              data-testid={`analytics-chart-${b.table}`}
            />
          </Paper>
        );
      })}

      <Paper withBorder radius="md" p="md">
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
      </Paper>
    </Stack>
  );
};

const Tile = ({
  label,
  value,
  previous,
  testId,
}: {
  label: string;
  value: string;
  previous: string;
  testId: string;
}) => {
  const { t } = useTranslation('admin-analytics');
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      <Text size="sm" c="gray.7">
        {t('analytics.previousValue', { value: previous })}
      </Text>
    </Paper>
  );
};

const countryName = (code: string, locale: Parameters<typeof formatDate>[1]) => {
  try {
    return new Intl.DisplayNames([localeTags[locale]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};
