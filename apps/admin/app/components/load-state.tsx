import { describeError } from '@esim/ui/describe-error';
import { Alert, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/**
 * What a detail shows while its data is not there: a loader, or the error in an alert. Use it as
 * `if (!answer.isSuccess) return <LoadState query={answer} />;`, after which the data is typed.
 */
export const LoadState = ({ query }: { query: Pick<UseQueryResult, 'isError' | 'error'> }) => {
  const { t } = useTranslation();
  if (query.isError)
    return (
      <Alert color="red.9" variant="outline" role="alert">
        {describeError(t, query.error, 'GENERIC')}
      </Alert>
    );
  return <Loader size="sm" role="status" aria-label={t('common:list.loading')} />;
};
