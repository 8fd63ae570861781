import { giftCardLimits, utcDay } from '@esim/contracts/gift-card-rules';
import { localeLabels, locales } from '@esim/contracts/locales';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainFormShell } from '../../../components/plain-form/form-shell';
import { PlainSelectField } from '../../../components/plain-form/select-field';
import {
  PlainEmailField,
  PlainTextareaField,
  PlainTextField,
} from '../../../components/plain-form/text-field';
import { usePlainForm } from '../../../components/plain-form/use-plain-form';
import { useLocale } from '../../../lib/use-locale';
import { buyGiftCard } from '../api/buy-gift-card';

const loadContract = () => import('../gift-card-contracts').then((contracts) => contracts.giftCardFormSchema);

const languageOptions = locales.map((value) => ({ value, label: localeLabels[value] }));

/**
 * Buying a gift card: amount, recipient and the language of their e-mail, a message, the send date, and who
 * gives it; then the card page. The send date is a UTC day (the server's), from today up to a year ahead.
 */
export const GiftCardForm = () => {
  const { t } = useTranslation();
  const locale = useLocale();
  const [leaving, setLeaving] = useState(false);
  const now = new Date();
  const form = usePlainForm(loadContract, {
    defaultValues: {
      amount: '50',
      recipientEmail: '',
      recipientLocale: locale,
      message: '',
      sendOn: utcDay(now),
      fullName: '',
      email: '',
    },
    onSubmit: buyGiftCard,
    onSuccess: (purchase) => {
      setLeaving(true);
      window.location.assign(purchase.checkoutUrl);
      return undefined;
    },
  });
  return (
    <PlainFormShell
      form={form}
      submitLabel={leaving ? t('gifts:redirecting') : t('gifts:submit')}
      data-testid="gift-card-form"
    >
      <PlainTextField
        form={form}
        name="amount"
        type="number"
        inputMode="numeric"
        min={giftCardLimits.minAmountEuros}
        max={giftCardLimits.maxAmountEuros}
        step={1}
        label={t('gifts:amount')}
        description={t('gifts:amountHint', {
          min: giftCardLimits.minAmountEuros,
          max: giftCardLimits.maxAmountEuros,
        })}
        required
      />
      <PlainEmailField form={form} name="recipientEmail" label={t('gifts:recipientEmail')} required />
      <PlainSelectField
        form={form}
        name="recipientLocale"
        label={t('gifts:recipientLocale')}
        options={languageOptions}
        required
      />
      <PlainTextField
        form={form}
        name="sendOn"
        type="date"
        min={utcDay(now)}
        max={utcDay(now, giftCardLimits.maxSendDays)}
        label={t('gifts:sendOn')}
        required
      />
      <PlainTextareaField
        form={form}
        name="message"
        label={t('gifts:message')}
        maxLength={giftCardLimits.maxMessageCharacters}
      />
      <PlainTextField form={form} name="fullName" autoComplete="name" label={t('gifts:fullName')} required />
      <PlainEmailField form={form} name="email" label={t('gifts:email')} required />
    </PlainFormShell>
  );
};
