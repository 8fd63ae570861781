import type { TFunction } from 'i18next';
import { useEffect } from 'react';

/**
 * How a field shows itself and the ids that tie it together, for both form engines (the UI kit's
 * react-hook-form fields and the public pages' plain ones). What a field needs to render, and nothing else:
 * the plain pages load the error wording (field-errors.ts) only with their contracts.
 */

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

/** A field's label: `common:fields.<name>` (the last part of a nested name), or the name itself. */
export const fieldLabel = (t: TFunction, name: string): string => {
  const last = name.split('.').at(-1) ?? name;
  return t(`common:fields.${last}`, { defaultValue: last });
};

/**
 * Registers a field as shown while it is mounted, with its label: server errors for a shown field go under it,
 * the rest into the form's alert.
 */
export const useShownField = (
  form: { shownFields: Set<string>; t: TFunction },
  name: string,
  label: string | undefined,
) => {
  const { shownFields } = form;
  useEffect(() => {
    shownFields.add(name);
    return () => {
      shownFields.delete(name);
    };
  }, [shownFields, name]);
  return label ?? fieldLabel(form.t, name);
};
