/**
 * The detail kit (DESIGN "Detail pages"): an entity's page or drawer is its title and status, its actions and
 * its sections, each a few declarations:
 *
 *   <DetailPage title={name} status={{ statuses: clientStatuses, value: client.status }} actions={…}>
 *     <Section title={t('clients.profile')}><Facts item={client} labels="…" facts={[fact.text('email')]} /></Section>
 *     <Section title={t('clients.orders')}><RelatedList rows={orderRows} items={detail.orders} /></Section>
 *   </DetailPage>
 */
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusList } from '../status-list';

/** A status in its list's words and colour (the same as the list cell and the history). */
export const StatusBadge = <Value extends string>({
  statuses,
  value,
  'data-testid': testId,
}: {
  statuses: StatusList<Value>;
  value: Value;
  'data-testid'?: string;
}) => {
  const { t } = useTranslation();
  return (
    <Badge color={statuses.color(value)} variant="filled" data-testid={testId}>
      {statuses.label(t, value)}
    </Badge>
  );
};

export type DetailStatus<Value extends string> = {
  statuses: StatusList<Value>;
  value: Value;
  'data-testid'?: string;
};

type DetailPageProps<Value extends string> = {
  title: ReactNode;
  /** A line under the title (an e-mail address). */
  subtitle?: ReactNode;
  /** The record's status badge. */
  status?: DetailStatus<Value>;
  /** Further badges beside the status (a role, "invitation pending"). */
  badges?: ReactNode;
  /** The record's actions (`ActionGroup`), under the title. */
  actions?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
};

export const DetailPage = <Value extends string>({
  title,
  subtitle,
  status,
  badges,
  actions,
  children,
  'data-testid': testId,
}: DetailPageProps<Value>) => (
  <Stack gap="lg" data-testid={testId}>
    <Stack gap={4}>
      <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {subtitle ? <Text c="gray.7">{subtitle}</Text> : null}
      {status || badges ? (
        <Group gap="xs">
          {status ? (
            <StatusBadge
              statuses={status.statuses}
              value={status.value}
              data-testid={status['data-testid']}
            />
          ) : null}
          {badges}
        </Group>
      ) : null}
    </Stack>
    {actions}
    {children}
  </Stack>
);

/** One titled part of a detail. */
export const Section = ({
  title,
  children,
  'data-testid': testId,
}: {
  title: string;
  children: ReactNode;
  'data-testid'?: string;
}) => (
  <Stack gap="xs" data-testid={testId}>
    <Title order={3} size="h5">
      {title}
    </Title>
    {children}
  </Stack>
);
