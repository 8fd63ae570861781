import { type GeneralOptionsResponse, saveGeneralOptionsBodySchema } from '@esim/contracts/staff';
import { Section } from '@esim/ui/detail/detail-page';
import { FormShell } from '@esim/ui/form/form-shell';
import { MoneyField } from '@esim/ui/form/money-field';
import { NumberField } from '@esim/ui/form/number-field';
import { SwitchField } from '@esim/ui/form/switch-field';
import { EmailField, TelField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSaveGeneralOptions } from '../api/general-options';

const addressLines = 4;
const maxTiers = 8;

const valuesOf = ({ options, version }: GeneralOptionsResponse) => ({
  options: {
    ...options,
    seller: {
      ...options.seller,
      // A field per printable line; empty ones are dropped on save.
      address: Array.from({ length: addressLines }, (_, i) => options.seller.address[i] ?? ''),
    },
  },
  version,
});

/**
 * The general options (admin only), checked with the server's own contract. Every save is a new version; a
 * version someone else saved in between is refused (RECORD_CHANGED) rather than overwritten.
 */
export const GeneralOptionsForm = ({ data }: { data: GeneralOptionsResponse }) => {
  const { t } = useTranslation(['admin-settings', 'admin', 'common']);
  const form = useApiForm(saveGeneralOptionsBodySchema, {
    defaultValues: valuesOf(data),
    mutation: useSaveGeneralOptions(),
    onSuccess: (result) => {
      form.reset({ ...form.getValues(), version: result.version });
      return { kind: 'success', message: result.message };
    },
    fallback: 'GENERIC',
  });
  const tiers = useFieldArray({ control: form.control, name: 'options.topUpBonusTiers' });

  return (
    <FormShell
      form={form}
      maw={880}
      data-testid="general-options-form"
      submitLabel={t('general.save')}
      submitProps={{ style: { alignSelf: 'flex-start' }, 'data-testid': 'general-options-save' }}
    >
      <Section title={t('general.sections.support')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <EmailField form={form} name="options.supportEmail" autoComplete="off" required />
          <TelField
            form={form}
            name="options.whatsappNumber"
            autoComplete="off"
            description={t('general.whatsappHint')}
            required
          />
        </SimpleGrid>
      </Section>

      <Section title={t('general.sections.seller')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField form={form} name="options.seller.name" label={t('general.sellerName')} required />
          <TextField form={form} name="options.seller.taxId" required />
          <EmailField
            form={form}
            name="options.seller.email"
            label={t('general.sellerEmail')}
            autoComplete="off"
            required
          />
          <NumberField form={form} name="options.vatRatePercent" min={0} max={100} suffix=" %" required />
          {Array.from({ length: addressLines }, (_, i) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines are positions, not records.
              key={i}
              form={form}
              name={`options.seller.address.${i}`}
              label={t('general.addressLine', { line: i + 1 })}
              required={i === 0}
            />
          ))}
        </SimpleGrid>
      </Section>

      <Section title={t('general.sections.topUps')}>
        <Stack gap="sm">
          <MoneyField form={form} name="options.minimumTopUpCents" required maw={280} />
          {tiers.fields.map((tier, i) => (
            <Group key={tier.id} align="flex-end" gap="sm" data-testid="bonus-tier">
              <MoneyField
                form={form}
                name={`options.topUpBonusTiers.${i}.fromCents`}
                label={t('general.tierFrom', { tier: i + 1 })}
                required
              />
              <NumberField
                form={form}
                name={`options.topUpBonusTiers.${i}.percent`}
                label={t('general.tierPercent', { tier: i + 1 })}
                min={0}
                max={100}
                suffix=" %"
                required
              />
              <Button variant="outline" color="red.9" onClick={() => tiers.remove(i)}>
                {t('general.removeTier', { tier: i + 1 })}
              </Button>
            </Group>
          ))}
          {tiers.fields.length < maxTiers ? (
            <Button
              variant="default"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => tiers.append({ fromCents: 0, percent: 0 })}
            >
              {t('general.addTier')}
            </Button>
          ) : null}
        </Stack>
      </Section>

      <Section title={t('general.sections.alerts')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberField
            form={form}
            name="options.alertThresholds.0"
            label={t('general.firstAlert')}
            min={1}
            max={99}
            suffix=" %"
            required
          />
          <NumberField
            form={form}
            name="options.alertThresholds.1"
            label={t('general.secondAlert')}
            min={2}
            max={100}
            suffix=" %"
            required
          />
        </SimpleGrid>
      </Section>

      <Section title={t('general.sections.esims')}>
        <Stack gap="sm">
          <NumberField
            form={form}
            name="options.freeUnusedEsimAfterDays"
            min={1}
            max={365}
            maw={280}
            required
          />
          <SwitchField
            form={form}
            name="options.freeUnusedEsimsAutomatically"
            description={t('general.autoFreeHint')}
          />
        </Stack>
      </Section>

      <Section title={t('general.sections.refunds')}>
        <NumberField
          form={form}
          name="options.refundFullIfNotInstalledDays"
          description={t('general.refundHint')}
          min={0}
          max={365}
          maw={280}
          required
        />
      </Section>

      <Section title={t('general.sections.catalogue')}>
        <Stack gap="sm">
          <SwitchField
            form={form}
            name="options.catalogueSyncAutoApply"
            description={t('general.autoApplyHint')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberField
              form={form}
              name="options.catalogueMarkupPercent"
              min={0}
              max={500}
              suffix=" %"
              required
            />
            <NumberField
              form={form}
              name="options.resellerMarkupPercent"
              min={0}
              max={500}
              suffix=" %"
              required
            />
            <MoneyField form={form} name="options.changeEsimPriceCents" required />
          </SimpleGrid>
        </Stack>
      </Section>
    </FormShell>
  );
};
