import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/list-screen';
import { ShopDrawer } from '../../features/shops/components/shop-drawer';
import { shopsList } from '../../features/shops/shops-list';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('shops');

/** SPEC section 2 `/staff/manage-shops` (admin only): approve, suspend, reactivate, markup, credit, beside the list. */
export default function ManageShops() {
  const { t } = useTranslation('admin');
  return (
    <ListScreen
      list={shopsList}
      title="screens.staffManageShops"
      detail={{
        param: 'shop',
        title: t('admin-shops:shops.detailTitle'),
        render: (id) => <ShopDrawer shopId={id} />,
      }}
    />
  );
}
