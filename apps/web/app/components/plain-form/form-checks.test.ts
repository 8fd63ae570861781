import { contactMessageBodySchema } from '@esim/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { describeFieldError, validate } from './form-checks';

const schema = contactMessageBodySchema.omit({ humanProof: true });
// Shows which text and options were asked for, as the site's i18next would resolve them.
const t = ((key: string, options?: Record<string, unknown>) =>
  options && 'field' in options
    ? `${key}(${String(options.field)},${String(options.min ?? options.max ?? '')})`
    : key) as unknown as TFunction;

describe('validate', () => {
  it('gives the parsed values when the contract passes', async () => {
    const values = {
      fullName: ' Ada ',
      email: 'ada@example.com',
      title: 'Hello',
      message: 'Long enough text.',
    };
    const { data, errors } = await validate(schema, values);
    expect(errors).toEqual({});
    expect(data).toMatchObject({ fullName: 'Ada', email: 'ada@example.com' });
  });

  it('gives the first rule broken by each field, by name', async () => {
    const { data, errors } = await validate(schema, {
      fullName: '',
      email: 'broken@',
      title: 'x',
      message: 'short',
    });
    expect(data).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(['email', 'fullName', 'message']);
    expect(errors.fullName?.message).toBe('required');
    expect(errors.message?.message).toBe('minCharacters:10');
  });
});

describe('describeFieldError', () => {
  it('translates a rule with the field label and its limit, and shows a server sentence as sent', () => {
    expect(describeFieldError(t, 'message', { type: 'too_small', message: 'minCharacters:10' }, false)).toBe(
      'common:validation.minCharacters(common:fields.message,10)',
    );
    expect(describeFieldError(t, 'email', { type: 'server', message: 'E-mail is taken.' }, true)).toBe(
      'E-mail is taken.',
    );
  });

  it('says "required" for an empty choice that failed its format rule', () => {
    expect(describeFieldError(t, 'country', { type: 'invalid_format', message: 'format' }, true)).toBe(
      'common:validation.required(common:fields.country,)',
    );
  });
});
