/**
 * One wording for client-side and server-side validation (SPEC section 5), and the one place API errors are
 * mapped onto a form.
 *
 * Contract schemas carry rule strings as zod messages ("required", "maxCharacters:50"); forms translate them
 * here with `common:validation.<rule>` and the field label `common:fields.<name>`, exactly as the server does
 * for its 422 replies. Server messages arrive translated already and are set with type "server".
 */
import { parseRuleMessage } from '@esim/contracts/rule-messages';
import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api-client';
import { describeError, type ErrorFallback } from '../describe-error';
import { fieldLabel } from '../field-ids';

export const serverErrorType = 'server';

/** The message a form shows above its fields: server errors and SPEC success messages. */
export type FormFeedback = { kind: 'error' | 'success'; message: string } | null;

/**
 * "maxCharacters:50" + "firstName" -> "First name must not exceed 50 characters" (in the current language). A
 * field shown under a label of its own (`label`) is named by that label, so the message says what the reader sees.
 */
export const translateRuleMessage = (t: TFunction, message: string, name: string, label?: string): string => {
  const { rule, min, max } = parseRuleMessage(message);
  return t(`common:validation.${rule}`, { field: label ?? fieldLabel(t, name), min, max });
};

/** The text to show under a field: rule messages are translated, server messages are shown as sent. */
export const getFieldErrorMessage = (
  t: TFunction,
  name: string,
  error: Pick<FieldError, 'type' | 'message'> | undefined,
  label?: string,
): string | undefined => {
  if (!error?.message) return undefined;
  return error.type === serverErrorType ? error.message : translateRuleMessage(t, error.message, name, label);
};

/** An empty choice fails its format or option rule: it reads "<Field> is required", like an empty text field. */
export const requiredWhenEmpty = <E extends Pick<FieldError, 'type' | 'message'>>(
  error: E | undefined,
  empty: boolean,
) => (error && empty && error.type !== serverErrorType ? { type: 'required', message: 'required' } : error);

/**
 * Puts a 422 `errors` map onto the form's fields. Messages for fields the form does not show are returned so
 * the caller can display them in an alert.
 */
export const applyServerErrors = <T extends FieldValues>(
  setError: UseFormSetError<T>,
  errors: Record<string, string[]> | undefined,
  fields: Iterable<string>,
): string[] => {
  const shown = new Set(fields);
  const unassigned: string[] = [];
  let focused = false;
  for (const [name, messages] of Object.entries(errors ?? {})) {
    const message = messages.join(' ');
    if (!message) continue;
    if (shown.has(name)) {
      setError(name as Path<T>, { type: serverErrorType, message }, { shouldFocus: !focused });
      focused = true;
    } else unassigned.push(message);
  }
  return unassigned;
};

export type SubmitFeedbackOptions = {
  /** The alert's text for errors without a message of their own (network, 5xx). */
  fallback?: ErrorFallback;
  /** Field errors the form shows itself (outside the kit's fields, e.g. a file input). */
  handledElsewhere?: readonly string[];
};

/**
 * After a failed submit: server field errors go under their fields (what was typed stays), and the alert
 * shows the rest (the envelope's message, or messages for fields the form does not show), without repeating
 * a message that is already shown under a field.
 */
export const getSubmitFeedback = <T extends FieldValues>(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Iterable<string>,
  options: SubmitFeedbackOptions = {},
): FormFeedback => {
  const fallback = options.fallback ?? 'INTERNAL';
  if (!isApiError(error)) return { kind: 'error', message: describeError(t, error, fallback) };
  const fieldErrors = Object.fromEntries(
    Object.entries(error.errors ?? {}).filter(([name]) => !options.handledElsewhere?.includes(name)),
  );
  const unassigned = applyServerErrors(setError, fieldErrors, fields);
  if (unassigned.length > 0) return { kind: 'error', message: unassigned.join(' ') };
  const shownUnderFields = Object.values(error.errors ?? {}).flat();
  if (shownUnderFields.includes(error.message)) return null;
  return { kind: 'error', message: describeError(t, error, fallback) };
};

/** A TanStack Query mutation or anything with its `mutateAsync`. */
export type SubmitMutation<Body, Result> = { mutateAsync: (body: Body) => Promise<Result> };

/** How a form sends its parsed values and what it shows after: both form engines take these. */
export type FormSubmitOptions<Out, Result> = SubmitFeedbackOptions & {
  /** Sends the parsed values; give this or `mutation`. */
  onSubmit?: (values: Out) => Promise<Result>;
  mutation?: SubmitMutation<Out, Result>;
  /** After a successful submit; the returned feedback (usually the server's message) is shown. */
  onSuccess?: (result: Result, values: Out) => FormFeedback | undefined;
  /** Maps an error the form treats specially; return undefined to fall through to the kit's mapping. */
  onError?: (error: unknown) => FormFeedback | undefined;
};

/**
 * Sends valid values and returns the feedback to show: `onSuccess`'s, or for a failure `onError`'s or the
 * kit's mapping (`getSubmitFeedback`, which also puts field errors under their fields through `setError`).
 */
export const sendForFeedback = async <Out, Result, T extends FieldValues>(
  values: Out,
  options: FormSubmitOptions<Out, Result>,
  form: { t: TFunction; setError: UseFormSetError<T>; shownFields: Iterable<string> },
): Promise<FormFeedback> => {
  const { onSubmit, mutation, onSuccess, onError, fallback, handledElsewhere } = options;
  const send = onSubmit ?? mutation?.mutateAsync;
  if (!send) throw new Error('a form needs onSubmit or mutation');
  try {
    const result = await send(values);
    return onSuccess?.(result, values) ?? null;
  } catch (error) {
    const special = onError?.(error);
    if (special !== undefined) return special;
    return getSubmitFeedback(form.t, error, form.setError, form.shownFields, { fallback, handledElsewhere });
  }
};
