import { Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useGeneralOptions, useRestoreGeneralOptions } from '../api/general-options';
import { GeneralOptionsForm } from './general-options-form';
import { VersionHistory } from './version-history';

/** `/settings/general-options`: the form and the versions it can go back to. */
export const GeneralOptionsScreen = () => {
  const { t } = useTranslation('admin');
  const answer = useGeneralOptions();
  const restore = useRestoreGeneralOptions();
  // A restore replaces every value: the form starts again from the restored version.
  const [restores, setRestores] = useState(0);
  return (
    <>
      <PageTitle>{t('screens.settingsGeneral')}</PageTitle>
      {answer.isSuccess ? (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <GeneralOptionsForm key={restores} data={answer.data} />
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <VersionHistory
              versions={answer.data.versions}
              current={answer.data.version}
              restore={restore}
              onRestored={() => setRestores((n) => n + 1)}
            />
          </Paper>
        </Stack>
      ) : (
        <LoadState query={answer} />
      )}
    </>
  );
};
