import { type CreateShopBody, createShopBodySchema } from '@esim/contracts/staff';
import { useToast } from '@esim/ui/feedback/toast';
import { FormShell } from '@esim/ui/form/form-shell';
import { EmailField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { SimpleGrid, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCreateShop } from '../api/create-shop';

const empty: CreateShopBody = { shopName: '', sellShopPrice: 20, firstName: '', lastName: '', email: '' };

/** The shop and its first user; the user chooses a password from the invitation e-mail. */
export const CreateShopForm = () => {
  const { t } = useTranslation(['admin-shops', 'admin', 'common']);
  const toast = useToast();
  const form = useApiForm(createShopBodySchema, {
    defaultValues: empty,
    mutation: useCreateShop(),
    onSuccess: ({ message }) => {
      form.reset(empty);
      toast(message);
      return { kind: 'success', message };
    },
    fallback: 'GENERIC',
  });
  return (
    <FormShell form={form} maw={560} submitLabel={t('createShop.submit')} data-testid="create-shop-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField form={form} name="shopName" label={t('createShop.shopName')} required />
        <TextField
          form={form}
          name="sellShopPrice"
          label={t('shops.sellShopPrice')}
          inputMode="numeric"
          required
        />
      </SimpleGrid>
      <Title order={2} size="h5">
        {t('createShop.firstUser')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField form={form} name="firstName" autoComplete="off" required />
        <TextField form={form} name="lastName" autoComplete="off" required />
      </SimpleGrid>
      <EmailField form={form} name="email" autoComplete="off" required />
    </FormShell>
  );
};
