import { isApiError } from '@esim/ui/api-client';
import { describeError } from '@esim/ui/describe-error';
import { useToast } from '@esim/ui/feedback/toast';
import { Alert, Button, Checkbox, Group, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type MarginBody = { ids: string[]; marginPercent: number; confirmBelowMargin?: boolean };

/**
 * "Set margin" for the selected rows: a percent over the wholesale cost. Below the minimum margin the server
 * refuses until the staff member ticks the confirmation, which appears with the refusal.
 */
export const MarginAction = ({
  ids,
  submit,
  pending,
  done,
  testId,
}: {
  ids: string[];
  submit: (body: MarginBody) => Promise<{ message: string }>;
  pending: boolean;
  done: () => void;
  testId: string;
}) => {
  const { t } = useTranslation(['admin-packages', 'admin']);
  const toast = useToast();
  const [percent, setPercent] = useState<number | string>(45);
  const [belowMargin, setBelowMargin] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = () => {
    setError(null);
    submit({ ids, marginPercent: Number(percent), confirmBelowMargin: confirmed }).then(
      ({ message }) => {
        toast(message);
        setBelowMargin(false);
        setConfirmed(false);
        done();
      },
      (failure: unknown) => {
        if (isApiError(failure) && failure.code === 'PRICE_BELOW_MARGIN') setBelowMargin(true);
        setError(describeError(t, failure, 'GENERIC'));
      },
    );
  };
  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NumberInput
          size="xs"
          w={110}
          min={0}
          max={500}
          label={t('packages.bulk.marginPercent')}
          value={percent}
          onChange={setPercent}
          data-testid={`${testId}-percent`}
        />
        <Button size="xs" loading={pending} onClick={run} data-testid={testId}>
          {t('packages.bulk.setMargin')}
        </Button>
      </Group>
      {belowMargin ? (
        <Checkbox
          size="xs"
          label={t('packages.edit.confirmBelowMargin')}
          checked={confirmed}
          onChange={(event) => setConfirmed(event.currentTarget.checked)}
          data-testid={`${testId}-confirm`}
        />
      ) : null}
      {error ? (
        <Alert color="red" role="alert" p="xs" data-testid={`${testId}-error`}>
          {error}
        </Alert>
      ) : null}
    </>
  );
};
