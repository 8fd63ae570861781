import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { useRetryFulfilment } from '../api/retry-fulfilment';
import { failedOrdersList } from '../failed-orders-list';
import type { OrderExtra } from './order-detail';
import { useOrderDrawer } from './orders-screens';

/**
 * Orders whose fulfilment failed, with "retry fulfilment" for the chosen rows (a bulk action); each opens the
 * order's page, where staff can contact the buyer.
 */
export const FailedOrdersScreen = ({ orderExtra }: { orderExtra?: OrderExtra }) => {
  const { t } = useTranslation(['admin-orders', 'admin']);
  const retry = useRetryFulfilment();
  const [queued, setQueued] = useState<number | null>(null);
  return (
    <>
      <ListScreen
        list={failedOrdersList}
        title="screens.ordersFailedTransactions"
        detail={useOrderDrawer(orderExtra)}
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
