import { isApiError } from '@esim/ui/api-client';
import type { TFunction } from 'i18next';

/**
 * The sentence to show in a form's alert. Client errors (4xx) come with the server's message, already in the
 * visitor's language; everything else falls back to a generic SPEC message.
 */
export const describeError = (
  t: TFunction,
  error: unknown,
  fallback: 'GENERIC' | 'INTERNAL' = 'INTERNAL',
): string => {
  if (isApiError(error)) {
    if (error.code === 'HUMAN_VERIFICATION_FAILED' && error.status === 0)
      return t('common:errors.HUMAN_VERIFICATION_FAILED');
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  }
  return t(`common:errors.${fallback}`);
};
