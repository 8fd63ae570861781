/**
 * The Facebook attributed orders (ADR 0069, ADR 0078), defined once: every order that came through an ad, paged and
 * sorted by the server, with the count and revenue of all of them in the footer. The range and the campaign are
 * the list's URL state and saved views like any filter; the screen draws the range with presets, as the other
 * Facebook screens do, and the campaign comes from the campaigns and summary screens' links.
 */
import { facebookAdOrdersQuerySchema } from '@esim/contracts/staff';
import { formatNumber } from '@esim/ui/format';
import { defineList } from '@esim/ui/list/define-list';
import { orderStatus } from '../../lib/order-rows';
import { exportFacebookAdOrders, listFacebookAdOrders } from './api/list-facebook-ad-orders';

export const facebookAdOrdersList = defineList({
  id: 'facebook-orders',
  query: facebookAdOrdersQuerySchema,
  fetch: listFacebookAdOrders,
  labels: 'admin-facebook:facebook.orderList',
  rowId: (order) => order.id,
  columns: (col) => [
    col.text('number', { sortable: true }),
    col.date('paidAt', { sortable: true }),
    col.money('totalCents', { sortable: true }),
    col.custom('source', (order, { t }) =>
      [order.utmSource, order.hasFbclid ? t('admin-facebook:facebook.clickId') : null]
        .filter(Boolean)
        .join(' · '),
    ),
    col.text('utmCampaign'),
    col.custom(
      'campaignName',
      (order, { t }) => order.campaignName ?? t('admin-facebook:facebook.noCampaign'),
    ),
    col.status('status', orderStatus, { hidden: true }),
  ],
  filters: (filter) => [filter.byScreen('from'), filter.byScreen('to'), filter.byScreen('campaignId')],
  csv: exportFacebookAdOrders,
  // Over every order the filters select, not only the page shown.
  footer: {
    label: 'admin-facebook:facebook.orderList.footer',
    values: (answer) => ({ totalCents: answer.totals.revenueCents }),
    labelValues: (answer, { locale }) => ({
      count: answer.totals.orders,
      orders: formatNumber(answer.totals.orders, locale),
    }),
  },
});
