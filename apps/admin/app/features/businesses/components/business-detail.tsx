import { rejectBusinessBodySchema } from '@esim/contracts/staff';
import { describeError } from '@esim/ui/describe-error';
import { useToast } from '@esim/ui/feedback/toast';
import { FormShell } from '@esim/ui/form/form-shell';
import { TextareaField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { Alert, Anchor, Badge, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changedFields, HistoryList } from '../../../components/history-list';
import { LoadState } from '../../../components/load-state';
import { useApproveBusiness, useBusiness, useRejectBusiness } from '../api/decide-business';

const statusColor = { new: '#5c3d00', approved: '#1e6b34', rejected: '#a61b1b' } as const;

const Fact = ({ label, value }: { label: string; value: string }) => (
  <div>
    <Text size="xs" c="gray.7">
      {label}
    </Text>
    <Text style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
  </div>
);

const RejectForm = ({ id, version }: { id: string; version: string }) => {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const form = useApiForm(rejectBusinessBodySchema, {
    defaultValues: { version, reason: '' },
    mutation: useRejectBusiness(id),
    onSuccess: ({ message }) => {
      toast(message);
      return { kind: 'success', message };
    },
    fallback: 'GENERIC',
  });
  return (
    <FormShell form={form} submitLabel={t('businesses.reject')} data-testid="reject-form">
      <TextareaField form={form} name="reason" label={t('businesses.reason')} required />
    </FormShell>
  );
};

/** An application (manage businesses' drawer): who, what they wrote, and approve or reject while it is new. */
export const BusinessDetail = ({ id }: { id: string }) => {
  const { t } = useTranslation(['admin', 'common']);
  const toast = useToast();
  const answer = useBusiness(id);
  const approve = useApproveBusiness(id);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const { business, history } = answer.data;
  return (
    <Stack gap="lg" data-testid="business-detail">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {business.companyName ?? business.fullName}
        </Title>
        <Badge color={statusColor[business.status]} variant="filled" data-testid="business-status">
          {t(`businesses.statuses.${business.status}`)}
        </Badge>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label={t('businesses.fullName')} value={business.fullName} />
        <Fact label={t('businesses.businessType')} value={t(`businesses.types.${business.businessType}`)} />
        <Fact label={t('businesses.email')} value={business.email} />
        <Fact label={t('businesses.phone')} value={business.phone} />
        <Fact label={t('businesses.country')} value={business.country} />
        <Fact label={t('businesses.subject')} value={business.title} />
      </SimpleGrid>
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
        <Fact label={t('businesses.reason')} value={business.rejectionReason} />
      ) : null}
      {business.status === 'new' ? (
        <Stack gap="md">
          <Button
            loading={approve.isPending}
            onClick={() =>
              approve.mutateAsync(business.version).then(
                ({ message }) => toast(message),
                () => undefined,
              )
            }
            data-testid="business-approve"
            style={{ alignSelf: 'flex-start' }}
          >
            {t(
              business.businessType === 'reseller'
                ? 'businesses.approveReseller'
                : 'businesses.approvePartner',
            )}
          </Button>
          {approve.isError ? (
            <Alert color="red.9" variant="outline" role="alert">
              {describeError(t, approve.error, 'GENERIC')}
            </Alert>
          ) : null}
          <RejectForm id={business.id} version={business.version} />
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('clients.history')}
        </Title>
        <HistoryList
          entries={history}
          describe={(entry) =>
            `${t(`businesses.audit.${entry.action.replace('application.', '')}`)} ${changedFields(
              entry,
              (_f, v) => t(`businesses.statuses.${String(v)}`),
            )}`.trim()
          }
          empty={t('clients.noHistory')}
        />
      </Stack>
    </Stack>
  );
};
