import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { CouponForm } from '../../features/coupons/components/coupon-form';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('coupons');

/** SPEC section 2 `/coupons/create` (admin only). */
export default function CouponsCreate() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageTitle>{t('screens.couponsCreate')}</PageTitle>
      <Paper withBorder radius="md" p="lg" maw={760}>
        <CouponForm />
      </Paper>
    </>
  );
}
