import type { Locale } from '@esim/contracts/locales';
import { type Client, type ClientAction, clientRestoreDays } from '@esim/contracts/staff';
import { describeError } from '@esim/ui/describe-error';
import { ConfirmButton } from '@esim/ui/feedback/confirm-button';
import { useToast } from '@esim/ui/feedback/toast';
import { formatDate } from '@esim/ui/format';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClientAction } from '../api/act-on-client';

/** Which actions a client's state offers; destructive ones ask first. */
const actionsFor = (status: Client['status']): ClientAction[] =>
  status === 'active'
    ? ['block', 'delete', 'password-reset']
    : status === 'blocked'
      ? ['unblock', 'delete']
      : ['restore'];

const destructive = new Set<ClientAction>(['block', 'delete']);

/** The actions on one client, with the outcome as a toast and a refusal (a stale screen) as an alert. */
export const ClientActions = ({ client, locale }: { client: Client; locale: Locale }) => {
  const { t } = useTranslation(['admin', 'common']);
  const toast = useToast();
  const action = useClientAction(client.id);
  const run = (name: ClientAction) =>
    action.mutateAsync({ action: name, version: client.version }).then(
      ({ message }) => toast(message),
      () => undefined,
    );
  const restoreUntil =
    client.deletedAt && new Date(Date.parse(client.deletedAt) + clientRestoreDays * 86_400_000).toISOString();

  return (
    <Stack gap="sm">
      <Group gap="sm">
        {actionsFor(client.status).map((name) =>
          destructive.has(name) ? (
            <ConfirmButton
              key={name}
              variant="outline"
              color="red.9"
              size="sm"
              title={t(`clients.confirm.${name}.title`)}
              message={t(`clients.confirm.${name}.message`, {
                name: `${client.firstName} ${client.lastName}`,
              })}
              confirmLabel={t(`clients.actions.${name}`)}
              cancelLabel={t('clients.cancel')}
              onConfirm={() => run(name)}
              data-testid={`client-${name}`}
            >
              {t(`clients.actions.${name}`)}
            </ConfirmButton>
          ) : (
            <Button
              key={name}
              variant="default"
              size="sm"
              loading={action.isPending && action.variables?.action === name}
              onClick={() => void run(name)}
              data-testid={`client-${name}`}
            >
              {t(`clients.actions.${name}`)}
            </Button>
          ),
        )}
      </Group>
      {restoreUntil ? (
        <Text size="sm" c="gray.7">
          {t('clients.restoreUntil', { date: formatDate(restoreUntil, locale) })}
        </Text>
      ) : null}
      {action.isError ? (
        <Alert color="red.9" variant="outline" role="alert" data-testid="client-action-error">
          {describeError(t, action.error, 'GENERIC')}
        </Alert>
      ) : null}
    </Stack>
  );
};
