import { type Locale, localeTags } from '@esim/contracts/locales';
import {
  maxReportDays,
  type ShopReport,
  type ShopReportExportQuery,
  type ShopReportPage,
  type ShopReportQuery,
  type ShopReportsExportQuery,
  type ShopReportsPage,
  type ShopReportsQuery,
  type ShopReportTotals,
  shopReportFigures,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import { AppError } from '../../lib/app-error';
import { type CsvColumn, csvStream } from '../../lib/csv';
import { toPaged } from '../../lib/list-query';
import { listLedgerEntries } from '../credits/credits.repository';
import { exportStatement, renderStatement, toLedgerEntry } from '../credits/credits.service';
import { getGeneralOptions } from '../settings/settings.repository';
import {
  getShopReport,
  listShopReports as listShopReportRows,
  type ReportPeriod,
  streamShopReports,
  sumShopReports,
} from './finance.repository';
import { renderShopReportsPdf, type ShopReportsPdfLabels, shopReportsPdfLabelKeys } from './shop-reports-pdf';

/**
 * Shop finance reports (issue 31, ADR 0046): every figure is a sum over the credit ledger in SQL (finance.repository),
 * so the list, its totals, the CSV, the PDF and a shop's own report agree with the ledger to the cent.
 */

const dayMs = 86_400_000;

/**
 * The period of whole UTC days `periodFrom`..`periodTo` (both included) as `[from, to)`. An end before the start
 * or a period over two years is refused with a sentence that says so (ADR 0046).
 */
export const reportPeriodOf = (query: { periodFrom: string; periodTo: string }): ReportPeriod => {
  const from = new Date(`${query.periodFrom}T00:00:00.000Z`);
  const to = new Date(new Date(`${query.periodTo}T00:00:00.000Z`).getTime() + dayMs);
  const days = (to.getTime() - from.getTime()) / dayMs;
  if (days < 1)
    throw new AppError(
      'VALIDATION_FAILED',
      { periodTo: ['finance.errors.periodEndBeforeStart'] },
      undefined,
      undefined,
      'finance.errors.periodEndBeforeStart',
    );
  if (days > maxReportDays)
    throw new AppError(
      'VALIDATION_FAILED',
      { periodTo: ['finance.errors.periodTooLong'] },
      undefined,
      { days: maxReportDays },
      'finance.errors.periodTooLong',
    );
  return { from, to };
};

const unknownShop = () =>
  new AppError('NOT_FOUND', undefined, undefined, undefined, 'finance.errors.unknownShop');

export const listShopReports = async (
  deps: { db: Db },
  query: ShopReportsQuery,
): Promise<ShopReportsPage> => {
  const period = reportPeriodOf(query);
  const [{ rows, total }, totals] = await Promise.all([
    listShopReportRows(deps.db, query, period, query),
    sumShopReports(deps.db, query, period),
  ]);
  return {
    ...toPaged(query, total, rows),
    periodFrom: query.periodFrom,
    periodTo: query.periodTo,
    totals,
  };
};

/** A CSV line is a shop or, last, the totals (no shop id, `TOTAL` as its name). */
type CsvLine = ShopReportTotals & { shopId: string; shopName: string; sellShopPrice: number | null };
const csvColumns: CsvColumn<CsvLine>[] = [
  { header: 'shopId', value: (r) => r.shopId },
  { header: 'shopName', value: (r) => r.shopName },
  { header: 'sellShopPrice', value: (r) => r.sellShopPrice },
  ...shopReportFigures.map((figure) => ({ header: figure, value: (line: CsvLine) => line[figure] })),
];

/** Every shop the list's filters select, in its order, then the totals row: what the screen shows, unpaged. */
export const exportShopReports = (deps: { db: Db }, query: ShopReportsExportQuery) => {
  const period = reportPeriodOf(query);
  return csvStream(
    csvColumns,
    (async function* () {
      for await (const batch of streamShopReports(deps.db, query, period)) yield batch;
      const totals = await sumShopReports(deps.db, query, period);
      yield [{ ...totals, shopId: '', shopName: 'TOTAL', sellShopPrice: null }];
    })(),
  );
};

/** The same rows and totals as an A4 PDF in the staff member's language. */
export const renderShopReports = async (
  deps: { db: Db; i18n: ServerI18n },
  query: ShopReportsExportQuery,
  locale: Locale,
) => {
  const period = reportPeriodOf(query);
  const shops: ShopReport[] = [];
  for await (const batch of streamShopReports(deps.db, query, period)) shops.push(...batch);
  const totals = await sumShopReports(deps.db, query, period);
  const t = deps.i18n.fixedT(locale, 'admin');
  const labels = Object.fromEntries(
    shopReportsPdfLabelKeys.map((key) => [key, t(`finance.pdf.${key}`)]),
  ) as ShopReportsPdfLabels;
  const options = await getGeneralOptions(deps.db);
  const pdf = await renderShopReportsPdf({
    locale,
    labels,
    seller: options.seller,
    from: query.periodFrom,
    to: query.periodTo,
    generatedAt: new Date(),
    shops,
    totals,
  });
  return { pdf, fileName: `${t('finance.pdf.fileName')}-${query.periodFrom}-${query.periodTo}.pdf` };
};

/** One shop's figures and a page of its ledger lines in the period; unknown shop: 404 in words. */
export const getShopReportPage = async (
  deps: { db: Db },
  shopId: string,
  query: ShopReportQuery,
): Promise<ShopReportPage> => {
  const period = reportPeriodOf(query);
  const report = await getShopReport(deps.db, shopId, period);
  if (!report) throw unknownShop();
  const { rows, total } = await listLedgerEntries(deps.db, { shopId, ...period }, query);
  return {
    ...toPaged(
      query,
      total,
      rows.map((r) => toLedgerEntry(r.entry, r.orderNumber)),
    ),
    periodFrom: query.periodFrom,
    periodTo: query.periodTo,
    report,
  };
};

/** Checks the shop and the period before a download starts, so a refusal is an answer and not a broken file. */
const checkedShopPeriod = async (deps: { db: Db }, shopId: string, query: ShopReportExportQuery) => {
  const report = await getShopReport(deps.db, shopId, reportPeriodOf(query));
  if (!report) throw unknownShop();
  return { period: { from: query.periodFrom, to: query.periodTo }, report };
};

/** The shop's ledger lines of the period as CSV: the shop statement's columns (credits module). */
export const exportShopLedger = async (deps: { db: Db }, shopId: string, query: ShopReportExportQuery) =>
  exportStatement(deps, shopId, (await checkedShopPeriod(deps, shopId, query)).period);

/**
 * The shop's ledger of the period as a PDF in the staff member's language: the shop statement (opening, every
 * line with its running balance, totals per kind, closing), the document the shop itself downloads, with the
 * report's own figures under the period (subscribers served, revenue at the shop's price).
 */
export const renderShopLedger = async (
  deps: { db: Db; i18n: ServerI18n; config: { uploadDir: string } },
  shopId: string,
  query: ShopReportExportQuery,
  locale: Locale,
) => {
  const { period, report } = await checkedShopPeriod(deps, shopId, query);
  const t = deps.i18n.fixedT(locale, 'admin');
  const money = new Intl.NumberFormat(localeTags[locale], { style: 'currency', currency: 'EUR' });
  return renderStatement(deps, shopId, period, locale, [
    { label: t('finance.pdf.subscribers'), value: String(report.subscribersServed) },
    { label: t('finance.pdf.revenue'), value: money.format(report.revenueCents / 100) },
  ]);
};
