import type { TrafficFigures, TrafficPoint, TrafficRow } from '@esim/contracts/staff';
import { Chart, type ChartSeries } from '@esim/ui/chart/chart';
import { formatDate, formatNumber, formatPrice } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { Paper, SegmentedControl, SimpleGrid, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const trafficMetrics = ['visits', 'sessions', 'orders', 'revenue', 'conversion'] as const;
export type TrafficMetric = (typeof trafficMetrics)[number];

const value: Record<TrafficMetric, (f: TrafficFigures) => number> = {
  visits: (f) => f.visits,
  sessions: (f) => f.sessions,
  orders: (f) => f.orders,
  revenue: (f) => f.revenueCents,
  conversion: (f) => f.conversionRate ?? Number.NaN,
};

const currentColor = 'var(--mantine-color-accent-7)';
const previousColor = 'var(--mantine-color-gray-6)';

/** The screens' number formats: money in euros, rates in percent (– without sessions), counts as numbers. */
export const useTrafficFormats = () => {
  const { t } = useTranslation('admin-statistics');
  const locale = useLocale();
  const count = (n: number) => formatNumber(n, locale);
  const percent = (rate: number) =>
    Number.isNaN(rate) ? '–' : `${formatNumber(Math.round(rate * 10_000) / 100, locale)} %`;
  const formatOf = (m: TrafficMetric) =>
    m === 'revenue' ? (cents: number) => formatPrice(cents, locale) : m === 'conversion' ? percent : count;
  const label = (m: TrafficMetric, previous: boolean) =>
    previous
      ? t('statistics.previousOf', { figure: t(`statistics.figures.${m}`) })
      : t(`statistics.figures.${m}`);
  return { locale, count, percent, formatOf, label };
};

type Figures = { current: TrafficFigures; previous: TrafficFigures };

/** Every metric in this period and the previous one as table columns; `drawn` are on the chart too. */
const seriesOf = <Row extends Figures>(
  formats: ReturnType<typeof useTrafficFormats>,
  drawn: TrafficMetric,
): ChartSeries<Row>[] =>
  trafficMetrics.flatMap((metric) =>
    (['current', 'previous'] as const).map((period) => ({
      label: formats.label(metric, period === 'previous'),
      value: (row: Row) => value[metric](row[period]),
      color: period === 'current' ? currentColor : previousColor,
      dashed: period === 'previous',
      format: formats.formatOf(metric),
      tableOnly: metric !== drawn,
    })),
  );

/** The period's totals as tiles, each with the previous period's figure under it. */
export const TrafficTiles = ({ totals }: { totals: Figures }) => {
  const { t } = useTranslation('admin-statistics');
  const formats = useTrafficFormats();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }}>
      {trafficMetrics.map((m) => (
        <Paper key={m} withBorder radius="md" p="md" data-testid={`statistics-total-${m}`}>
          <Text size="sm" c="gray.7">
            {t(`statistics.figures.${m}`)}
          </Text>
          <Text size="xl" fw={700}>
            {formats.formatOf(m)(value[m](totals.current))}
          </Text>
          <Text size="sm" c="gray.7">
            {t('statistics.previousValue', { value: formats.formatOf(m)(value[m](totals.previous)) })}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
};

/** The chosen metric over time (the table under it has them all). */
export const TrafficOverTime = ({
  points,
  bucket,
  totals,
  actions,
}: {
  points: TrafficPoint[];
  bucket: 'day' | 'week' | 'month';
  totals: Figures;
  actions: ReactNode;
}) => {
  const { t } = useTranslation('admin-statistics');
  const formats = useTrafficFormats();
  const [metric, setMetric] = useState<TrafficMetric>('visits');
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
          value: (p) => formatDate(p.start, formats.locale),
        }}
        series={seriesOf(formats, metric)}
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
  metric = 'sessions',
  actions,
  testId,
}: {
  title: string;
  column: string;
  rows: TrafficRow[];
  name: (row: TrafficRow) => string;
  totals: Figures;
  metric?: TrafficMetric;
  actions: ReactNode;
  testId: string;
}) => {
  const { t } = useTranslation('admin-statistics');
  const formats = useTrafficFormats();
  const rowName = (row: TrafficRow) =>
    row.isOther ? t('statistics.other') : row.key === null ? t('statistics.none') : name(row);
  return (
    <Chart<TrafficRow>
      title={title}
      kind="bar"
      rows={rows}
      category={{ label: column, value: rowName }}
      rowKey={(row) => (row.isOther ? '~other' : String(row.key))}
      series={seriesOf(formats, metric)}
      format={formats.formatOf(metric)}
      total={{ label: t('statistics.total'), row: { ...totals, key: null, isOther: false } }}
      actions={actions}
      data-testid={testId}
    />
  );
};
