import { isApiError } from '@esim/ui/api-client';
import { applyServerErrors } from '@esim/ui/form-errors';
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FormFeedback } from '../components/form-alert';
import { describeError } from './describe-error';

/**
 * After a failed submit: server field errors go under their fields (what was typed stays), and the alert
 * shows the rest, without repeating a message that is already shown under a field.
 */
export const getSubmitFeedback = <T extends FieldValues>(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  options: { fallback?: 'GENERIC' | 'INTERNAL'; handledElsewhere?: readonly string[] } = {},
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
