import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { giftEsimsList } from '../gift-esims-list';
import { GiftEsimDetail } from './gift-esim-detail';

/** Gift eSIMs with their delivery state; a gift opens beside the list with "resend to recipient". */
export const GiftEsimsScreen = () => {
  const { t } = useTranslation(['admin-orders', 'admin']);
  return (
    <ListScreen
      list={giftEsimsList}
      title="screens.ordersGiftEsims"
      detail={{
        param: 'gift',
        title: t('giftEsims.detailTitle'),
        render: (id) => <GiftEsimDetail orderId={id} />,
      }}
    />
  );
};
