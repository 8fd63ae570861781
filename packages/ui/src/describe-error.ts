import type { TFunction } from 'i18next';
import { isApiError } from './api-client';

export type ErrorFallback = 'GENERIC' | 'INTERNAL';

/**
 * The sentence to show for a failed request (form alerts, load errors). Client errors (4xx) come with the
 * server's message, already in the user's language; everything else falls back to a generic SPEC message.
 */
export const describeError = (t: TFunction, error: unknown, fallback: ErrorFallback = 'INTERNAL'): string => {
  if (isApiError(error)) {
    if (error.code === 'HUMAN_VERIFICATION_FAILED' && error.status === 0)
      return t('common:errors.HUMAN_VERIFICATION_FAILED');
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  }
  return t(`common:errors.${fallback}`);
};
