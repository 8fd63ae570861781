import { type FieldValues, get, type Path, useFormState } from 'react-hook-form';
import { type FieldOptions, useShownField } from '../field-ids';
import { getFieldErrorMessage, requiredWhenEmpty } from './field-errors';

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
  const label = useShownField(form, name, options.label);
  const { errors } = useFormState({ control: form.control, name });
  const error = get(errors, name) as { type?: unknown; message?: unknown } | undefined;
  const plain =
    error && typeof error.message === 'string'
      ? { type: String(error.type), message: error.message }
      : undefined;
  const empty = Boolean(options.emptyIsRequired) && isEmpty(form.getValues(name));
  const message = getFieldErrorMessage(form.t, name, requiredWhenEmpty(plain, empty), options.label);
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
