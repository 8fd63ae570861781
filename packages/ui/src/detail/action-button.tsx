/**
 * A record's actions: a button per action and, under them, why the last one was refused. An action that
 * destroys or blocks asks first (`confirm`); one that moves money or access asks for a reason too (`reason`),
 * which goes into the request (`variables` is then a function of it).
 */
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../feedback/confirm-button';
import type { Action } from './use-action';

type ActionButtonProps<Variables> = {
  action: Action<Variables>;
  label: string;
  /** Ask first: the question and what will happen. */
  confirm?: { title: string; message: string };
  /** Ask for a reason (with `confirm`); its length bounds come from the action's contract. */
  reason?: { label: string; minLength: number; maxLength: number };
  variables: Variables | ((reason: string) => Variables);
  /** A destructive action is outlined in red. */
  danger?: boolean;
  disabled?: boolean;
  'data-testid'?: string;
};

export const ActionButton = <Variables,>({
  action,
  label,
  confirm,
  reason,
  variables,
  danger = Boolean(confirm),
  disabled = false,
  'data-testid': testId,
}: ActionButtonProps<Variables>) => {
  const { t } = useTranslation();
  const build = (text: string) =>
    typeof variables === 'function' ? (variables as (reason: string) => Variables)(text) : variables;
  const color = danger ? 'red.9' : undefined;
  if (confirm || reason)
    return (
      <ConfirmButton
        variant="outline"
        color={color}
        size="sm"
        disabled={disabled}
        title={confirm?.title ?? label}
        message={confirm?.message ?? ''}
        confirmLabel={label}
        cancelLabel={t('common:actions.cancel')}
        {...(reason ? { reason: { ...reason, label: reason.label } } : {})}
        onConfirm={(text) => action.run(build(text ?? ''))}
        data-testid={testId}
      >
        {label}
      </ConfirmButton>
    );
  const own = build('');
  return (
    <Button
      variant="default"
      size="sm"
      loading={action.isPending(
        (running) => running === own || JSON.stringify(running) === JSON.stringify(own),
      )}
      disabled={disabled}
      onClick={() => void action.run(own)}
      data-testid={testId}
    >
      {label}
    </Button>
  );
};

/** The action buttons in a row, and the refusal of the last one run in an alert. */
export const ActionGroup = ({
  actions,
  children,
  errorTestId,
}: {
  /** The actions whose refusals show here. */
  actions: readonly Pick<Action<unknown>, 'error'>[];
  children: ReactNode;
  errorTestId?: string;
}) => {
  const error = actions.find((action) => action.error)?.error;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        {children}
      </Group>
      {error ? (
        <Alert color="red.9" variant="outline" role="alert" data-testid={errorTestId}>
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
};
