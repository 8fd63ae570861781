import { localeLabels, locales } from '@esim/contracts';
import {
  adminOrderPurposes,
  type CreateAdminOrderBody,
  createAdminOrderBodySchema,
} from '@esim/contracts/staff';
import { useToast } from '@esim/ui/feedback/toast';
import { FormShell } from '@esim/ui/form/form-shell';
import { MoneyField } from '@esim/ui/form/money-field';
import { SelectField } from '@esim/ui/form/select-field';
import { EmailField, TextareaField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { formatPrice } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { SimpleGrid, TextInput, Title } from '@mantine/core';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminOrderPurpose, adminOrdersList } from '../admin-orders-list';
import { useCreateAdminOrder, usePackageChoices } from '../api/admin-orders';

/** A fresh form: a new idempotency key each time, so only a double submit of the same form is one order. */
const emptyOrder = (): CreateAdminOrderBody => ({
  email: '',
  fullName: '',
  packageSlug: '',
  priceCents: 0,
  purpose: 'compensation',
  reason: '',
  idempotencyKey: crypto.randomUUID(),
});

/** Staff give a customer (or an e-mail) a package, free or at a price settled off the platform (ADR 0043). */
export const CreateAdminOrderForm = () => {
  const { t } = useTranslation(['admin-orders', 'admin', 'common']);
  const toast = useToast();
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const packages = usePackageChoices(useDeferredValue(search.trim()));
  const form = useApiForm(createAdminOrderBodySchema, {
    defaultValues: emptyOrder(),
    mutation: useCreateAdminOrder(adminOrdersList.id),
    onSuccess: ({ message }) => {
      form.reset(emptyOrder());
      toast(message);
      return { kind: 'success', message };
    },
    fallback: 'GENERIC',
  });
  const packageOptions = (packages.data?.items ?? []).map((pkg) => ({
    value: pkg.slug,
    label: `${pkg.name} · ${formatPrice(pkg.priceCents, locale)}`,
  }));
  return (
    <FormShell
      form={form}
      maw={720}
      submitLabel={t('adminOrders.form.submit')}
      data-testid="create-admin-order-form"
    >
      <Title order={2} size="h4">
        {t('adminOrders.form.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <EmailField
          form={form}
          name="email"
          label={t('adminOrders.form.email')}
          autoComplete="off"
          required
        />
        <TextField
          form={form}
          name="fullName"
          label={t('adminOrders.form.fullName')}
          autoComplete="off"
          required
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('adminOrders.form.packageSearch')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-testid="order-package-search"
        />
        <SelectField
          form={form}
          name="packageSlug"
          label={t('adminOrders.form.package')}
          placeholder={t('adminOrders.form.choosePackage')}
          options={packageOptions}
          required
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <MoneyField
          form={form}
          name="priceCents"
          label={t('adminOrders.form.price')}
          description={t('adminOrders.form.priceHelp')}
          required
        />
        <SelectField
          form={form}
          name="purpose"
          label={t('adminOrders.purpose')}
          options={adminOrderPurposes.map((value) => ({ value, label: adminOrderPurpose.label(t, value) }))}
          required
        />
        <SelectField
          form={form}
          name="locale"
          label={t('adminOrders.form.locale')}
          placeholder={t('adminOrders.form.localeDefault')}
          emptyValue={null}
          options={locales.map((value) => ({ value, label: localeLabels[value] }))}
        />
      </SimpleGrid>
      <TextareaField
        form={form}
        name="reason"
        label={t('adminOrders.reason')}
        autosize
        minRows={2}
        required
      />
    </FormShell>
  );
};
