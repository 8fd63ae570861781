/** The finance lists, defined once: the shops' reports of a period with totals, and one shop's ledger lines. */
import { shopReportListQuerySchema, shopReportsQuerySchema } from '@esim/contracts/staff';
import { defineList } from '@esim/ui/list/define-list';
import { exportShopLedger, getShopReport } from './api/get-shop-report';
import { exportShopReports, listShopReports } from './api/list-shop-reports';

export const shopReportPath = (shopId: string) => `/finance/raporte-shop/${shopId}`;

export const shopReportsList = defineList({
  id: 'shop-reports',
  query: shopReportsQuerySchema,
  fetch: listShopReports,
  labels: 'admin-finance:shopReports',
  rowId: (report) => report.shopId,
  columns: (col) => [
    col.link('shopName', (report) => shopReportPath(report.shopId), { sortable: true }),
    col.money('openingCents'),
    col.money('boughtCents', { sortable: true }),
    col.money('bonusCents'),
    col.money('spentCents', { sortable: true }),
    col.money('refundsCents'),
    col.money('adjustmentsCents'),
    col.money('closingCents', { sortable: true }),
    col.number('subscribersServed', { sortable: true }),
    col.money('revenueCents'),
    col.number('sellShopPrice', { hidden: true }),
  ],
  filters: (filter) => [filter.dateRange('period'), filter.search('q')],
  csv: exportShopReports,
  // Over every shop the filters select, not only the page shown.
  footer: { label: 'admin-finance:shopReports.total', values: (answer) => answer.totals },
});

export const shopLedgerList = defineList({
  id: 'shop-ledger',
  query: shopReportListQuerySchema,
  fetch: getShopReport,
  labels: 'admin-finance:ledger',
  rowId: (entry) => entry.id,
  columns: (col) => [
    col.date('createdAt'),
    col.custom('kind', (entry, { t }) => t(`admin-finance:kinds.${entry.kind}`)),
    col.custom('bucket', (entry, { t }) => t(`admin-finance:buckets.${entry.bucket}`)),
    col.text('orderNumber'),
    col.money('amountCents'),
    col.money('balanceAfterCents'),
    col.text('note', { hidden: true }),
  ],
  filters: (filter) => [filter.dateRange('period')],
  csv: exportShopLedger,
});
