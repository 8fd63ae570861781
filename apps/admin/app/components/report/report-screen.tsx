import { localeTags } from '@esim/contracts/locales';
import { analyticsRangeProblem } from '@esim/contracts/staff';
import { type DateRange, isoDate } from '@esim/ui/date-range/date-range';
import { DateRangePicker } from '@esim/ui/date-range/date-range-picker';
import { formatDate, formatNumber } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type Access, findStaffScreen, getGuardRole, isAllowed } from '../../lib/access';
import { useSession } from '../../lib/session';
import { PageTitle } from '../page-title';
import { changeRate, readReportRange, reportPresets, withReportRange } from './report-range';

/**
 * The staff kit's report screen (ADR 0076): a title, the range in the address (`?from&to`, the last 30 days by
 * default, the orders analytics' rules and words), what the figures count, and the screen's figures once the
 * range is valid. The parts below (tiles, sections, the CSV button) are what every report is made of.
 */

/** The range of the address and the rule it breaks, if any; a new range keeps the other parameters. */
export const useReportRange = () => {
  const [params, setParams] = useSearchParams();
  const today = isoDate(new Date());
  const range = readReportRange(params, today);
  return {
    range,
    today,
    params,
    problem: analyticsRangeProblem(range.from, range.to),
    setRange: (next: DateRange) => setParams(withReportRange(params, next), { replace: true }),
  };
};
export type ReportRange = ReturnType<typeof useReportRange>;

/** The two dates and the quick ranges; the rule's message under the end date. */
export const ReportRangePicker = ({ range, testId }: { range: ReportRange; testId: string }) => {
  const { t } = useTranslation('admin');
  return (
    <DateRangePicker
      value={range.range}
      onChange={range.setRange}
      labels={{ from: t('report.from'), to: t('report.to') }}
      presets={reportPresets.map(({ days, key }) => ({ days, label: t(`report.presets.${key}`) }))}
      today={range.today}
      error={range.problem ? t(range.problem) : null}
      data-testid={testId}
    />
  );
};

export const ReportScreen = ({
  title,
  rules,
  range: given,
  rangeTestId,
  actions,
  children,
}: {
  title: string;
  /** What the figures count, under the range. */
  rules: string;
  /** The screen's own range when it needs it outside `children` (a title from the answer). */
  range?: ReportRange;
  /** The range picker's test id (`<id>-from`, `<id>-to` for its fields). */
  rangeTestId: string;
  /** Shown under the rules while the range is valid (an action on the range). */
  actions?: ReactNode;
  children: (range: DateRange) => ReactNode;
}) => {
  const own = useReportRange();
  const range = given ?? own;
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <ReportRangePicker range={range} testId={rangeTestId} />
      <Text size="sm" c="gray.7">
        {rules}
      </Text>
      {range.problem ? null : actions}
      {range.problem ? null : children(range.range)}
    </Stack>
  );
};

/** "Compared with …" (the previous period), with what the screen adds (when its figures were refreshed). */
export const ReportPeriodNote = ({
  range,
  children,
}: {
  range: { previousFrom: string; previousTo: string };
  children?: ReactNode;
}) => {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <Text>
      {t('report.comparedWith', {
        from: formatDate(range.previousFrom, locale),
        to: formatDate(range.previousTo, locale),
      })}
      {children}
    </Text>
  );
};

/** A card around a chart and its table (or any other part of a report). */
export const ReportSection = ({ children }: { children: ReactNode }) => (
  <Paper withBorder radius="md" p="md">
    {children}
  </Paper>
);

/** A table's CSV download, named with the table's title for screen readers. */
export const ReportCsvButton = ({
  title,
  onClick,
  testId,
}: {
  title: string;
  onClick: () => void;
  testId: string;
}) => {
  const { t } = useTranslation('admin');
  return (
    <Button
      variant="default"
      size="xs"
      aria-label={`${t('report.downloadCsv')}: ${title}`}
      onClick={onClick}
      data-testid={testId}
    >
      {t('report.downloadCsv')}
    </Button>
  );
};

/** Numbers in the viewer's words: counts, rates in percent (a dash when there is no rate) and country names. */
export const useReportFormats = () => {
  const locale = useLocale();
  const count = (n: number) => formatNumber(n, locale);
  const percent = (rate: number | null) =>
    rate === null || Number.isNaN(rate) ? '–' : `${formatNumber(Math.round(rate * 10_000) / 100, locale)} %`;
  const signedPercent = (rate: number) => `${rate > 0 ? '+' : ''}${percent(rate)}`;
  const country = (code: string) => {
    try {
      return new Intl.DisplayNames([localeTags[locale]], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  return { locale, count, percent, signedPercent, country, date: (iso: string) => formatDate(iso, locale) };
};

/**
 * The rows behind a figure open only for a viewer whose role may open their list (SPEC section 6: all orders are
 * admin only); for others the figure stays text. Returns the address, or null.
 */
export const useRowsLink = () => {
  const { user } = useSession();
  const role = getGuardRole(user);
  return (href: string | null | undefined) => {
    if (!href) return null;
    const access = accessOf(href.split('?')[0] ?? '');
    return access && isAllowed(access, role) ? href : null;
  };
};

// A report links a few lists from hundreds of cells: each list's access is looked up once, not per cell.
const listAccess = new Map<string, Access | undefined>();
const accessOf = (pathname: string) => {
  if (!listAccess.has(pathname)) listAccess.set(pathname, findStaffScreen(pathname)?.access);
  return listAccess.get(pathname);
};

/** A figure: a link to its rows when it has them, else text. */
export const FigureLink = ({
  href,
  children,
  testId,
}: {
  href: string | null | undefined;
  children: string;
  testId?: string;
}) =>
  href ? (
    <Anchor component={Link} to={href} c="accent.7" inherit data-testid={testId}>
      {children}
    </Anchor>
  ) : (
    <span data-testid={testId}>{children}</span>
  );

/**
 * One figure of the period: its value (a link to its rows when given), the previous period's under it and the
 * change between the two when both are numbers and the previous one is not 0.
 */
export const ReportTile = ({
  label,
  value,
  previous,
  change,
  href,
  testId,
  children,
}: {
  label: string;
  value: string;
  previous?: string;
  /** The raw figures of both periods, for the change. */
  change?: { current: number | null; previous: number | null };
  href?: string | null;
  testId: string;
  children?: ReactNode;
}) => {
  const { t } = useTranslation('admin');
  const formats = useReportFormats();
  const rate = change ? changeRate(change.current, change.previous) : null;
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        <FigureLink href={href} testId={`${testId}-value`}>
          {value}
        </FigureLink>
      </Text>
      {previous === undefined ? null : (
        <Text size="sm" c="gray.7">
          {t('report.previousValue', { value: previous })}
        </Text>
      )}
      {rate === null ? null : (
        <Text size="sm" c="gray.7" data-testid={`${testId}-change`}>
          {t('report.change', { value: formats.signedPercent(rate) })}
        </Text>
      )}
      {children}
    </Paper>
  );
};
