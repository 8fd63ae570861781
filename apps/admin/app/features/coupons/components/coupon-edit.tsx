import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { useCoupon } from '../api/coupons';
import { CouponForm } from './coupon-form';

/** `/coupons/edit/{id}`: the coupon's form filled in, with how often it was used. */
export const CouponEdit = ({ id }: { id: string }) => {
  const { t } = useTranslation('admin-coupons');
  const answer = useCoupon(id);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const coupon = answer.data;
  return (
    <>
      <p data-testid="coupon-uses">
        {coupon.maxRedemptions === null
          ? t('coupons.usedTimes', { count: coupon.redeemedCount })
          : t('coupons.usesOf', { used: coupon.redeemedCount, max: coupon.maxRedemptions })}
      </p>
      <CouponForm key={coupon.version} coupon={coupon} />
    </>
  );
};
