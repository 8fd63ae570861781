import type { ReactNode } from 'react';
import '../styles/form-styles';
import { describeError } from '@esim/ui/describe-error';
import { Alert, Button, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const alertStyles = { message: { color: 'var(--mantine-color-dark-9)' } };

/** "Loading…" while a screen's data comes. */
export const Loading = () => {
  const { t } = useTranslation();
  return (
    <Text role="status" py="md">
      <Loader size="sm" aria-hidden="true" me="xs" />
      {t('loading')}
    </Text>
  );
};

/** A failed load: the server's message (or a generic one) and a way to try again. */
export const LoadError = ({ error, onRetry }: { error: unknown; onRetry?: () => void }) => {
  const { t } = useTranslation();
  return (
    <Alert color="red.9" variant="outline" role="alert" styles={alertStyles} data-testid="load-error">
      {describeError(t, error)}
      {onRetry ? (
        <Button mt="sm" size="compact-md" variant="outline" display="block" onClick={onRetry}>
          {t('account.tryAgain')}
        </Button>
      ) : null}
    </Alert>
  );
};

/** A short notice on a screen (an empty list, a hint, an outcome: a success is announced). */
export const Notice = ({
  children,
  tone = 'info',
  testId,
}: {
  children: ReactNode;
  tone?: 'info' | 'success' | 'error';
  testId?: string;
}) => (
  <Alert
    color={tone === 'success' ? 'green.9' : tone === 'error' ? 'red.9' : 'accent.9'}
    variant="outline"
    role={tone === 'error' ? 'alert' : tone === 'success' ? 'status' : undefined}
    styles={alertStyles}
    data-testid={testId}
  >
    {children}
  </Alert>
);
