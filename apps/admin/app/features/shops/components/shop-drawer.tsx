import { describeError } from '@esim/ui/describe-error';
import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShop } from '../api/get-shop';
import { shopPath } from '../shops-list';
import { ShopManagePanel } from './shop-manage-panel';

/** Manage shops' drawer: the shop's actions and a link to its full page. */
export const ShopDrawer = ({ shopId }: { shopId: string }) => {
  const { t } = useTranslation(['admin', 'common']);
  const answer = useShop(shopId);
  if (answer.isPending) return <Loader size="sm" aria-label={t('common:list.loading')} />;
  if (answer.isError)
    return (
      <Alert color="red.9" variant="outline" role="alert">
        {describeError(t, answer.error, 'GENERIC')}
      </Alert>
    );
  return (
    <Stack gap="md">
      <Anchor component={Link} to={shopPath(shopId)} c="accent.7">
        {t('shops.openPage')}
      </Anchor>
      <ShopManagePanel detail={answer.data} />
    </Stack>
  );
};
