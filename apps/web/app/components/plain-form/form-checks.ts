/**
 * The plain form engine's checks (use-plain-form.ts), loaded with the form's contract once the page is usable,
 * not to paint it: running the contract, the wording of its rule messages and the API's errors (field-errors.ts,
 * shared with the UI kit). A field has an error only once these have run, so its wording is always here first.
 */
import { getFieldErrorMessage, requiredWhenEmpty } from '@esim/ui/form/field-errors';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

export { getSubmitFeedback, sendForFeedback } from '@esim/ui/form/field-errors';

export type PlainFieldError = { type: string; message: string };

/** The contract's verdict: the parsed values, or the first issue of each field (its message a rule, "required"). */
export const validate = async (schema: z.ZodType, values: Record<string, unknown>) => {
  const result = await schema.safeParseAsync(values);
  const errors: Record<string, PlainFieldError> = {};
  if (result.success) return { data: result.data, errors };
  for (const issue of result.error.issues)
    errors[issue.path.join('.')] ??= { type: issue.code, message: issue.message };
  return { data: null, errors };
};

/**
 * The text under a field: rule messages translated, the server's as sent. `empty`: a choice left empty fails its
 * format or option rule; it reads "<Field> is required", as an empty text field does.
 */
export const describeFieldError = (
  t: TFunction,
  name: string,
  error: PlainFieldError,
  empty: boolean,
  label?: string,
) => getFieldErrorMessage(t, name, requiredWhenEmpty(error, empty), label);
