import { describeError } from '@esim/ui/describe-error';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTextField } from '../../../components/plain-form/text-field';
import type { FieldName, PlainForm } from '../../../components/plain-form/use-plain-form';

/**
 * A code typed on the order form (a gift card's, a coupon's) and its "apply": the server's preview put in words
 * in a live region, or its refusal. The preview holds nothing; the code is used by the order itself.
 */
export const CodeApplyField = <In extends Record<string, unknown>>({
  form,
  name,
  label,
  description,
  testId,
  preview,
}: {
  form: PlainForm<In>;
  name: FieldName<In>;
  label: string;
  description: string;
  /** `gift-card` gives `gift-card-apply` and `gift-card-note`. */
  testId: string;
  /** The sentence for a code the server accepts. */
  preview: (code: string) => Promise<string>;
}) => {
  const { t } = useTranslation();
  const [note, setNote] = useState<string | null>(null);
  const apply = async () => {
    const code = String(form.getValue(name) ?? '').trim();
    if (!code) return;
    try {
      setNote(await preview(code));
    } catch (error) {
      setNote(describeError(t, error));
    }
  };
  return (
    <div>
      <PlainTextField
        form={form}
        name={name}
        label={label}
        description={description}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        dir="ltr"
      />
      <button
        type="button"
        className="button button--outline"
        onClick={apply}
        data-testid={`${testId}-apply`}
      >
        {t('gifts:apply')}
      </button>
      <p className="form-note" aria-live="polite" data-testid={`${testId}-note`}>
        {note}
      </p>
    </div>
  );
};
