import {
  releaseGiftCardBodySchema,
  resendGiftCardBodySchema,
  type StaffGiftCard,
} from '@esim/contracts/staff';
import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { DetailPage, Section } from '@esim/ui/detail/detail-page';
import { Facts, factsFor } from '@esim/ui/detail/facts';
import { RelatedList } from '@esim/ui/detail/related-list';
import { useAction } from '@esim/ui/detail/use-action';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { useGiftCard, useReleaseGiftCard, useResendGiftCard } from '../api/gift-cards';
import { deliveryState, giftCardsList, redemptionRows } from '../gift-cards-list';

const fact = factsFor<StaffGiftCard>();
const facts = [
  fact.text('orderNumber'),
  fact.money('amountCents'),
  fact.money('balanceCents'),
  fact.text('buyerName'),
  fact.text('buyerEmail'),
  fact.text('recipientEmail'),
  fact.date('sendOn', { time: false }),
  fact.date('deliveredAt'),
  fact.number('resendCount'),
  fact.date('createdAt'),
];
const reasonShape = resendGiftCardBodySchema.shape.reason.unwrap();
const releaseReasonShape = releaseGiftCardBodySchema.shape.reason;

/** "Release": a blocked buyer's held card goes out anyway (ADR 0092), with a reason; one click id per confirmation. */
const Release = ({ card }: { card: StaffGiftCard }) => {
  const { t } = useTranslation('admin-gift-cards');
  const release = useAction(useReleaseGiftCard(card.id, giftCardsList.id));
  return (
    <ActionGroup actions={[release]}>
      <ActionButton
        action={release}
        label={t('giftCards.release')}
        confirm={{ title: t('giftCards.releaseTitle'), message: t('giftCards.releaseMessage') }}
        reason={{
          label: t('giftCards.reason'),
          minLength: releaseReasonShape.minLength ?? 1,
          maxLength: releaseReasonShape.maxLength ?? 500,
        }}
        variables={(reason) => ({ clickId: crypto.randomUUID(), reason })}
        danger={false}
        data-testid="gift-card-release"
      />
    </ActionGroup>
  );
};

/** "Resend": the recipient's e-mail again, with a reason; each confirmation is one click id (one e-mail). */
const Resend = ({ card }: { card: StaffGiftCard }) => {
  const { t } = useTranslation('admin-gift-cards');
  const resend = useAction(useResendGiftCard(card.id, giftCardsList.id));
  return (
    <ActionGroup actions={[resend]}>
      <ActionButton
        action={resend}
        label={t('giftCards.resend')}
        confirm={{ title: t('giftCards.resendTitle'), message: t('giftCards.resendMessage') }}
        reason={{ label: t('giftCards.reason'), minLength: 1, maxLength: reasonShape.maxLength ?? 500 }}
        variables={(reason) => ({ clickId: crypto.randomUUID(), reason })}
        danger={false}
        data-testid="gift-card-resend"
      />
    </ActionGroup>
  );
};

/** A gift card beside the list: its facts, its redemptions, and "resend" once it has been delivered. */
export const GiftCardDetail = ({ id }: { id: string }) => {
  const { t } = useTranslation('admin-gift-cards');
  const answer = useGiftCard(id);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const { giftCard, redemptions } = answer.data;
  return (
    <DetailPage
      title={giftCard.maskedCode ?? t('giftCards.noCode')}
      status={{ statuses: deliveryState, value: giftCard.deliveryState, 'data-testid': 'gift-card-state' }}
      actions={
        giftCard.deliveryState === 'delivered' ? (
          <Resend card={giftCard} />
        ) : giftCard.deliveryState === 'held' ? (
          <Release card={giftCard} />
        ) : null
      }
      data-testid="gift-card-detail"
    >
      {giftCard.deliveryState === 'held' ? (
        <Alert color="orange" data-testid="gift-card-held-note">
          {t('giftCards.heldNote')}
        </Alert>
      ) : null}
      <Facts item={giftCard} facts={facts} labels="admin-gift-cards:giftCards" />
      <Section title={t('redemptions.title')} data-testid="gift-card-redemptions">
        <RelatedList
          rows={redemptionRows}
          items={redemptions}
          label={t('redemptions.title')}
          empty={t('redemptions.empty')}
        />
      </Section>
    </DetailPage>
  );
};
