import type { StaffRefund } from '@esim/contracts/staff';
import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { useAction } from '@esim/ui/detail/use-action';
import { useTranslation } from 'react-i18next';
import { useRetryRefund } from '../api/retry-refund';

/** "Retry" beside a failed refund: sent again under the same key, so the provider can never pay it twice. */
export const RetryRefundButton = ({
  refund,
}: {
  refund: Pick<StaffRefund, 'id' | 'orderId' | 'orderNumber'>;
}) => {
  const { t } = useTranslation('admin-refunds');
  const action = useAction(useRetryRefund(refund.orderId, refund.id));
  return (
    <ActionGroup actions={[action]} errorTestId="refund-retry-error">
      <ActionButton
        action={action}
        label={t('retry.label')}
        confirm={{ title: t('retry.title', { number: refund.orderNumber }), message: t('retry.message') }}
        danger={false}
        variables={null}
        data-testid="refund-retry"
      />
    </ActionGroup>
  );
};
