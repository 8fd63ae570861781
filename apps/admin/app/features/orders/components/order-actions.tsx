import { reviewDecisionBodySchema, type StaffOrderPage } from '@esim/contracts/staff';
import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { useAction } from '@esim/ui/detail/use-action';
import { useTranslation } from 'react-i18next';
import { useOrderAction } from '../api/act-on-order';

const { reason } = reviewDecisionBodySchema.shape;
const reasonBounds = { minLength: reason.minLength ?? 1, maxLength: reason.maxLength ?? 500 };

/**
 * What staff can do with an order in its state: approve or cancel one in review (a reason each, ADR 0034), write
 * to the buyer of one that went wrong (ADR 0035). `children`: actions other areas add (a refund).
 */
export const OrderActions = ({ order }: { order: StaffOrderPage }) => {
  const { t } = useTranslation('admin-orders');
  const action = useAction(useOrderAction(order.id));
  const inReview = order.status === 'for_review';
  const contactable = inReview || order.status === 'failed';
  if (!contactable) return null;
  const decision = (name: 'approve' | 'cancel') => (
    <ActionButton
      action={action}
      label={t(`orderScreens.actions.${name}`)}
      confirm={{
        title: t(`orderScreens.confirm.${name}.title`, { number: order.number }),
        message: t(`orderScreens.confirm.${name}.message`),
      }}
      reason={{ label: t('orderScreens.actions.reason'), ...reasonBounds }}
      // Approving delivers what was paid for: not a destructive action, unlike cancelling.
      danger={name === 'cancel'}
      variables={(text: string) => ({ action: name, reason: text })}
      data-testid={`order-${name}`}
    />
  );
  return (
    <ActionGroup actions={[action]} errorTestId="order-action-error">
      {inReview && order.reviewReason !== 'esim_change_race' ? decision('approve') : null}
      {inReview ? decision('cancel') : null}
      {contactable ? (
        <ActionButton
          action={action}
          label={t('orderScreens.actions.contactBuyer')}
          confirm={{
            title: t('orderScreens.confirm.contactBuyer.title'),
            message: t('orderScreens.confirm.contactBuyer.message', {
              email: order.buyer.email,
              locale: order.locale,
            }),
          }}
          danger={false}
          variables={{ action: 'contact-buyer' as const }}
          data-testid="order-contact-buyer"
        />
      ) : null}
    </ActionGroup>
  );
};
