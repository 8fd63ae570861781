/** The shops list, defined once: all shops links each name to its page; manage shops opens it beside the list. */
import { shopsQuerySchema } from '@esim/contracts/staff';
import { defineList, defineRows } from '@esim/ui/list/define-list';
import { defineStatuses } from '@esim/ui/status-list';
import { listShops } from './api/list-shops';

export const shopPath = (shopId: string) => `/clients/all-shops/${encodeURIComponent(shopId)}`;

/** A shop's status in words and colour: list cell, filter, detail badge and history. */
export const shopStatus = defineStatuses('admin-shops:shops.statuses', {
  pending_verification: 'brown',
  active: 'green',
  suspended: 'red',
});

export const shopsList = defineList({
  id: 'shops',
  query: shopsQuerySchema,
  fetch: listShops,
  labels: 'admin-shops:shops',
  rowId: (shop) => shop.id,
  columns: (col) => [
    // A link to the shop's page; on a screen with a detail (manage shops) it opens the shop beside the list.
    col.link('name', (shop) => shopPath(shop.id), { sortable: true, opensDetail: true }),
    col.text('ownerEmail'),
    col.status('status', shopStatus),
    col.money('creditCents', { sortable: true }),
    col.money('bonusCents'),
    col.money('totalCents', { hidden: true }),
    col.number('sellShopPrice', { hidden: true }),
    col.number('ordersCount', { sortable: true }),
    col.date('createdAt', { sortable: true, time: false }),
  ],
  filters: (filter) => [filter.search('q'), filter.select('status', shopStatus)],
});

/** A shop's users, as its page lists them. */
export const shopUserRows = defineRows<{ id: string; name: string; email: string; verified: boolean }>({
  id: 'shop-users',
  labels: 'admin-shops:shops.userRows',
  rowId: (user) => user.id,
  columns: (col) => [col.text('name'), col.text('email'), col.boolean('verified', 'admin:yesNo')],
});
