import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/list-screen';
import { useRetryFulfilment } from '../../features/orders/api/retry-fulfilment';
import { failedOrdersList } from '../../features/orders/failed-orders-list';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('orders');

/** Orders whose fulfilment failed (admin only, app/lib/access.ts), with "retry fulfilment" for the chosen rows. */
export default function FailedTransactions() {
  const { t } = useTranslation('admin');
  const retry = useRetryFulfilment();
  const [queued, setQueued] = useState<number | null>(null);
  return (
    <>
      <ListScreen
        list={failedOrdersList}
        title="screens.ordersFailedTransactions"
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
            {t('admin-orders:failedOrders.retry')}
          </Button>
        )}
      />
      <p role="status" aria-live="polite" data-testid="retry-queued">
        {queued !== null ? t('admin-orders:failedOrders.retryQueued', { count: queued }) : null}
      </p>
    </>
  );
}
