import { useTranslation } from 'react-i18next';
import { PlainTextField } from '../../../components/plain-form/text-field';
import type { FieldName, PlainForm } from '../../../components/plain-form/use-plain-form';
import { useIsHydrated } from '../../../lib/use-is-hydrated';

/**
 * A code typed on the order form (a gift card's, a coupon's) and its "apply", with what the code does to the
 * price (or its refusal) in a live region. "Apply" waits for the scripts, disabled from the first paint like the
 * pay button (a click on the server's HTML did nothing); Enter in the field applies the code rather than pay.
 */
export const CodeApplyField = <In extends Record<string, unknown>>({
  form,
  name,
  label,
  description,
  testId,
  note,
  onApply,
}: {
  form: PlainForm<In>;
  name: FieldName<In>;
  label: string;
  description: string;
  /** `gift-card` gives `gift-card-apply` and `gift-card-note`. */
  testId: string;
  /** What the applied code does to the price, or why it was refused; null for none. */
  note: string | null;
  onApply: () => void;
}) => {
  const { t } = useTranslation();
  const hydrated = useIsHydrated();
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
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          onApply();
        }}
      />
      <button
        type="button"
        className="button button--outline"
        onClick={onApply}
        disabled={!hydrated}
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
