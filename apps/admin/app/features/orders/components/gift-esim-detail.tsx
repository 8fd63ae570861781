import { staffActionBodySchema } from '@esim/contracts';
import type { StaffGiftEsim } from '@esim/contracts/staff';
import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { DetailPage } from '@esim/ui/detail/detail-page';
import { Facts, factsFor } from '@esim/ui/detail/facts';
import { useAction } from '@esim/ui/detail/use-action';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { orderStatus } from '../../../lib/order-rows';
import { useGiftEsim, useResendGiftEsim } from '../api/gift-esims';
import { giftDelivery } from '../gift-esims-list';

const fact = factsFor<StaffGiftEsim>();
const facts = [
  fact.status('status', orderStatus),
  fact.text('buyerName'),
  fact.text('buyerEmail'),
  fact.text('recipientName'),
  fact.text('recipientEmail'),
  fact.text('recipientLocale'),
  fact.text('packageName'),
  fact.money('totalCents'),
  fact.number('sendCount'),
  fact.date('sentAt'),
  fact.text('claimedByEmail'),
  fact.date('claimedAt'),
];

const reasonBounds = staffActionBodySchema.unwrap().unwrap().shape.reason.unwrap();

/** "Resend to recipient": only a sent gift not yet claimed; it asks first, with an optional reason. */
const ResendAction = ({ gift }: { gift: StaffGiftEsim }) => {
  const { t } = useTranslation('admin-orders');
  const action = useAction(useResendGiftEsim(gift.id));
  return (
    <ActionGroup actions={[action]} errorTestId="gift-action-error">
      <ActionButton
        action={action}
        label={t('giftEsims.resend')}
        disabled={gift.delivery !== 'sent'}
        danger={false}
        confirm={{
          title: t('giftEsims.resendConfirm.title'),
          message: t('giftEsims.resendConfirm.message', { email: gift.recipientEmail }),
        }}
        reason={{ label: t('giftEsims.reason'), minLength: 0, maxLength: reasonBounds.maxLength ?? 500 }}
        variables={(reason) => (reason ? { reason } : {})}
        data-testid="gift-resend"
      />
    </ActionGroup>
  );
};

/** A gift eSIM beside the list: who bought it for whom, where it is, and the resend action. */
export const GiftEsimDetail = ({ orderId }: { orderId: string }) => {
  const answer = useGiftEsim(orderId);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const gift = answer.data;
  return (
    <DetailPage
      title={gift.number}
      status={{ statuses: giftDelivery, value: gift.delivery, 'data-testid': 'gift-delivery' }}
      actions={<ResendAction gift={gift} />}
      data-testid="gift-esim-detail"
    >
      <Facts item={gift} facts={facts} labels="admin-orders:giftEsims" testIdPrefix="gift" />
    </DetailPage>
  );
};
