import { useEffect } from 'react';
import { type FieldValues, get, type Path, useFormState } from 'react-hook-form';
import { getFieldErrorMessage, serverErrorType } from './field-errors';
import type { ApiForm } from './use-api-form';

/** What every field component needs: the props a field of the kit takes in common. */
export type FieldBaseProps<In extends FieldValues> = {
  form: ApiForm<In, unknown>;
  name: Path<In>;
  /** Defaults to `common:fields.<name>`. */
  label?: string;
  description?: string;
  /** Shows the asterisk and sets aria-required; the contract decides what is actually required. */
  required?: boolean;
};

/** How a field shows itself: its label, description and asterisk, and whether an empty choice reads "required". */
export type FieldOptions = {
  label?: string | undefined;
  description?: string | undefined;
  required?: boolean | undefined;
  emptyIsRequired?: boolean;
};

/** The ids that tie a control to its description and error, and its aria-describedby (error first). */
export const fieldIds = (
  inputId: string,
  { error, description }: { error?: string | undefined; description?: string | undefined },
) => {
  const errorId = `${inputId}-error`;
  const descriptionId = `${inputId}-description`;
  const describedBy = [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ');
  return { errorId, descriptionId, describedBy: describedBy || undefined };
};

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Registers the field as shown (so server errors for it go under it, not into the alert) and returns its
 * label and translated error. `emptyIsRequired`: nothing chosen fails a choice's format or option rule; say
 * "is required" like every other empty field.
 */
export const useField = <In extends FieldValues>(
  form: ApiForm<In, unknown>,
  name: Path<In>,
  options: FieldOptions = {},
) => {
  const { shownFields, t } = form;
  useEffect(() => {
    shownFields.add(name);
    return () => {
      shownFields.delete(name);
    };
  }, [shownFields, name]);
  const { errors } = useFormState({ control: form.control, name });
  const error = get(errors, name) as { type?: unknown; message?: unknown } | undefined;
  const plain =
    error && typeof error.message === 'string'
      ? { type: String(error.type), message: error.message }
      : undefined;
  const required =
    plain && options.emptyIsRequired && plain.type !== serverErrorType && isEmpty(form.getValues(name))
      ? { type: 'required', message: 'required' }
      : plain;
  const last = name.split('.').at(-1) ?? name;
  const label = options.label ?? t(`common:fields.${last}`, { defaultValue: last });
  const message = getFieldErrorMessage(t, name, required);
  return {
    label,
    error: message,
    /** The props every Mantine input of the kit takes: label, description, error, asterisk, aria-required. */
    inputProps: {
      label,
      description: options.description,
      error: message,
      withAsterisk: options.required,
      'aria-required': options.required || undefined,
    },
  };
};
