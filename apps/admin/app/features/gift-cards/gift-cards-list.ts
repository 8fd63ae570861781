/** `/orders/gift-cards`: every gift card, defined once (STYLE "Screens that repeat"). */
import { type GiftCardRedemption, staffGiftCardsQuerySchema } from '@esim/contracts/staff';
import { defineList, defineRows } from '@esim/ui/list/define-list';
import { defineStatuses } from '@esim/ui/status-list';
import { exportGiftCards, listGiftCards } from './api/gift-cards';

export const deliveryState = defineStatuses('admin-gift-cards:giftCards.deliveryStates', {
  awaiting_payment: 'gray',
  scheduled: 'blue',
  held: 'orange',
  delivered: 'green',
});

export const redemptionStatus = defineStatuses('admin-gift-cards:redemptions.statuses', {
  held: 'brown',
  captured: 'green',
  released: 'gray',
  refunded: 'blue',
});

/** A line of a card's history: an order's use of it, or a refund put back on it (ADR 0080). */
export const historyKind = defineStatuses('admin-gift-cards:redemptions.kinds', {
  redemption: 'brown',
  refund: 'blue',
});

export const giftCardsList = defineList({
  id: 'gift-cards',
  query: staffGiftCardsQuerySchema,
  fetch: listGiftCards,
  labels: 'admin-gift-cards:giftCards',
  rowId: (card) => card.id,
  columns: (col) => [
    col.custom('maskedCode', (card, { t }) => card.maskedCode ?? t('admin-gift-cards:giftCards.noCode'), {
      opensDetail: true,
    }),
    col.money('amountCents', { sortable: true }),
    col.money('balanceCents', { sortable: true }),
    col.text('buyerEmail'),
    col.text('recipientEmail'),
    col.date('sendOn', { sortable: true, time: false }),
    col.status('deliveryState', deliveryState),
    col.text('orderNumber', { hidden: true }),
    col.date('createdAt', { sortable: true }),
  ],
  filters: (filter) => [filter.search('q'), filter.select('deliveryState', deliveryState)],
  csv: exportGiftCards,
});

export const redemptionRows = defineRows<GiftCardRedemption>({
  id: 'gift-card-redemptions',
  labels: 'admin-gift-cards:redemptions',
  rowId: (r) => r.id,
  columns: (col) => [
    col.status('kind', historyKind),
    col.text('orderNumber'),
    col.text('buyerEmail'),
    col.money('amountCents'),
    col.status('status', redemptionStatus),
    col.date('createdAt'),
  ],
});
