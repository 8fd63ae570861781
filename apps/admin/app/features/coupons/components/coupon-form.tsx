import { packageTypes } from '@esim/contracts';
import { type Coupon, type CouponBody, couponBodySchema, couponKinds } from '@esim/contracts/staff';
import { DateField } from '@esim/ui/form/date-field';
import { FormShell } from '@esim/ui/form/form-shell';
import { MoneyField } from '@esim/ui/form/money-field';
import { SelectField } from '@esim/ui/form/select-field';
import { TextField } from '@esim/ui/form/text-field';
import { useRecordForm } from '@esim/ui/form/use-record-form';
import { SimpleGrid, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSaveCoupon } from '../api/coupons';
import { couponEditPath, couponsList } from '../coupons-list';

const today = () => new Date().toISOString().slice(0, 10);
const text = (value: number | string | null) => (value === null ? '' : String(value));

const emptyCoupon = (): CouponBody => ({
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOffCents: null,
  startsOn: today(),
  endsOn: '',
  maxRedemptions: '',
  maxPerCustomer: '',
  minOrderCents: 0,
  scopePackageSlug: '',
  scopePackageType: '',
  scopeCountry: '',
});

/** What the form shows of a saved coupon (empty inputs for "none"). */
const valuesOf = (coupon: Coupon): CouponBody => ({
  code: coupon.code,
  kind: coupon.kind,
  percentOff: text(coupon.percentOff),
  amountOffCents: coupon.amountOffCents,
  startsOn: coupon.startsOn,
  endsOn: text(coupon.endsOn),
  maxRedemptions: text(coupon.maxRedemptions),
  maxPerCustomer: text(coupon.maxPerCustomer),
  minOrderCents: coupon.minOrderCents,
  scopePackageSlug: text(coupon.scopePackageSlug),
  scopePackageType: text(coupon.scopePackageType),
  scopeCountry: text(coupon.scopeCountry),
  version: coupon.version,
});

/**
 * `/coupons/create` and `/coupons/edit/{id}`: the code, a percent or a fixed amount, the validity days, the
 * limits, the minimum order and the scope. The server refuses an existing code and an end before the start.
 */
export const CouponForm = ({ coupon }: { coupon?: Coupon }) => {
  const { t } = useTranslation(['admin-coupons', 'admin', 'common']);
  const form = useRecordForm(couponBodySchema, {
    record: coupon,
    empty: emptyCoupon,
    valuesOf,
    mutation: useSaveCoupon(couponsList.id, coupon?.id),
    saved: (answer) => answer.coupon,
    editPath: (saved) => couponEditPath(saved.id),
  });
  const kind = form.watch('kind');
  const any = t('coupons.form.any');
  return (
    <FormShell
      form={form}
      maw={720}
      submitLabel={t(coupon ? 'coupons.form.save' : 'coupons.form.create')}
      data-testid="coupon-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField
          form={form}
          name="code"
          label={t('coupons.code')}
          description={t('coupons.form.codeHelp')}
          autoComplete="off"
          required
        />
        <SelectField
          form={form}
          name="kind"
          label={t('coupons.kind')}
          options={couponKinds.map((value) => ({ value, label: t(`coupons.kinds.${value}`) }))}
          required
        />
        {kind === 'fixed' ? (
          <MoneyField form={form} name="amountOffCents" label={t('coupons.amountOffCents')} required />
        ) : (
          <TextField
            form={form}
            name="percentOff"
            label={t('coupons.percentOff')}
            inputMode="numeric"
            required
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField form={form} name="startsOn" label={t('coupons.startsOn')} required />
        <DateField
          form={form}
          name="endsOn"
          label={t('coupons.endsOn')}
          description={t('coupons.form.endsOnHelp')}
        />
      </SimpleGrid>
      <Title order={2} size="h5">
        {t('coupons.form.limits')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField
          form={form}
          name="maxRedemptions"
          label={t('coupons.maxRedemptions')}
          description={t('coupons.form.noLimitHelp')}
          inputMode="numeric"
        />
        <TextField
          form={form}
          name="maxPerCustomer"
          label={t('coupons.maxPerCustomer')}
          description={t('coupons.form.noLimitHelp')}
          inputMode="numeric"
        />
        <MoneyField form={form} name="minOrderCents" label={t('coupons.minOrderCents')} required />
      </SimpleGrid>
      <Title order={2} size="h5">
        {t('coupons.form.scope')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField
          form={form}
          name="scopePackageSlug"
          label={t('coupons.scopePackageSlug')}
          description={t('coupons.form.packageHelp')}
          autoComplete="off"
        />
        <SelectField
          form={form}
          name="scopePackageType"
          label={t('coupons.scopePackageType')}
          placeholder={any}
          options={packageTypes.map((value) => ({ value, label: t(`coupons.packageTypes.${value}`) }))}
        />
        <TextField
          form={form}
          name="scopeCountry"
          label={t('coupons.scopeCountry')}
          description={t('coupons.form.countryHelp')}
          autoComplete="off"
          maxLength={2}
        />
      </SimpleGrid>
    </FormShell>
  );
};
