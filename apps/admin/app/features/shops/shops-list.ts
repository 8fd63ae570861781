/** The shops list, defined once: all shops links each to its page; manage shops opens a shop beside the list. */
import { type Shop, shopStatuses, shopsQuerySchema } from '@esim/contracts/staff';
import { col, defineList, filter } from '@esim/ui/list/define-list';
import { listShops } from './api/list-shops';

export const shopPath = (shopId: string) => `/clients/all-shops/${encodeURIComponent(shopId)}`;

export const shopsList = defineList({
  id: 'shops',
  query: shopsQuerySchema,
  fetch: listShops,
  labels: 'admin:shops',
  rowId: (shop: Shop) => shop.id,
  columns: [
    col.link<Shop>('name', (shop) => shopPath(shop.id), { sortable: true }),
    col.text<Shop>('ownerEmail'),
    col.status<Shop>('status', 'admin:shops.statuses'),
    col.money<Shop>('creditCents', { sortable: true }),
    col.money<Shop>('bonusCents'),
    col.money<Shop>('totalCents', { hidden: true }),
    col.number<Shop>('sellShopPrice', { hidden: true }),
    col.number<Shop>('ordersCount', { sortable: true }),
    col.date<Shop>('createdAt', { sortable: true, time: false }),
  ],
  filters: [filter.search('q'), filter.select('status', shopStatuses, 'admin:shops.statuses')],
});

/** Manage shops: the same list, where a shop's name opens its actions beside the list. */
export const manageShopsList = {
  ...shopsList,
  columns: [
    { id: 'name', cell: (shop: Shop) => shop.name, sortable: true, opensDetail: true },
    ...shopsList.columns.slice(1),
  ],
};
