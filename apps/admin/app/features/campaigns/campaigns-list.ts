/** `/campaigns/all`: every campaign, defined once (STYLE "Screens that repeat"). */
import { type CampaignOrder, campaignsQuerySchema } from '@esim/contracts/staff';
import { defineList, defineRows } from '@esim/ui/list/define-list';
import { defineStatuses } from '@esim/ui/status-list';
import { listCampaigns } from './api/campaigns';

export const campaignPath = (screen: 'edit' | 'languages' | 'orders', id: string) =>
  `/campaigns/${screen}/${encodeURIComponent(id)}`;

export const campaignState = defineStatuses('admin-campaigns:campaigns.states', {
  scheduled: 'blue',
  running: 'green',
  ended: 'gray',
});

export const campaignsList = defineList({
  id: 'campaigns',
  query: campaignsQuerySchema,
  fetch: listCampaigns,
  labels: 'admin-campaigns:campaigns',
  rowId: (campaign) => campaign.id,
  columns: (col) => [
    col.link('name', (campaign) => campaignPath('edit', campaign.id), { sortable: true }),
    col.text('utmCode'),
    col.status('state', campaignState),
    col.date('startsOn', { sortable: true, time: false }),
    col.date('endsOn', { time: false }),
    col.text('couponCode'),
    col.custom('orders', (_campaign, { t }) => t('admin-campaigns:campaigns.ordersLink'), {
      href: (campaign) => campaignPath('orders', campaign.id),
    }),
    col.date('createdAt', { sortable: true, hidden: true }),
  ],
  filters: (filter) => [filter.search('q'), filter.select('state', campaignState)],
});

export const campaignOrderRows = defineRows<CampaignOrder>({
  id: 'campaign-orders',
  labels: 'admin-campaigns:orders',
  rowId: (order) => order.id,
  columns: (col) => [
    col.text('number'),
    col.text('buyerEmail'),
    col.custom('via', (order, { t }) => t(`admin-campaigns:orders.vias.${order.via}`)),
    col.money('discountCents'),
    col.money('totalCents'),
    col.custom('status', (order, { t }) => t(`admin:orderStatuses.${order.status}`)),
    col.date('createdAt'),
  ],
});
