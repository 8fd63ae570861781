import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/list-screen';
import { GiftCardDetail } from '../../features/gift-cards/components/gift-card-detail';
import { giftCardsList } from '../../features/gift-cards/gift-cards-list';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('gift-cards');

/** SPEC section 2 `/orders/gift-cards` (admin only): gift cards; one opens beside the list with its redemptions. */
export default function GiftCards() {
  const { t } = useTranslation('admin');
  return (
    <ListScreen
      list={giftCardsList}
      title="screens.ordersGiftCards"
      detail={{
        param: 'card',
        title: t('admin-gift-cards:giftCards.detailTitle'),
        render: (id) => <GiftCardDetail id={id} />,
      }}
    />
  );
}
