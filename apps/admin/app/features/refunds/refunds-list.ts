/** The refunds list, defined once; the six refund screens are presets of it (by kind or status). */
import { refundKinds, staffRefundsQuerySchema } from '@esim/contracts/staff';
import { defineList } from '@esim/ui/list/define-list';
import { defineStatuses } from '@esim/ui/status-list';
import { createElement } from 'react';
import { refundErrorCell } from '../../components/refund-error';
import { exportRefunds, listRefunds } from './api/list-refunds';
import { refundsListKey } from './api/refund-order';
import { RetryRefundButton } from './components/retry-refund-button';

/** A refund's state in words and colour, in the list, the filter and the refund action. */
export const refundStatus = defineStatuses('admin-refunds:statuses', {
  pending: 'blue',
  succeeded: 'green',
  failed: 'red',
});

export const refundKindLabels = 'admin-refunds:kinds';

/** Whether an order qualifies under the refund policy from settings (the refund action's badge). */
export const refundPolicyVerdict = defineStatuses('admin-refunds:verdicts', {
  qualifies: 'green',
  installed: 'orange',
  too_late: 'orange',
});

export const refundsList = defineList({
  id: refundsListKey[0],
  query: staffRefundsQuerySchema,
  fetch: listRefunds,
  labels: 'admin-refunds:list',
  rowId: (refund) => refund.id,
  columns: (col) => [
    col.text('orderNumber'),
    col.text('buyerEmail'),
    col.custom('kind', (refund, { t }) => t(`${refundKindLabels}.${refund.kind}`)),
    col.status('status', refundStatus),
    col.money('amountCents', { sortable: true }),
    col.money('providerCostRecoveredCents'),
    col.money('netLossCents'),
    // The reason translated, with the provider's own words under it (ADR 0081).
    col.custom('error', (refund, { t }) => refundErrorCell(t, refund)),
    col.text('reason', { hidden: true }),
    col.text('policyOverrideReason', { hidden: true }),
    col.text('staffName', { hidden: true }),
    col.number('attempts', { hidden: true }),
    col.date('createdAt', { sortable: true }),
    // A failed refund is retried from its row (the failed refunds screen, and anywhere else it shows).
    col.custom('retry', (refund) =>
      refund.status === 'failed' ? createElement(RetryRefundButton, { refund }) : null,
    ),
  ],
  filters: (filter) => [
    filter.search('q'),
    filter.select('status', refundStatus),
    filter.select('kind', refundKinds, refundKindLabels),
  ],
  csv: exportRefunds,
});
