import { analyticsRangeProblem, type StatisticsQuery } from '@esim/contracts/staff';
import { type DateRange, isIsoDate, isoDate, lastDays } from '@esim/ui/date-range/date-range';
import { DateRangePicker } from '@esim/ui/date-range/date-range-picker';
import { formatDate, formatDateTime } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { Button, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { downloadStatisticsTable } from '../api/statistics-api';

const presets = [
  { days: 7, key: 'd7' },
  { days: 30, key: 'd30' },
  { days: 90, key: 'd90' },
  { days: 365, key: 'd365' },
] as const;

const rangeFrom = (params: URLSearchParams, today: string): DateRange => {
  const fallback = lastDays(30, today);
  const read = (name: keyof DateRange) => {
    const value = params.get(name) ?? '';
    return isIsoDate(value) ? value : fallback[name];
  };
  return { from: read('from'), to: read('to') };
};

/**
 * Every statistics screen's frame: its title, the range in the URL (`?from&to`, the last 30 days by default)
 * with the same rules and words as the orders analytics, what the figures count, and the screen's charts once
 * the range is valid.
 */
export const StatisticsFrame = ({
  title,
  rules,
  children,
}: {
  title: string;
  rules: string;
  children: (range: StatisticsQuery) => ReactNode;
}) => {
  const { t } = useTranslation(['admin-statistics', 'admin']);
  const [params, setParams] = useSearchParams();
  const today = isoDate(new Date());
  const range = rangeFrom(params, today);
  const problem = analyticsRangeProblem(range.from, range.to);
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <DateRangePicker
        value={range}
        onChange={(next) => setParams(next, { replace: true })}
        labels={{ from: t('statistics.from'), to: t('statistics.to') }}
        presets={presets.map(({ days, key }) => ({ days, label: t(`statistics.presets.${key}`) }))}
        today={today}
        error={problem ? t(`admin:${problem}`) : null}
        data-testid="statistics-range"
      />
      <Text size="sm" c="gray.7">
        {rules}
      </Text>
      {problem ? null : children(range)}
    </Stack>
  );
};

/** "Compared with …" and when the roll-up last ran. */
export const PeriodNote = ({
  range,
  refreshedAt,
}: {
  range: { previousFrom: string; previousTo: string };
  refreshedAt?: string | null;
}) => {
  const { t } = useTranslation('admin-statistics');
  const locale = useLocale();
  return (
    <Text>
      {t('statistics.comparedWith', {
        from: formatDate(range.previousFrom, locale),
        to: formatDate(range.previousTo, locale),
      })}
      {refreshedAt === undefined
        ? null
        : ` ${refreshedAt ? t('statistics.refreshedAt', { at: formatDateTime(refreshedAt, locale) }) : t('statistics.neverRefreshed')}`}
    </Text>
  );
};

/** A card around one chart and its table. */
export const ChartCard = ({ children }: { children: ReactNode }) => (
  <Paper withBorder radius="md" p="md">
    {children}
  </Paper>
);

/** The CSV button of one table; named with the table's title for screen readers. */
export const CsvButton = ({
  csvPath,
  query,
  table,
  title,
}: {
  csvPath: string;
  query: StatisticsQuery;
  table: string;
  title: string;
}) => {
  const { t } = useTranslation('admin-statistics');
  return (
    <Button
      variant="default"
      size="xs"
      aria-label={`${t('statistics.downloadCsv')}: ${title}`}
      onClick={() => void downloadStatisticsTable(csvPath, query, table)}
      data-testid={`statistics-csv-${table}`}
    >
      {t('statistics.downloadCsv')}
    </Button>
  );
};
