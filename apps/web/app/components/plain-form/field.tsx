import { type FieldOptions, fieldIds, useShownField } from '@esim/ui/field-ids';
import { type ReactNode, useId } from 'react';
import type { FieldName, PlainForm } from './use-plain-form';

/** What every plain field takes: the form, the field's name in the contract, how it shows itself. */
export type PlainFieldBaseProps<In extends Record<string, unknown>> = {
  form: PlainForm<In>;
  name: FieldName<In>;
  /** Defaults to `common:fields.<name>`. */
  label?: string;
  description?: string;
  /** Shows the asterisk and sets aria-required; the contract decides what is actually required. */
  required?: boolean;
};

export type PlainFieldProps = {
  inputId: string;
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  required?: boolean | undefined;
  children: ReactNode;
};

/**
 * A field's frame in plain HTML, in the UI kit's order: label (with the asterisk when required), description,
 * the control, its error. The control sets its own aria-describedby from `fieldIds` (`usePlainField` does).
 */
export const PlainField = ({ inputId, label, description, error, required, children }: PlainFieldProps) => {
  const ids = fieldIds(inputId, { error, description });
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {description ? (
        <p id={ids.descriptionId} className="field__description">
          {description}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={ids.errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
};

/**
 * The kit's `useField` for the plain engine: registers the field as shown (so server errors for it go under
 * it, not into the alert) and returns its label and translated error. `emptyIsRequired`: nothing chosen fails
 * a choice's format or option rule; say "is required" like every other empty field.
 */
export const usePlainFieldState = <In extends Record<string, unknown>>(
  form: PlainForm<In>,
  name: FieldName<In>,
  options: FieldOptions = {},
) => {
  const label = useShownField(form, name, options.label);
  return { label, error: form.errorMessage(name, options.emptyIsRequired, options.label) };
};

/**
 * A plain field bound to the form: the frame's props (label, description, translated error, asterisk) and the
 * control's (id, aria wiring, name, value, change and blur handlers), so each field component only renders its
 * control.
 */
export const usePlainField = <In extends Record<string, unknown>>(
  form: PlainForm<In>,
  name: FieldName<In>,
  options: FieldOptions,
) => {
  const id = useId();
  const field = usePlainFieldState(form, name, options);
  const ids = fieldIds(id, { error: field.error, description: options.description });
  return {
    frame: {
      inputId: id,
      label: field.label,
      description: options.description,
      error: field.error,
      required: options.required,
    },
    control: {
      id,
      name,
      ref: form.ref(name),
      'aria-invalid': Boolean(field.error),
      'aria-describedby': ids.describedBy,
      'aria-required': options.required || undefined,
    },
  };
};
