import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { useAction } from '@esim/ui/detail/use-action';
import { Text } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { useFreeEsims } from '../api/esim-releases';
import { freedEsimsList, pendingEsimsList } from '../esim-releases-list';

/**
 * eSIMs the daily job found unused for the configured days; staff choose and confirm, and each is freed at the
 * provider once (unless the setting frees them automatically).
 */
export const EsimsToBeFreedScreen = () => {
  const { t } = useTranslation(['admin-settings', 'admin']);
  // The freed rows leave the list; the selection of the run that freed them goes with them.
  const clearSelection = useRef<() => void>(() => undefined);
  const free = useAction(useFreeEsims([pendingEsimsList.id, freedEsimsList.id]), {
    onSuccess: () => clearSelection.current(),
  });
  return (
    <ListScreen
      list={pendingEsimsList}
      title="screens.settingsEsimsToBeFreed"
      fixed={{ status: 'pending' }}
      before={
        <Text size="sm" c="dark.6" mb="sm">
          {t('esims.pendingIntro')}
        </Text>
      }
      bulkActions={(selected, clear) => {
        clearSelection.current = clear;
        return (
          <ActionGroup actions={[free]} errorTestId="free-esims-error">
            <ActionButton
              action={free}
              label={t('esims.free', { count: selected.length })}
              confirm={{
                title: t('esims.confirmTitle'),
                message: t('esims.confirmMessage', { count: selected.length }),
              }}
              variables={selected.map((release) => release.id)}
              data-testid="free-esims"
            />
          </ActionGroup>
        );
      }}
    />
  );
};

/** eSIMs freed at the provider, with the date, the reason and who confirmed. */
export const FreedEsimsScreen = () => (
  <ListScreen list={freedEsimsList} title="screens.settingsFreedEsims" fixed={{ status: 'freed' }} />
);
