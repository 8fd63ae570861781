import { formatPrice } from '@esim/ui/format';
import { useTranslation } from 'react-i18next';
import type { FieldName, PlainForm } from '../../../components/plain-form/use-plain-form';
import { useLocale } from '../../../lib/use-locale';
import { previewCoupon } from '../api/preview-coupon';
import { CodeApplyField } from './code-apply-field';

/**
 * The order form's coupon (ADR 0057): "apply" shows the discount and the price to pay, which the pay button then
 * shows too (`onPrice`). The server prices the order itself with the code the form sends.
 */
export const CouponCodeField = <In extends Record<string, unknown>>({
  form,
  packageSlug,
  onPrice,
}: {
  form: PlainForm<In>;
  packageSlug: string;
  /** The discounted price, formatted; null while a code is checked or after it was refused. */
  onPrice: (price: string | null) => void;
}) => {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <CodeApplyField
      form={form}
      name={'couponCode' as FieldName<In>}
      label={t('gifts:fields.couponCode')}
      description={t('gifts:coupon.hint')}
      testId="coupon"
      preview={async (code) => {
        onPrice(null);
        const preview = await previewCoupon(code, packageSlug);
        const total = formatPrice(preview.totalCents, locale);
        onPrice(total);
        return t('gifts:coupon.applied', { discount: formatPrice(preview.discountCents, locale), total });
      }}
    />
  );
};
