import { describeError } from '@esim/ui/describe-error';
import { formatPrice } from '@esim/ui/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTextField } from '../../../components/plain-form/text-field';
import type { FieldName, PlainForm } from '../../../components/plain-form/use-plain-form';
import { useLocale } from '../../../lib/use-locale';
import { previewGiftCard } from '../api/preview-gift-card';

/**
 * The order form's gift-card code (ADR 0040) and its "apply": what the card pays and what is left for the card
 * page, said in a live region. Paying with the code is the order itself; the preview holds nothing.
 */
/** The order contract's field name (the form's own type is the order form's). */
const name = 'giftCardCode';

export const GiftCardCodeField = <In extends Record<string, unknown>>({
  form,
  packageSlug,
}: {
  form: PlainForm<In>;
  packageSlug: string;
}) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const [note, setNote] = useState<string | null>(null);
  const apply = async () => {
    const code = String(form.getValue(name as FieldName<In>) ?? '').trim();
    if (!code) return;
    try {
      const preview = await previewGiftCard(code, packageSlug);
      setNote(
        preview.toPayCents === 0
          ? t('gifts:coversAll')
          : t('gifts:covers', {
              covered: formatPrice(preview.coveredCents, locale),
              rest: formatPrice(preview.toPayCents, locale),
            }),
      );
    } catch (error) {
      setNote(describeError(t, error));
    }
  };
  return (
    <div>
      <PlainTextField
        form={form}
        name={name as FieldName<In>}
        label={t('gifts:fields.giftCardCode')}
        description={t('gifts:codeHint')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        dir="ltr"
      />
      <button type="button" className="button button--outline" onClick={apply} data-testid="gift-card-apply">
        {t('gifts:apply')}
      </button>
      <p className="form-note" aria-live="polite" data-testid="gift-card-note">
        {note}
      </p>
    </div>
  );
};
