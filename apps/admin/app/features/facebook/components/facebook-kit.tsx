import type { ChartSeries } from '@esim/ui/chart/chart';
import { formatDate, formatDateTime, formatNumber, formatPrice } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReportCsvButton } from '../../../components/report/report-screen';
import { downloadFacebookCsv, type FacebookScreen } from '../api/facebook-ads';

/**
 * The Facebook screens' own parts on the report kit (ADR 0076): a figure Meta did not report is a dash, the CSV
 * of each screen's table and when Meta's figures were synced. The range, its picker and the tiles are the kit's.
 */

export const currentColor = 'var(--mantine-color-accent-7)';
export const previousColor = 'var(--mantine-color-gray-6)';
export const metaColor = 'var(--mantine-color-blue-7)';

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
}) => (
  <ReportCsvButton
    title={title}
    onClick={() => void downloadFacebookCsv(screen, query)}
    testId={`facebook-csv-${screen}`}
  />
);

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
