import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { CouponEdit as CouponEditForm } from '../../features/coupons/components/coupon-edit';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('coupons');

/** SPEC section 2 `/coupons/edit/{id}` (admin only). */
export default function CouponEdit() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle>{t('screens.couponEdit')}</PageTitle>
      <Paper withBorder radius="md" p="lg" maw={760}>
        <CouponEditForm id={id} />
      </Paper>
    </>
  );
}
