import { createInstance } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors, getFieldErrorMessage, translateRuleMessage } from './field-errors';

const createT = async () => {
  const i18n = createInstance();
  await i18n.init({
    lng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    resources: {
      en: {
        common: {
          fields: { firstName: 'First name', email: 'E-mail' },
          validation: {
            required: '{field} is required',
            maxCharacters: '{field} must not exceed {max} characters',
            minCharacters: '{field} must be at least {min} characters',
            format: 'Invalid {field} format',
            passwordMatch: 'Passwords must match',
          },
        },
      },
    },
  });
  return i18n.t;
};

describe('form errors', () => {
  it('translates rule messages with the field label and bounds', async () => {
    const t = await createT();
    expect(translateRuleMessage(t, 'required', 'firstName')).toBe('First name is required');
    expect(translateRuleMessage(t, 'maxCharacters:50', 'firstName')).toBe(
      'First name must not exceed 50 characters',
    );
    expect(translateRuleMessage(t, 'minCharacters:8', 'firstName')).toBe(
      'First name must be at least 8 characters',
    );
    expect(translateRuleMessage(t, 'format', 'email')).toBe('Invalid E-mail format');
    expect(translateRuleMessage(t, 'passwordMatch', 'confirmPassword')).toBe('Passwords must match');
  });

  it('shows server messages as sent', async () => {
    const t = await createT();
    expect(getFieldErrorMessage(t, 'email', { type: 'server', message: 'This email already exists!' })).toBe(
      'This email already exists!',
    );
    expect(getFieldErrorMessage(t, 'email', { type: 'too_small', message: 'required' })).toBe(
      'E-mail is required',
    );
    expect(getFieldErrorMessage(t, 'email', undefined)).toBeUndefined();
  });

  it('names a field shown under a label of its own by that label', async () => {
    const t = await createT();
    expect(
      getFieldErrorMessage(t, 'email', { type: 'invalid_format', message: 'format' }, 'Customer e-mail'),
    ).toBe('Invalid Customer e-mail format');
    expect(translateRuleMessage(t, 'required', 'reason', 'Reason')).toBe('Reason is required');
    expect(getFieldErrorMessage(t, 'email', { type: 'server', message: 'Taken' }, 'Customer e-mail')).toBe(
      'Taken',
    );
  });

  it('applies a 422 errors map to known fields and returns the rest', () => {
    const setError = vi.fn();
    const rest = applyServerErrors(
      setError,
      { email: ['Invalid E-mail format'], humanProof: ['Human verification failed. Please try again.'] },
      ['email', 'firstName'],
    );
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'Invalid E-mail format' },
      { shouldFocus: true },
    );
    expect(rest).toEqual(['Human verification failed. Please try again.']);
  });
});
