import { creditBuckets } from '@esim/contracts/portal';
import { type CreditAdjustmentBody, creditAdjustmentBodySchema } from '@esim/contracts/staff';
import { useToast } from '@esim/ui/feedback/toast';
import { FormShell } from '@esim/ui/form/form-shell';
import { MoneyField } from '@esim/ui/form/money-field';
import { SelectField } from '@esim/ui/form/select-field';
import { TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAdjustCredit } from '../api/change-shop';

/** One key per adjustment the form is about to make: a double click sends it twice, the server counts it once. */
const newKey = () => crypto.randomUUID();

/** Add or remove credit or bonus by hand, with a reason (a ledger row `adjustment`, audited). */
export const CreditAdjustmentForm = ({ shopId }: { shopId: string }) => {
  const { t } = useTranslation(['admin-shops', 'admin', 'common']);
  const toast = useToast();
  const empty = (): CreditAdjustmentBody => ({
    direction: 'add',
    amountCents: 0,
    bucket: 'credit',
    reason: '',
    idempotencyKey: newKey(),
  });
  const form = useApiForm(creditAdjustmentBodySchema, {
    defaultValues: empty(),
    mutation: useAdjustCredit(shopId),
    onSuccess: ({ message }) => {
      form.reset(empty());
      toast(message);
      return { kind: 'success', message };
    },
    fallback: 'GENERIC',
  });
  return (
    <FormShell form={form} submitLabel={t('shops.adjust')} data-testid="credit-adjustment-form" maw={560}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <SelectField
          form={form}
          name="direction"
          label={t('shops.direction')}
          options={(['add', 'remove'] as const).map((d) => ({ value: d, label: t(`shops.directions.${d}`) }))}
          required
        />
        <MoneyField form={form} name="amountCents" label={t('shops.amount')} required />
        <SelectField
          form={form}
          name="bucket"
          label={t('shops.bucket')}
          options={creditBuckets.map((b) => ({ value: b, label: t(`shops.buckets.${b}`) }))}
          required
        />
      </SimpleGrid>
      <TextField form={form} name="reason" label={t('shops.reason')} required />
    </FormShell>
  );
};
