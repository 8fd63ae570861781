import type { ApiForm } from '@esim/ui/form/use-api-form';
import { type FieldOptions, fieldIds, useField } from '@esim/ui/form/use-field';
import { type ReactNode, useId } from 'react';
import type { FieldValues, Path } from 'react-hook-form';

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
 * A plain field bound to the form: the frame's props (label, description, translated error, asterisk) and the
 * control's (id and aria wiring), so each field component only renders its control.
 */
export const usePlainField = <In extends FieldValues>(
  form: ApiForm<In, unknown>,
  name: Path<In>,
  options: FieldOptions,
) => {
  const id = useId();
  const field = useField(form, name, options);
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
      'aria-invalid': Boolean(field.error),
      'aria-describedby': ids.describedBy,
      'aria-required': options.required || undefined,
    },
  };
};
