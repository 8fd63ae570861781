import type { BonusTier } from '@esim/contracts/portal';
import { type Shop, type StaffUpdateShopBody, staffUpdateShopBodySchema } from '@esim/contracts/staff';
import { useToast } from '@esim/ui/feedback/toast';
import { FormShell } from '@esim/ui/form/form-shell';
import { MoneyField } from '@esim/ui/form/money-field';
import { TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUpdateShop } from '../api/change-shop';

const firstTier: BonusTier = { fromCents: 20_000, percent: 3 };

/**
 * The shop's terms: its retail markup and, unless it follows the settings, its own top-up bonus tiers (each "from
 * an amount, a percent"), saved with the version on screen.
 */
export const SellPriceForm = ({ shop }: { shop: Shop }) => {
  const { t } = useTranslation(['admin-shops', 'admin']);
  const toast = useToast();
  const form = useApiForm(staffUpdateShopBodySchema, {
    defaultValues: {
      version: shop.version,
      sellShopPrice: shop.sellShopPrice,
      bonusTiers: shop.bonusTiers,
    } as StaffUpdateShopBody,
    mutation: useUpdateShop(shop.id),
    onSuccess: ({ message }) => {
      toast(message);
      return { kind: 'success', message };
    },
    fallback: 'GENERIC',
  });
  const tiers = useFieldArray({ control: form.control, name: 'bonusTiers' as never });
  const own = form.watch('bonusTiers') !== null && form.watch('bonusTiers') !== undefined;
  return (
    <FormShell form={form} submitLabel={t('shops.saveSellPrice')} data-testid="sell-price-form" maw={480}>
      <TextField
        form={form}
        name="sellShopPrice"
        label={t('shops.sellShopPrice')}
        inputMode="numeric"
        required
      />
      <Checkbox
        label={t('shops.ownBonusTiers')}
        checked={own}
        onChange={(event) =>
          form.setValue('bonusTiers', event.currentTarget.checked ? [firstTier] : null, { shouldDirty: true })
        }
        data-testid="own-bonus-tiers"
      />
      {own ? (
        <Stack gap="xs">
          <Text size="sm" c="gray.7">
            {t('shops.bonusTiersHelp')}
          </Text>
          {tiers.fields.map((field, index) => (
            <Group key={field.id} align="flex-end" gap="sm" wrap="nowrap">
              <MoneyField
                form={form}
                name={`bonusTiers.${index}.fromCents`}
                label={t('shops.tierFrom')}
                required
              />
              <TextField
                form={form}
                name={`bonusTiers.${index}.percent`}
                label={t('shops.tierPercent')}
                inputMode="numeric"
                required
              />
              <Button variant="default" onClick={() => tiers.remove(index)}>
                {t('shops.removeTier')}
              </Button>
            </Group>
          ))}
          <Button
            variant="default"
            size="xs"
            onClick={() => tiers.append({ fromCents: 50_000, percent: 5 } as never)}
            style={{ alignSelf: 'flex-start' }}
            data-testid="add-bonus-tier"
          >
            {t('shops.addTier')}
          </Button>
        </Stack>
      ) : null}
    </FormShell>
  );
};
