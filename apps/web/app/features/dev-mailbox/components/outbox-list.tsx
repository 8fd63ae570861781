import '../../../styles/form-styles';
import '@mantine/core/styles/Badge.css';
import { localeTags } from '@esim/contracts/locales';
import { describeError } from '@esim/ui/describe-error';
import { FormAlert } from '@esim/ui/form/form-shell';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useLocale } from '../../../lib/use-locale';
import { useOutbox } from '../api/list-outbox';
import { AttachmentList } from './attachment-list';
import { LinkifiedText } from './linkified-text';

export const OutboxList = () => {
  const { t } = useTranslation();
  const locale = useLocale();
  const outbox = useOutbox();
  const formatDate = (value: string) =>
    new Intl.DateTimeFormat(localeTags[locale], { dateStyle: 'medium', timeStyle: 'medium' }).format(
      new Date(value),
    );

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button variant="outline" onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
          {t('mailbox.refresh')}
        </Button>
      </Group>
      {outbox.isPending ? <PageLoader /> : null}
      {outbox.isError ? (
        <FormAlert feedback={{ kind: 'error', message: describeError(t, outbox.error) }} />
      ) : null}
      {outbox.data?.items.length === 0 ? <Text>{t('mailbox.empty')}</Text> : null}
      {outbox.data?.items.map((message) => (
        <Paper
          key={message.id}
          withBorder
          p="md"
          radius="md"
          component="article"
          data-testid="outbox-message"
        >
          <Group justify="space-between" align="flex-start" gap="xs">
            <Title order={2} size="h4">
              {message.subject ?? t('mailbox.noSubject')}
            </Title>
            <Badge color="dark" variant="outline">
              {message.channel}
            </Badge>
          </Group>
          <Text size="sm" c="dark.6" mt={4}>
            {t('mailbox.to')}: <span data-testid="outbox-to">{message.to}</span> ·{' '}
            {formatDate(message.created_at)}
          </Text>
          <LinkifiedText text={message.text} />
          <AttachmentList attachments={message.attachments ?? []} />
        </Paper>
      ))}
    </Stack>
  );
};
