import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/list-screen';
import { couponsList } from '../../features/coupons/coupons-list';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('coupons');

/** SPEC section 2 `/coupons/all` (admin only): every coupon; its code opens it for editing. */
export default function CouponsAll() {
  const { t } = useTranslation('admin-coupons');
  return (
    <ListScreen
      list={couponsList}
      title="screens.couponsAll"
      create={{ to: '/coupons/create', label: t('coupons.form.create'), 'data-testid': 'coupon-create-link' }}
    />
  );
}
