/** Partner applications (manage businesses) and the orders their links brought (business orders). */
import { businessesQuerySchema, businessOrdersQuerySchema } from '@esim/contracts/staff';
import { defineList } from '@esim/ui/list/define-list';
import { defineStatuses } from '@esim/ui/status-list';
import { orderStatus } from '../../lib/order-rows';
import { listBusinessOrders } from './api/list-business-orders';
import { listBusinesses } from './api/list-businesses';

/** An application's status in words and colour: list cell, filter, detail badge and history. */
export const businessStatus = defineStatuses('admin-businesses:businesses.statuses', {
  new: 'brown',
  approved: 'green',
  rejected: 'red',
});
export const businessType = defineStatuses('admin-businesses:businesses.types', {
  influencer: 'gray',
  business: 'gray',
  reseller: 'gray',
});

export const businessesList = defineList({
  id: 'businesses',
  query: businessesQuerySchema,
  fetch: listBusinesses,
  labels: 'admin-businesses:businesses',
  rowId: (b) => b.id,
  columns: (col) => [
    col.custom('fullName', (b) => b.companyName ?? b.fullName, { sortable: true, opensDetail: true }),
    col.text('email'),
    col.status('businessType', businessType),
    col.text('country'),
    col.status('status', businessStatus),
    col.text('referralCode'),
    col.date('createdAt', { sortable: true }),
  ],
  filters: (filter) => [
    filter.search('q'),
    filter.select('status', businessStatus),
    filter.select('businessType', businessType),
  ],
});

export const businessOrdersList = defineList({
  id: 'business-orders',
  query: businessOrdersQuerySchema,
  fetch: listBusinessOrders,
  labels: 'admin-businesses:businessOrders',
  rowId: (o) => o.id,
  columns: (col) => [
    col.text('number'),
    col.text('businessName'),
    col.text('referralCode'),
    col.status('status', orderStatus),
    col.money('totalCents', { sortable: true }),
    col.text('buyerEmail', { hidden: true }),
    col.date('createdAt', { sortable: true }),
  ],
  filters: (filter) => [filter.search('q')],
});
