import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { useShop } from '../api/get-shop';
import { shopPath } from '../shops-list';
import { ShopManagePanel } from './shop-manage-panel';

/** Manage shops' drawer: the shop's actions and a link to its full page. */
export const ShopDrawer = ({ shopId }: { shopId: string }) => {
  const { t } = useTranslation(['admin-shops', 'admin', 'common']);
  const answer = useShop(shopId);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={shopPath(shopId)} c="accent.7">
        {t('shops.openPage')}
      </Anchor>
      <ShopManagePanel detail={answer.data} />
    </Stack>
  );
};
