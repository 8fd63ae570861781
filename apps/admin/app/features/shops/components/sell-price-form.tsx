import { type Shop, type StaffUpdateShopBody, staffUpdateShopBodySchema } from '@esim/contracts/staff';
import { useToast } from '@esim/ui/feedback/toast';
import { FormShell } from '@esim/ui/form/form-shell';
import { TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { useTranslation } from 'react-i18next';
import { useUpdateShop } from '../api/change-shop';

/** The shop's retail markup in percent, saved with the version on screen. */
export const SellPriceForm = ({ shop }: { shop: Shop }) => {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const form = useApiForm(staffUpdateShopBodySchema, {
    defaultValues: { version: shop.version, sellShopPrice: shop.sellShopPrice } as StaffUpdateShopBody,
    mutation: useUpdateShop(shop.id),
    onSuccess: ({ message }) => {
      toast(message);
      return { kind: 'success', message };
    },
    fallback: 'GENERIC',
  });
  return (
    <FormShell form={form} submitLabel={t('shops.saveSellPrice')} data-testid="sell-price-form" maw={360}>
      <TextField
        form={form}
        name="sellShopPrice"
        label={t('shops.sellShopPrice')}
        inputMode="numeric"
        required
      />
    </FormShell>
  );
};
