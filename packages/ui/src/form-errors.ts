/**
 * One wording for client-side and server-side validation (SPEC section 5).
 *
 * Contract schemas carry rule strings as zod messages ("required", "maxCharacters:50"); forms translate them
 * here with `common:validation.<rule>` and the field label `common:fields.<name>`, exactly as the server does
 * for its 422 replies. Server messages arrive translated already and are set with type "server".
 */
import { parseRuleMessage } from '@esim/contracts';
import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';

export const serverErrorType = 'server';

const fieldLabel = (t: TFunction, name: string): string => {
  const last = name.split('.').at(-1) ?? name;
  return t(`common:fields.${last}`, { defaultValue: last });
};

/** "maxCharacters:50" + "firstName" -> "First name must not exceed 50 characters" (in the current language). */
export const translateRuleMessage = (t: TFunction, message: string, name: string): string => {
  const { rule, min, max } = parseRuleMessage(message);
  return t(`common:validation.${rule}`, { field: fieldLabel(t, name), min, max });
};

/** The text to show under a field: rule messages are translated, server messages are shown as sent. */
export const getFieldErrorMessage = (
  t: TFunction,
  name: string,
  error: Pick<FieldError, 'type' | 'message'> | undefined,
): string | undefined => {
  if (!error?.message) return undefined;
  return error.type === serverErrorType ? error.message : translateRuleMessage(t, error.message, name);
};

/**
 * Puts a 422 `errors` map onto the form's fields. Messages for fields the form does not show are returned so
 * the caller can display them in an alert.
 */
export const applyServerErrors = <T extends FieldValues>(
  setError: UseFormSetError<T>,
  errors: Record<string, string[]> | undefined,
  fields: readonly Path<T>[],
): string[] => {
  const unassigned: string[] = [];
  let focused = false;
  for (const [name, messages] of Object.entries(errors ?? {})) {
    const message = messages.join(' ');
    if (!message) continue;
    const field = fields.find((f) => f === name);
    if (field) {
      setError(field, { type: serverErrorType, message }, { shouldFocus: !focused });
      focused = true;
    } else unassigned.push(message);
  }
  return unassigned;
};
