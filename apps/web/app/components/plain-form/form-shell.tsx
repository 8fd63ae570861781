import type { FormFeedback } from '@esim/ui/form/field-errors';
import type { ButtonHTMLAttributes, FocusEventHandler, ReactNode } from 'react';
import { useIsHydrated } from '../../lib/use-is-hydrated';
import type { PlainForm } from './use-plain-form';

/** The kit's `FormAlert` in plain HTML: the API's errors and SPEC success messages above the fields. */
export const PlainFormAlert = ({ feedback }: { feedback: FormFeedback }) => {
  if (!feedback) return null;
  return (
    <div
      className={`form-alert form-alert--${feedback.kind}`}
      role={feedback.kind === 'error' ? 'alert' : 'status'}
      data-testid={`form-${feedback.kind}`}
    >
      {feedback.message}
    </div>
  );
};

type PlainFormShellProps<In extends Record<string, unknown>> = {
  form: PlainForm<In>;
  children: ReactNode;
  /** The submit button's text; without it the form brings its own button in `footer`. */
  submitLabel?: string;
  /** Below the fields (and the submit button): links, notes, or the form's own button. */
  footer?: ReactNode;
  'data-testid'?: string;
  'aria-busy'?: boolean;
  onFocus?: FocusEventHandler<HTMLFormElement> | undefined;
};

/**
 * The kit's `FormShell` in plain HTML, for public pages that must not load the UI kit (DESIGN section 7): the
 * form element (posted, so nothing typed lands in an address), its alert, the fields, the submit button, then
 * the footer. The submit button waits for the scripts, as the kit's does.
 */
export const PlainFormShell = <In extends Record<string, unknown>>({
  form,
  children,
  submitLabel,
  footer,
  ...rest
}: PlainFormShellProps<In>) => {
  const hydrated = useIsHydrated();
  return (
    <form
      method="post"
      className="plain-form"
      onSubmit={form.submit}
      noValidate
      data-testid={rest['data-testid']}
      aria-busy={rest['aria-busy']}
      // The contract and the checks load once the visitor starts on the form (usePlainForm).
      onFocus={(event) => {
        form.prepare();
        rest.onFocus?.(event);
      }}
      onPointerDown={form.prepare}
    >
      <PlainFormAlert feedback={form.feedback} />
      {children}
      {submitLabel ? (
        <PlainSubmitButton loading={form.isSubmitting} disabled={!hydrated}>
          {submitLabel}
        </PlainSubmitButton>
      ) : null}
      {footer}
    </form>
  );
};

type PlainSubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** Shows a spinner and keeps the button disabled. */
  loading?: boolean;
  'data-testid'?: string;
};

/**
 * A full-width submit button with the kit's loading state. The caller disables it until the page has hydrated:
 * clicked in server-rendered HTML it would post the form without its checks.
 */
export const PlainSubmitButton = ({
  loading = false,
  disabled,
  children,
  ...rest
}: PlainSubmitButtonProps) => (
  <button
    type="submit"
    className="button button--large button--block"
    disabled={disabled || loading}
    aria-busy={loading || undefined}
    {...rest}
  >
    {loading ? <span className="button__spinner" aria-hidden="true" /> : null}
    {children}
  </button>
);
