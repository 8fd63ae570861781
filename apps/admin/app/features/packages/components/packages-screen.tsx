import { useToast } from '@esim/ui/feedback/toast';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { useBulkPackages } from '../api/packages';
import { packagesList } from '../packages-list';
import { MarginAction } from './margin-action';
import { PackageDrawer } from './package-drawer';
import { SyncDiff } from './sync-diff';

/** `/global-packages/all`: every package, its edit drawer, bulk activate / deactivate / set margin, the sync's diff. */
export const PackagesScreen = () => {
  const { t } = useTranslation(['admin-packages', 'admin']);
  const toast = useToast();
  const bulk = useBulkPackages();
  return (
    <ListScreen
      list={packagesList}
      title="screens.packagesGlobal"
      before={<SyncDiff />}
      detail={{
        param: 'package',
        title: t('packages.detailTitle'),
        render: (id) => <PackageDrawer packageId={id} />,
      }}
      bulkActions={(selected, clearSelection) => {
        const ids = selected.map((pkg) => pkg.id);
        const run = (action: 'activate' | 'deactivate') =>
          bulk.mutate(
            { ids, action },
            {
              onSuccess: ({ message }) => {
                toast(message);
                clearSelection();
              },
            },
          );
        return (
          <Group gap="xs" align="flex-end">
            <Button size="xs" variant="default" onClick={() => run('activate')} data-testid="bulk-activate">
              {t('packages.bulk.activate')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => run('deactivate')}
              data-testid="bulk-deactivate"
            >
              {t('packages.bulk.deactivate')}
            </Button>
            <MarginAction
              ids={ids}
              submit={(body) => bulk.mutateAsync({ ...body, action: 'setMargin' })}
              pending={bulk.isPending}
              done={clearSelection}
              testId="bulk-margin"
            />
          </Group>
        );
      }}
    />
  );
};
