/**
 * The report screens' rules apart from React (ADR 0076): the range in the address, the period before it and the
 * change between the two, and the address of the rows behind a figure.
 */
import { type DateRange, isIsoDate, lastDays, shiftDate } from '@esim/ui/date-range/date-range';

/** The quick ranges every report offers, ending today. */
export const reportPresets = [
  { days: 7, key: 'd7' },
  { days: 30, key: 'd30' },
  { days: 90, key: 'd90' },
  { days: 365, key: 'd365' },
] as const;

/** The days a report shows when the address names none (or a part that is not a calendar day). */
export const defaultReportDays = 30;

/** `?from&to` of the address, each part a real ISO date or the last 30 days' part. */
export const readReportRange = (params: URLSearchParams, today: string): DateRange => {
  const fallback = lastDays(defaultReportDays, today);
  const read = (name: keyof DateRange) => {
    const value = params.get(name) ?? '';
    return isIsoDate(value) ? value : fallback[name];
  };
  return { from: read('from'), to: read('to') };
};

/** The address's parameters with a new range; the other filters are kept and a page number dropped. */
export const withReportRange = (params: URLSearchParams, range: DateRange) => {
  const next = new URLSearchParams(params);
  next.set('from', range.from);
  next.set('to', range.to);
  next.delete('page');
  return next;
};

const dayMs = 86_400_000;

/** The period of the same length just before the range (the server's `previousFrom`/`previousTo`). */
export const previousPeriod = ({ from, to }: DateRange): DateRange => {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
  return { from: shiftDate(from, -days), to: shiftDate(from, -1) };
};

/**
 * The change against the previous period as a fraction (0.5 is +50 %), four decimals; null when the previous
 * figure was 0 (no base to compare with) or either is missing.
 */
export const changeRate = (current: number | null, previous: number | null): number | null => {
  if (current === null || previous === null || Number.isNaN(current) || Number.isNaN(previous)) return null;
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 10_000) / 10_000;
};

/** A list's address with the figure's filters; empty and undefined values are left out. */
export const rowsHref = (path: string, filters: Record<string, string | undefined | null>) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
};

/** The range of a figure: the report's own period or the one before it. */
type Period = { from: string; to: string };

/**
 * All orders (`/orders/all`) narrowed to the sales a report counts (ADR 0049): paid within the period, with the
 * figure's own filters (country, kind, payment method, package, source, campaign, landing page).
 */
export const salesOrdersHref = (
  period: Period,
  filters: {
    country?: string | null;
    kind?: string | null;
    paymentMethod?: string | null;
    package?: string | null;
    source?: string | null;
    sourceCampaign?: string | null;
    landingPage?: string | null;
    /** An order number, a buyer's whole e-mail address or an ICCID (the list's search). */
    q?: string | null;
  } = {},
) => rowsHref('/orders/all', { sales: 'yes', paidAtFrom: period.from, paidAtTo: period.to, ...filters });

/**
 * All users (`/clients/all-users`: customers not deleted) of a country registered within the period, or up to
 * its last day (`upTo`).
 */
export const registeredClientsHref = (period: Period, country: string | null, upTo = false) =>
  rowsHref('/clients/all-users', {
    country,
    createdAtFrom: upTo ? null : period.from,
    createdAtTo: period.to,
  });

/** The days of each bucket of a chart over time: from its start to the day before the next one's, the last to `end`. */
export const bucketPeriods = (starts: readonly string[], end: string): Period[] =>
  starts.map((from, i) => ({ from, to: i + 1 < starts.length ? shiftDate(starts[i + 1] ?? end, -1) : end }));
