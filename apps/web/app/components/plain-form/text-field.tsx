import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { PlainField, type PlainFieldBaseProps, usePlainField } from './field';

/** What the form binds: the native props a field takes are the rest. */
type Bound = 'name' | 'form' | 'required' | 'defaultValue' | 'value' | 'onChange';

export type PlainTextFieldProps<In extends Record<string, unknown>> = PlainFieldBaseProps<In> &
  Omit<InputHTMLAttributes<HTMLInputElement>, Bound>;

/**
 * The kit's `TextField` in plain HTML, for public pages that must not load the UI kit (DESIGN section 7): the
 * same contract-driven label, translated error and aria wiring, styled by the site's stylesheet.
 */
export const PlainTextField = <In extends Record<string, unknown>>({
  form,
  name,
  label,
  description,
  required,
  ...native
}: PlainTextFieldProps<In>) => {
  const { frame, control } = usePlainField(form, name, { label, description, required });
  return (
    <PlainField {...frame}>
      <input
        className="text-input field__input"
        type="text"
        {...control}
        {...native}
        value={String(form.values[name] ?? '')}
        onChange={(event) => form.setValue(name, event.currentTarget.value as In[typeof name])}
      />
    </PlainField>
  );
};

/**
 * An e-mail address: type email, autocomplete email unless told otherwise; left to right on right-to-left pages
 * too, so `name@` is not shown as `@name` (docs/decisions.md).
 */
export const PlainEmailField = <In extends Record<string, unknown>>(props: PlainTextFieldProps<In>) => (
  <PlainTextField type="email" autoComplete="email" dir="ltr" {...props} />
);

export type PlainTextareaFieldProps<In extends Record<string, unknown>> = PlainFieldBaseProps<In> &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Bound>;

/** The kit's `TextareaField` in plain HTML: five rows, taller at the visitor's wish (resize). */
export const PlainTextareaField = <In extends Record<string, unknown>>({
  form,
  name,
  label,
  description,
  required,
  ...native
}: PlainTextareaFieldProps<In>) => {
  const { frame, control } = usePlainField(form, name, { label, description, required });
  return (
    <PlainField {...frame}>
      <textarea
        className="text-input field__input field__input--multiline"
        rows={5}
        {...control}
        {...native}
        value={String(form.values[name] ?? '')}
        onChange={(event) => form.setValue(name, event.currentTarget.value as In[typeof name])}
      />
    </PlainField>
  );
};
