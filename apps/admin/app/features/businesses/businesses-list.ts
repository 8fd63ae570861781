/** Partner applications (manage businesses) and the orders their links brought (business orders). */
import { businessTypes } from '@esim/contracts';
import {
  type Business,
  type BusinessOrder,
  businessesQuerySchema,
  businessOrdersQuerySchema,
  businessStatuses,
} from '@esim/contracts/staff';
import { col, defineList, filter } from '@esim/ui/list/define-list';
import { listBusinessOrders } from './api/list-business-orders';
import { listBusinesses } from './api/list-businesses';

export const businessesList = defineList({
  id: 'businesses',
  query: businessesQuerySchema,
  fetch: listBusinesses,
  labels: 'admin:businesses',
  rowId: (b: Business) => b.id,
  columns: [
    { id: 'fullName', cell: (b: Business) => b.companyName ?? b.fullName, sortable: true, opensDetail: true },
    col.text<Business>('email'),
    col.status<Business>('businessType', 'admin:businesses.types'),
    col.text<Business>('country'),
    col.status<Business>('status', 'admin:businesses.statuses'),
    col.text<Business>('referralCode'),
    col.date<Business>('createdAt', { sortable: true }),
  ],
  filters: [
    filter.search('q'),
    filter.select('status', businessStatuses, 'admin:businesses.statuses'),
    filter.select('businessType', businessTypes, 'admin:businesses.types'),
  ],
});

export const businessOrdersList = defineList({
  id: 'business-orders',
  query: businessOrdersQuerySchema,
  fetch: listBusinessOrders,
  labels: 'admin:businessOrders',
  rowId: (o: BusinessOrder) => o.id,
  columns: [
    col.text<BusinessOrder>('number'),
    col.text<BusinessOrder>('businessName'),
    col.text<BusinessOrder>('referralCode'),
    col.status<BusinessOrder>('status', 'admin:clients.orderStatuses'),
    col.money<BusinessOrder>('totalCents', { sortable: true }),
    col.text<BusinessOrder>('buyerEmail', { hidden: true }),
    col.date<BusinessOrder>('createdAt', { sortable: true }),
  ],
  filters: [filter.search('q')],
});
