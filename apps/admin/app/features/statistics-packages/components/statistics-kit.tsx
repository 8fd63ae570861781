import type { AnalyticsFigures, AnalyticsPeriods } from '@esim/contracts/staff';
import type { ChartSeries } from '@esim/ui/chart/chart';
import { formatPrice } from '@esim/ui/format';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { salesOrdersHref } from '../../../components/report/report-range';
import {
  ReportPeriodNote,
  ReportTile,
  useReportFormats,
  useRowsLink,
} from '../../../components/report/report-screen';

/** The package statistics' figures (ADR 0072): their words, series and tiles on the report kit (ADR 0076). */

export const metrics = ['revenue', 'orders', 'averageOrder'] as const;
export type Metric = (typeof metrics)[number];
export const metricValue: Record<Metric, (f: AnalyticsFigures) => number> = {
  revenue: (f) => f.revenueCents,
  orders: (f) => f.orders,
  averageOrder: (f) => f.averageOrderCents,
};
export type Figures = { current: AnalyticsFigures; previous: AnalyticsFigures };
/** Revenue and orders are sums and counts of orders, each a link to them; an average is not. */
export const hasRows = (metric: Metric) => metric !== 'averageOrder';

const currentColor = 'var(--mantine-color-accent-7)';
const previousColor = 'var(--mantine-color-gray-6)';

export const useFormats = () => {
  const { t } = useTranslation('admin-statistics-packages');
  const formats = useReportFormats();
  const money = (cents: number) => formatPrice(cents, formats.locale);
  const formatOf = (m: Metric) => (m === 'orders' ? formats.count : money);
  const label = (m: Metric, previous: boolean) =>
    previous ? t('previousOf', { figure: t(`figures.${m}`) }) : t(`figures.${m}`);
  const country = (code: string | null) => (code === null ? t('notRecorded') : formats.country(code));
  return { ...formats, money, formatOf, label, country };
};

/** The orders behind a row's figures in either period (null: none to open); see `salesOrdersHref`. */
export type RowsOf<Row> = (row: Row, previous: boolean, total: boolean) => string | null;

/** Each metric in this period and the previous one as table columns; `drawn` are on the chart too. */
export const figureSeries = <Row extends Figures>(
  formats: ReturnType<typeof useFormats>,
  drawn: readonly Metric[],
  rows?: RowsOf<Row>,
): ChartSeries<Row>[] =>
  metrics.flatMap((metric) =>
    (['current', 'previous'] as const).map((period) => ({
      label: formats.label(metric, period === 'previous'),
      value: (row: Row) => metricValue[metric](row[period]),
      color: period === 'current' ? currentColor : previousColor,
      dashed: period === 'previous',
      format: formats.formatOf(metric),
      tableOnly: !drawn.includes(metric),
      ...(rows && hasRows(metric)
        ? { href: (row: Row, total: boolean) => rows(row, period === 'previous', total) }
        : {}),
    })),
  );

/** The orders list of a figure in either period of the answer, if the viewer may open it. */
export const useSalesRows = (range: AnalyticsPeriods) => {
  const rowsLink = useRowsLink();
  return (previous: boolean, filters: Parameters<typeof salesOrdersHref>[1] = {}) =>
    rowsLink(
      salesOrdersHref(
        previous ? { from: range.previousFrom, to: range.previousTo } : { from: range.from, to: range.to },
        filters,
      ),
    );
};

/** The period's totals beside the previous period's, with the change; sums open their orders. */
export const Totals = ({
  totals,
  range,
  filters,
}: {
  totals: Figures;
  range: AnalyticsPeriods;
  filters?: Parameters<typeof salesOrdersHref>[1];
}) => {
  const { t } = useTranslation('admin-statistics-packages');
  const formats = useFormats();
  const salesRows = useSalesRows(range);
  return (
    <Stack gap="sm">
      <ReportPeriodNote range={range} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {metrics.map((m) => (
          <ReportTile
            key={m}
            label={t(`figures.${m}`)}
            value={formats.formatOf(m)(metricValue[m](totals.current))}
            previous={formats.formatOf(m)(metricValue[m](totals.previous))}
            change={{ current: metricValue[m](totals.current), previous: metricValue[m](totals.previous) }}
            href={hasRows(m) ? salesRows(false, filters) : null}
            testId={`statistics-total-${m}`}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
};
