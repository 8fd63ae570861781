import { localeTags } from '@esim/contracts/locales';
import { type AnalyticsFigures, type AnalyticsPeriods, analyticsRangeProblem } from '@esim/contracts/staff';
import type { ChartSeries } from '@esim/ui/chart/chart';
import { type DateRange, isIsoDate, isoDate, lastDays } from '@esim/ui/date-range/date-range';
import { DateRangePicker } from '@esim/ui/date-range/date-range-picker';
import { formatDate, formatNumber, formatPrice } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** What the four package statistics screens share: the range in the address, the tiles, the series. */

export const metrics = ['revenue', 'orders', 'averageOrder'] as const;
export type Metric = (typeof metrics)[number];
export const metricValue: Record<Metric, (f: AnalyticsFigures) => number> = {
  revenue: (f) => f.revenueCents,
  orders: (f) => f.orders,
  averageOrder: (f) => f.averageOrderCents,
};
export type Figures = { current: AnalyticsFigures; previous: AnalyticsFigures };

const currentColor = 'var(--mantine-color-accent-7)';
const previousColor = 'var(--mantine-color-gray-6)';
const presets = [
  { days: 7, key: 'd7' },
  { days: 30, key: 'd30' },
  { days: 90, key: 'd90' },
  { days: 365, key: 'd365' },
] as const;

/** The range of the address (`?from&to`, the last 30 days by default) and the rule it breaks, if any. */
export const useStatisticsRange = () => {
  const [params, setParams] = useSearchParams();
  const today = isoDate(new Date());
  const fallback = lastDays(30, today);
  const read = (name: keyof DateRange) => {
    const value = params.get(name) ?? '';
    return isIsoDate(value) ? value : fallback[name];
  };
  const range: DateRange = { from: read('from'), to: read('to') };
  const setRange = (next: DateRange) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        merged.set('from', next.from);
        merged.set('to', next.to);
        merged.delete('page');
        return merged;
      },
      { replace: true },
    );
  return { range, today, setRange, problem: analyticsRangeProblem(range.from, range.to) };
};

/** The date picker, its rule's message and what the screens count. */
export const RangeBar = ({ state }: { state: ReturnType<typeof useStatisticsRange> }) => {
  const { t } = useTranslation(['admin-statistics-packages', 'admin']);
  return (
    <Stack gap="xs">
      <DateRangePicker
        value={state.range}
        onChange={state.setRange}
        labels={{ from: t('range.from'), to: t('range.to') }}
        presets={presets.map(({ days, key }) => ({ days, label: t(`range.presets.${key}`) }))}
        today={state.today}
        error={state.problem ? t(`admin:${state.problem}`) : null}
        data-testid="statistics-range"
      />
      <Text size="sm" c="gray.7">
        {t('rules')}
      </Text>
    </Stack>
  );
};

export const useFormats = () => {
  const { t } = useTranslation('admin-statistics-packages');
  const locale = useLocale();
  const money = (cents: number) => formatPrice(cents, locale);
  const count = (value: number) => formatNumber(value, locale);
  const formatOf = (m: Metric) => (m === 'orders' ? count : money);
  const label = (m: Metric, previous: boolean) =>
    previous ? t('previousOf', { figure: t(`figures.${m}`) }) : t(`figures.${m}`);
  const country = (code: string | null) => {
    if (code === null) return t('notRecorded');
    try {
      return new Intl.DisplayNames([localeTags[locale]], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  const date = (iso: string) => formatDate(iso, locale);
  return { locale, money, count, formatOf, label, country, date };
};

/** Each metric in this period and the previous one as table columns; `drawn` are on the chart too. */
export const figureSeries = <Row extends Figures>(
  formats: ReturnType<typeof useFormats>,
  drawn: readonly Metric[],
): ChartSeries<Row>[] =>
  metrics.flatMap((metric) =>
    (['current', 'previous'] as const).map((period) => ({
      label: formats.label(metric, period === 'previous'),
      value: (row: Row) => metricValue[metric](row[period]),
      color: period === 'current' ? currentColor : previousColor,
      dashed: period === 'previous',
      format: formats.formatOf(metric),
      tableOnly: !drawn.includes(metric),
    })),
  );

/** The period's totals beside the previous period's, and which dates that period covers. */
export const Totals = ({ totals, range }: { totals: Figures; range: AnalyticsPeriods }) => {
  const { t } = useTranslation('admin-statistics-packages');
  const formats = useFormats();
  return (
    <Stack gap="sm">
      <Text>
        {t('comparedWith', { from: formats.date(range.previousFrom), to: formats.date(range.previousTo) })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {metrics.map((m) => (
          <Paper key={m} withBorder radius="md" p="md" data-testid={`statistics-total-${m}`}>
            <Text size="sm" c="gray.7">
              {t(`figures.${m}`)}
            </Text>
            <Text size="xl" fw={700}>
              {formats.formatOf(m)(metricValue[m](totals.current))}
            </Text>
            <Text size="sm" c="gray.7">
              {t('previousValue', { value: formats.formatOf(m)(metricValue[m](totals.previous)) })}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
};

/** A table's CSV download button, named for its table. */
export const CsvButton = ({
  title,
  onClick,
  testId,
}: {
  title: string;
  onClick: () => void;
  testId: string;
}) => {
  const { t } = useTranslation('admin-statistics-packages');
  return (
    <Button
      variant="default"
      size="xs"
      aria-label={`${t('downloadCsv')}: ${title}`}
      onClick={onClick}
      data-testid={testId}
    >
      {t('downloadCsv')}
    </Button>
  );
};
