import { Button } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { useRetryFulfilment } from '../api/retry-fulfilment';
import { failedOrdersList } from '../failed-orders-list';

/**
 * Orders whose fulfilment failed, with "retry fulfilment" for the chosen rows (a bulk action); `detail` draws an
 * order beside the list (the route gives the refund action, from another feature).
 */
export const FailedOrdersScreen = ({ detail }: { detail?: (orderId: string) => ReactNode }) => {
  const { t } = useTranslation(['admin-orders', 'admin']);
  const retry = useRetryFulfilment();
  const [queued, setQueued] = useState<number | null>(null);
  return (
    <>
      <ListScreen
        list={failedOrdersList}
        title="screens.ordersFailedTransactions"
        {...(detail ? { detail: { param: 'order', title: t('refunds.detailTitle'), render: detail } } : {})}
        bulkActions={(selected, clearSelection) => (
          <Button
            size="xs"
            loading={retry.isPending}
            onClick={() =>
              retry.mutate(
                selected.map((order) => order.id),
                {
                  onSuccess: (count) => {
                    setQueued(count);
                    clearSelection();
                  },
                },
              )
            }
            data-testid="retry-fulfilment"
          >
            {t('failedOrders.retry')}
          </Button>
        )}
      />
      <p role="status" aria-live="polite" data-testid="retry-queued">
        {queued !== null ? t('failedOrders.retryQueued', { count: queued }) : null}
      </p>
    </>
  );
};
