import { analyticsRangeProblem } from '@esim/contracts/staff';
import type { ChartSeries } from '@esim/ui/chart/chart';
import { type DateRange, isIsoDate, isoDate, lastDays } from '@esim/ui/date-range/date-range';
import { DateRangePicker } from '@esim/ui/date-range/date-range-picker';
import { formatDate, formatDateTime, formatNumber, formatPrice } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { Button, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { downloadFacebookCsv, type FacebookScreen } from '../api/facebook-ads';

/** What the four Facebook screens share: the range in the URL, the words of a figure, tiles and the CSV button. */

export const currentColor = 'var(--mantine-color-accent-7)';
export const previousColor = 'var(--mantine-color-gray-6)';
export const metaColor = 'var(--mantine-color-blue-7)';
const presets = [
  { days: 7, key: 'd7' },
  { days: 30, key: 'd30' },
  { days: 90, key: 'd90' },
  { days: 365, key: 'd365' },
] as const;

/** The range of `?from&to` (the last 30 days by default) and whether it breaks the two-year rule. */
export const useFacebookRange = () => {
  const [params, setParams] = useSearchParams();
  const today = isoDate(new Date());
  const fallback = lastDays(30, today);
  const read = (name: keyof DateRange) => {
    const value = params.get(name) ?? '';
    return isIsoDate(value) ? value : fallback[name];
  };
  const range = { from: read('from'), to: read('to') };
  return {
    range,
    today,
    params,
    problem: analyticsRangeProblem(range.from, range.to),
    setRange: (next: DateRange) => {
      const kept = new URLSearchParams(params);
      kept.set('from', next.from);
      kept.set('to', next.to);
      setParams(kept, { replace: true });
    },
  };
};

export const FacebookRangePicker = ({ range }: { range: ReturnType<typeof useFacebookRange> }) => {
  const { t } = useTranslation(['admin-facebook', 'admin']);
  return (
    <DateRangePicker
      value={range.range}
      onChange={range.setRange}
      labels={{ from: t('facebook.from'), to: t('facebook.to') }}
      presets={presets.map(({ days, key }) => ({ days, label: t(`facebook.presets.${key}`) }))}
      today={range.today}
      error={range.problem ? t(`admin:${range.problem}`) : null}
      data-testid="facebook-range"
    />
  );
};

/** Figures in the viewer's words; a missing one (Meta did not report it) is a dash, never 0. */
export const useFigureFormats = () => {
  const locale = useLocale();
  const missing = (format: (v: number) => string) => (value: number | null) =>
    value === null || Number.isNaN(value) ? '–' : format(value);
  return {
    locale,
    money: missing((cents) => formatPrice(Math.round(cents), locale)),
    count: missing((value) => formatNumber(value, locale)),
    percent: missing((rate) => `${formatNumber(Math.round(rate * 10_000) / 100, locale)} %`),
    ratio: missing((value) => `${formatNumber(value, locale)}×`),
    date: (iso: string) => formatDate(iso, locale),
    dateTime: (iso: string) => formatDateTime(iso, locale),
  };
};

/** A chart value: missing as NaN (a gap in the drawing, a dash in the table). */
export const value = (v: number | null) => (v === null ? Number.NaN : v);

/** One column of a chart's table (and a line or bar when `drawn`). */
export const column = <Row,>(
  label: string,
  read: (row: Row) => number | null,
  format: (v: number) => string,
  options: { drawn?: boolean; color?: string; dashed?: boolean } = {},
): ChartSeries<Row> => ({
  label,
  value: (row) => value(read(row)),
  color: options.color ?? currentColor,
  dashed: options.dashed,
  format,
  tableOnly: !options.drawn,
});

export const CsvButton = ({
  screen,
  query,
  title,
}: {
  screen: FacebookScreen;
  query: { from: string; to: string; campaignId?: string };
  title: string;
}) => {
  const { t } = useTranslation('admin-facebook');
  return (
    <Button
      variant="default"
      size="xs"
      aria-label={`${t('facebook.downloadCsv')}: ${title}`}
      onClick={() => void downloadFacebookCsv(screen, query)}
      data-testid={`facebook-csv-${screen}`}
    >
      {t('facebook.downloadCsv')}
    </Button>
  );
};

export const Tile = ({
  label,
  value: shown,
  previous,
  testId,
  children,
}: {
  label: string;
  value: string;
  previous?: string;
  testId: string;
  children?: ReactNode;
}) => {
  const { t } = useTranslation('admin-facebook');
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`${testId}-value`}>
        {shown}
      </Text>
      {previous === undefined ? null : (
        <Text size="sm" c="gray.7">
          {t('facebook.previousValue', { value: previous })}
        </Text>
      )}
      {children}
    </Paper>
  );
};

/** When the figures were last synced from Meta, and what the screen compares with. */
export const SyncNote = ({
  syncedAt,
  previousFrom,
  previousTo,
}: {
  syncedAt: string | null;
  previousFrom?: string;
  previousTo?: string;
}) => {
  const { t } = useTranslation('admin-facebook');
  const f = useFigureFormats();
  return (
    <Text size="sm" c="gray.7" data-testid="facebook-sync-note">
      {syncedAt ? t('facebook.syncedAt', { at: f.dateTime(syncedAt) }) : t('facebook.neverSynced')}
      {previousFrom && previousTo
        ? ` ${t('facebook.comparedWith', { from: f.date(previousFrom), to: f.date(previousTo) })}`
        : null}
    </Text>
  );
};
