import { getFieldErrorMessage } from '@esim/ui/form-errors';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** Returns the translated message for a field: the same words for client and server validation. */
export const useFieldError = <T extends FieldValues>(errors: FieldErrors<T>) => {
  const { t } = useTranslation();
  return (name: keyof T & string) => {
    const error = errors[name];
    return getFieldErrorMessage(
      t,
      name,
      error && typeof error.message === 'string'
        ? { type: String(error.type), message: error.message }
        : undefined,
    );
  };
};
