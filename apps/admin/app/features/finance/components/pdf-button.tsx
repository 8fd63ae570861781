import { describeError } from '@esim/ui/describe-error';
import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Downloads a report's PDF; a refusal (a bad period) is shown in the server's words under the button. */
export const PdfButton = ({ download, testId }: { download: () => Promise<void>; testId: string }) => {
  const { t } = useTranslation(['admin-finance', 'admin']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await download();
    } catch (failure) {
      setError(describeError(t, failure, 'GENERIC'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Button variant="default" loading={busy} onClick={() => void run()} data-testid={testId}>
        {t('pdf')}
      </Button>
      {error ? (
        <Alert color="red.9" variant="outline" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
};
