import '../../../styles/form-styles';
import './portal-money.css';
import { logoMaxBytes, numberField } from '@esim/contracts';
import { type ShopProfile, updateShopBodySchema } from '@esim/contracts/portal';
import { describeError } from '@esim/ui/describe-error';
import { FormShell } from '@esim/ui/form/form-shell';
import { MoneyField } from '@esim/ui/form/money-field';
import { TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { getShopLogoUrl, updateShop, uploadShopLogo } from '../api/shop-profile';

/** The form's view of the contract: the markup typed as text, an empty threshold meaning "no e-mail". */
const shopFormSchema = updateShopBodySchema.extend({
  sellShopPrice: numberField.pipe(z.number().int().min(0).max(1000)),
  lowBalanceThresholdCents: updateShopBodySchema.shape.lowBalanceThresholdCents.unwrap().optional(),
});
type ShopFormInput = z.input<typeof shopFormSchema>;

const valuesOf = (shop: ShopProfile): ShopFormInput => ({
  shopName: shop.name,
  sellShopPrice: String(shop.sellShopPrice),
  lowBalanceThresholdCents: shop.lowBalanceThresholdCents ?? undefined,
});

const alertStyles = { message: { color: 'var(--mantine-color-dark-9)' } };

/**
 * The shop's own details (SPEC section 3: shopName, sellShopPrice; issue 11: the low-balance threshold). An empty
 * threshold turns the low-balance e-mail off.
 */
export const ShopProfileForm = ({ shop }: { shop: ShopProfile }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useApiForm(shopFormSchema, {
    defaultValues: valuesOf(shop),
    onSubmit: (values) =>
      updateShop({
        shopName: values.shopName,
        sellShopPrice: values.sellShopPrice,
        lowBalanceThresholdCents: values.lowBalanceThresholdCents ?? null,
      }),
    onSuccess: (saved) => {
      form.reset(valuesOf(saved));
      queryClient.setQueryData(['portal', 'shop'], saved);
      void queryClient.invalidateQueries({ queryKey: ['portal'] });
      return { kind: 'success', message: t('portal:profile.saved') };
    },
  });
  return (
    <FormShell
      form={form}
      maw={460}
      data-testid="shop-form"
      submitLabel={t('account.profile.save')}
      submitProps={{ 'data-testid': 'shop-save', style: { alignSelf: 'flex-start' } }}
    >
      <TextField form={form} name="shopName" required autoComplete="organization" />
      <TextField
        form={form}
        name="sellShopPrice"
        inputMode="numeric"
        description={t('portal:profile.sellShopPriceHint')}
        required
      />
      <MoneyField
        form={form}
        name="lowBalanceThresholdCents"
        description={t('portal:profile.thresholdHint')}
        data-testid="shop-threshold"
      />
    </FormShell>
  );
};

/** The company logo: the one stored, and a new PNG, JPEG or WebP (at most 2 MB) to replace it. */
export const ShopLogoForm = ({ shop }: { shop: ShopProfile }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<{ kind: 'error' | 'success'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload the preview when a logo was stored.
  useEffect(() => {
    if (!shop.hasLogo) return;
    let url: string | null = null;
    void getShopLogoUrl().then((next) => {
      url = next;
      setPreview(next);
    });
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [shop.hasLogo, shop.id, feedback?.kind]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setFeedback({
        kind: 'error',
        message: t('common:validation.required', { field: t('common:fields.logo') }),
      });
      return;
    }
    if (file.size > logoMaxBytes) {
      setFeedback({ kind: 'error', message: t('common:errors.FILE_INVALID') });
      return;
    }
    setBusy(true);
    try {
      const saved = await uploadShopLogo(file);
      queryClient.setQueryData(['portal', 'shop'], saved);
      setFeedback({ kind: 'success', message: t('portal:profile.logoSaved') });
      if (input.current) input.current.value = '';
    } catch (error) {
      setFeedback({ kind: 'error', message: describeError(t, error, 'GENERIC') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="logo-form">
      {feedback ? (
        <Alert
          color={feedback.kind === 'error' ? 'red.9' : 'green.9'}
          variant="outline"
          role={feedback.kind === 'error' ? 'alert' : 'status'}
          styles={alertStyles}
          mb="md"
        >
          {feedback.message}
        </Alert>
      ) : null}
      <Group align="flex-end" gap="md">
        {preview ? (
          <img
            src={preview}
            alt={t('portal:profile.logoAlt', { name: shop.name })}
            style={{ maxWidth: 120, maxHeight: 60 }}
          />
        ) : (
          <Text size="sm">{t('portal:profile.noLogo')}</Text>
        )}
        <div className="portal-filters" style={{ margin: 0 }}>
          <label htmlFor={inputId}>
            {t('common:fields.logo')}
            <input
              id={inputId}
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              data-testid="logo-input"
            />
          </label>
        </div>
        <Button type="submit" variant="outline" loading={busy} data-testid="logo-save">
          {t('portal:profile.uploadLogo')}
        </Button>
      </Group>
    </form>
  );
};
