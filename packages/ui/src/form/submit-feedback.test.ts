import { createInstance } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { getSubmitFeedback } from './field-errors';

const t = createInstance();
await t.init({
  lng: 'en',
  resources: {
    en: { common: { errors: { GENERIC: 'Error. Please try again!', INTERNAL: 'Something went wrong' } } },
  },
});

describe('getSubmitFeedback', () => {
  it('puts field errors under their fields and does not repeat them in the alert', () => {
    const setError = vi.fn();
    const error = new ApiError({
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'This email already exists!',
      errors: { email: ['This email already exists!'] },
    });
    expect(getSubmitFeedback(t.t, error, setError, ['email'])).toBeNull();
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'This email already exists!' },
      {
        shouldFocus: true,
      },
    );
  });

  it('shows the server message of a client error and a generic text for everything else', () => {
    const invalid = new ApiError({ status: 401, code: 'INVALID_CREDENTIALS', message: 'Wrong!' });
    expect(getSubmitFeedback(t.t, invalid, vi.fn(), [])).toEqual({ kind: 'error', message: 'Wrong!' });
    const crash = new ApiError({ status: 500, code: 'INTERNAL', message: 'boom' });
    expect(getSubmitFeedback(t.t, crash, vi.fn(), [], { fallback: 'GENERIC' })).toEqual({
      kind: 'error',
      message: 'Error. Please try again!',
    });
    expect(getSubmitFeedback(t.t, new TypeError('offline'), vi.fn(), [])).toEqual({
      kind: 'error',
      message: 'Something went wrong',
    });
  });

  it('shows errors for fields the form does not have in the alert, except those handled elsewhere', () => {
    const error = new ApiError({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'Please check the highlighted fields.',
      errors: { humanProof: ['Human verification failed. Please try again.'], logo: ['Bad logo'] },
    });
    expect(getSubmitFeedback(t.t, error, vi.fn(), [], { handledElsewhere: ['logo'] })).toEqual({
      kind: 'error',
      message: 'Human verification failed. Please try again.',
    });
  });
});
