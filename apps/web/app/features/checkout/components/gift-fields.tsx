import { type Locale, localeLabels, locales } from '@esim/contracts/locales';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PlainSelectField } from '../../../components/plain-form/select-field';
import {
  PlainEmailField,
  PlainTextareaField,
  PlainTextField,
} from '../../../components/plain-form/text-field';
import type { PlainForm } from '../../../components/plain-form/use-plain-form';
import { useIsHydrated } from '../../../lib/use-is-hydrated';
import type { orderFormSchema } from '../order-contract';

type OrderFormValues = z.input<typeof orderFormSchema>;

const languages = locales.map((value: Locale) => ({ value, label: localeLabels[value] }));

/**
 * "A gift for someone else" (issue 31): ticked, the order names its recipient, who gets the eSIM by e-mail in
 * their language and claims it into their own account.
 */
export const GiftFields = ({ form }: { form: PlainForm<OrderFormValues> }) => {
  const { t } = useTranslation();
  // As the pay button: ticked in server-rendered HTML, before React runs, it would show nothing.
  const hydrated = useIsHydrated();
  const asGift = Boolean(form.values.asGift);
  return (
    <fieldset className="gift-fields">
      <legend className="visually-hidden">{t('gifts:order.legend')}</legend>
      <label className="field--check">
        <input
          type="checkbox"
          checked={asGift}
          disabled={!hydrated}
          onChange={(event) => form.setValue('asGift', event.currentTarget.checked)}
          data-testid="gift-toggle"
        />
        <span>{t('gifts:order.toggle')}</span>
      </label>
      {asGift ? (
        <>
          <p className="field__description">{t('gifts:order.note')}</p>
          <PlainEmailField
            form={form}
            name="recipientEmail"
            label={t('gifts:order.recipientEmail')}
            required
          />
          <PlainTextField
            form={form}
            name="recipientName"
            label={t('gifts:order.recipientName')}
            autoComplete="off"
            required
          />
          <PlainSelectField
            form={form}
            name="recipientLocale"
            label={t('gifts:order.recipientLocale')}
            options={languages}
            required
          />
          <PlainTextareaField form={form} name="message" label={t('gifts:order.message')} rows={3} />
        </>
      ) : null}
    </fieldset>
  );
};
