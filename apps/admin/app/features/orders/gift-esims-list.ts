/** The gift eSIMs list, defined once: buyer, recipient, package, delivery state and who claimed each. */
import { giftDeliveryStates, giftEsimsQuerySchema } from '@esim/contracts/staff';
import { defineList } from '@esim/ui/list/define-list';
import { defineStatuses } from '@esim/ui/status-list';
import { exportGiftEsims, giftEsimsListId, listGiftEsims } from './api/gift-esims';

/**
 * Where a gift is: waiting for payment or the eSIM, sent to its recipient, claimed into an account, or ended
 * before a claim (refunded in full to the giver, its eSIM cancelled or freed: ADR 0091).
 */
export const giftDelivery = defineStatuses('admin-orders:giftEsims.deliveryStates', {
  pending: 'gray',
  sent: 'blue',
  claimed: 'green',
  ended: 'red',
});

export const giftEsimsList = defineList({
  id: giftEsimsListId,
  query: giftEsimsQuerySchema,
  fetch: listGiftEsims,
  labels: 'admin-orders:giftEsims',
  rowId: (gift) => gift.id,
  columns: (col) => [
    col.text('number', { opensDetail: true }),
    col.text('buyerEmail'),
    col.text('recipientEmail'),
    col.text('recipientName', { hidden: true }),
    col.text('packageName'),
    col.status('delivery', giftDelivery),
    col.text('claimedByEmail'),
    col.date('claimedAt', { sortable: true }),
    col.date('createdAt', { sortable: true }),
  ],
  filters: (filter) => [
    filter.search('q'),
    filter.select('delivery', giftDeliveryStates, giftDelivery.labels),
  ],
  csv: exportGiftEsims,
});
