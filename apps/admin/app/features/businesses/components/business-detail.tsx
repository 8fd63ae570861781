import { type Business, rejectBusinessBodySchema } from '@esim/contracts/staff';
import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { DetailPage } from '@esim/ui/detail/detail-page';
import { Facts, factsFor } from '@esim/ui/detail/facts';
import { useAction } from '@esim/ui/detail/use-action';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeEntry, HistorySection } from '../../../components/history-list';
import { LoadState } from '../../../components/load-state';
import { useApproveBusiness, useBusiness, useRejectBusiness } from '../api/decide-business';
import { businessStatus, businessType } from '../businesses-list';

const fact = factsFor<Business>();
const applicant = [
  fact.text('fullName'),
  fact.status('businessType', businessType),
  fact.text('email'),
  fact.text('phone'),
  fact.text('country'),
  fact.custom('subject', (b) => b.title),
];
const rejection = [fact.custom('reason', (b) => b.rejectionReason)];
const { reason } = rejectBusinessBodySchema.shape;

/** Approve (a reseller gets a shop, a partner a referral code) or reject with a reason, while it is new. */
const Decision = ({ business }: { business: Business }) => {
  const { t } = useTranslation('admin-businesses');
  const approve = useAction(useApproveBusiness(business.id));
  const reject = useAction(useRejectBusiness(business.id));
  const kind = business.businessType === 'reseller' ? 'approveReseller' : 'approvePartner';
  return (
    <ActionGroup actions={[approve, reject]}>
      <ActionButton
        action={approve}
        label={t(`businesses.${kind}`)}
        variables={business.version}
        data-testid="business-approve"
      />
      <ActionButton
        action={reject}
        label={t('businesses.reject')}
        reason={{
          label: t('businesses.reason'),
          minLength: reason.minLength ?? 1,
          maxLength: reason.maxLength ?? 500,
        }}
        variables={(text) => ({ version: business.version, reason: text })}
        data-testid="business-reject"
      />
    </ActionGroup>
  );
};

/** An application (manage businesses' drawer): who, what they wrote, and approve or reject while it is new. */
export const BusinessDetail = ({ id }: { id: string }) => {
  const { t } = useTranslation('admin-businesses');
  const answer = useBusiness(id);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const { business, history } = answer.data;
  return (
    <DetailPage
      title={business.companyName ?? business.fullName}
      status={{ statuses: businessStatus, value: business.status, 'data-testid': 'business-status' }}
      actions={business.status === 'new' ? <Decision business={business} /> : null}
      data-testid="business-detail"
    >
      <Facts item={business} facts={applicant} labels="admin-businesses:businesses" />
      <Text style={{ whiteSpace: 'pre-wrap' }}>{business.message}</Text>
      {business.referralCode ? (
        <Stack gap={2} data-testid="business-referral">
          <Text size="xs" c="gray.7">
            {t('businesses.referralCode')}
          </Text>
          <Text fw={700}>{business.referralCode}</Text>
          <Anchor href={business.referralLink ?? undefined} c="accent.7" style={{ overflowWrap: 'anywhere' }}>
            {business.referralLink}
          </Anchor>
        </Stack>
      ) : null}
      {business.rejectionReason ? (
        <Facts item={business} facts={rejection} labels="admin-businesses:businesses" />
      ) : null}
      <HistorySection
        entries={history}
        describe={(entry) =>
          describeEntry(entry, t, 'businesses.audit', (_f, v) =>
            businessStatus.label(t, v as Business['status']),
          )
        }
      />
    </DetailPage>
  );
};
