import { localeLabels, locales, localeTags } from '@esim/contracts';
import { type StaffPackage, updatePackageBodySchema } from '@esim/contracts/staff';
import { DateField } from '@esim/ui/form/date-field';
import { FormShell } from '@esim/ui/form/form-shell';
import { MoneyField } from '@esim/ui/form/money-field';
import { TextField } from '@esim/ui/form/text-field';
import { Fieldset, Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUpdatePackage } from '../api/packages';
import { CheckboxField } from './checkbox-field';
import { useMarginPriceForm } from './margin-price-form';

const day = (iso: string | null, endOfDay = false) =>
  iso ? new Date(new Date(iso).getTime() - (endOfDay ? 1 : 0)).toISOString().slice(0, 10) : '';

/**
 * The edit drawer's form: price, offer price with its first and last day, popular, active and the name per
 * locale. A price below cost plus the minimum margin is refused until the staff member ticks the confirmation.
 */
export const PackageEditForm = ({ pkg }: { pkg: StaffPackage }) => {
  const { t } = useTranslation(['admin-packages', 'admin', 'common']);
  const { form, confirmation } = useMarginPriceForm(updatePackageBodySchema, {
    defaultValues: {
      version: pkg.version,
      priceCents: pkg.priceCents,
      offerPriceCents: pkg.offerPriceCents ?? undefined,
      offerStartsAt: day(pkg.offerStartsAt),
      offerEndsAt: day(pkg.offerEndsAt, true),
      popular: pkg.popular,
      active: pkg.active,
      displayNames: pkg.displayNames,
      confirmBelowMargin: false,
    },
    mutation: useUpdatePackage(pkg.id),
    confirmTestId: 'confirm-below-margin',
  });
  return (
    <FormShell form={form} submitLabel={t('packages.edit.save')} data-testid="package-edit-form">
      <Group grow align="flex-start">
        <MoneyField form={form} name="priceCents" label={t('packages.priceCents')} required />
        <MoneyField form={form} name="offerPriceCents" label={t('packages.offerPriceCents')} />
      </Group>
      <Group grow align="flex-start">
        <DateField form={form} name="offerStartsAt" label={t('packages.edit.offerStartsAt')} />
        <DateField form={form} name="offerEndsAt" label={t('packages.edit.offerEndsAt')} />
      </Group>
      <Stack gap="xs">
        <CheckboxField
          form={form}
          name="popular"
          label={t('packages.popular')}
          data-testid="package-popular"
        />
        <CheckboxField form={form} name="active" label={t('packages.active')} data-testid="package-active" />
      </Stack>
      <Fieldset legend={t('packages.edit.displayNames')} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {locales.map((locale) => (
            <TextField
              key={locale}
              form={form}
              name={`displayNames.${locale}`}
              label={localeLabels[locale]}
              placeholder={pkg.name}
              lang={localeTags[locale]}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      {confirmation}
    </FormShell>
  );
};
