import { formatPrice } from '@esim/ui/format';
import { useTranslation } from 'react-i18next';
import type { FieldName, PlainForm } from '../../../components/plain-form/use-plain-form';
import { useLocale } from '../../../lib/use-locale';
import { previewGiftCard } from '../api/preview-gift-card';
import { CodeApplyField } from './code-apply-field';

/**
 * The order form's gift-card code (ADR 0040) and its "apply": what the card pays and what is left for the card
 * page, said in a live region. Paying with the code is the order itself; the preview holds nothing.
 */
export const GiftCardCodeField = <In extends Record<string, unknown>>({
  form,
  packageSlug,
}: {
  form: PlainForm<In>;
  packageSlug: string;
}) => {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <CodeApplyField
      form={form}
      // The order contract's field name (the form's own type is the order form's).
      name={'giftCardCode' as FieldName<In>}
      label={t('gifts:fields.giftCardCode')}
      description={t('gifts:codeHint')}
      testId="gift-card"
      preview={async (code) => {
        const preview = await previewGiftCard(code, packageSlug);
        return preview.toPayCents === 0
          ? t('gifts:coversAll')
          : t('gifts:covers', {
              covered: formatPrice(preview.coveredCents, locale),
              rest: formatPrice(preview.toPayCents, locale),
            });
      }}
    />
  );
};
