import type { TextFieldProps } from '@esim/ui/form/text-field';
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { PlainField, usePlainField } from './field';

/** What the form binds: the native props a field takes are the rest. */
type Bound = 'name' | 'form' | 'required' | 'defaultValue' | 'value' | 'onChange' | 'onBlur';
type FieldProps<In extends FieldValues> = Pick<
  TextFieldProps<In>,
  'form' | 'name' | 'label' | 'description' | 'required'
>;

export type PlainTextFieldProps<In extends FieldValues> = FieldProps<In> &
  Omit<InputHTMLAttributes<HTMLInputElement>, Bound>;

/**
 * The kit's `TextField` in plain HTML, for public pages that must not load the UI kit (DESIGN section 7): the
 * same contract-driven label, translated error and aria wiring, styled by the site's stylesheet.
 */
export const PlainTextField = <In extends FieldValues>({
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
        {...form.register(name)}
      />
    </PlainField>
  );
};

/** An e-mail address: type email, autocomplete email unless told otherwise. */
export const PlainEmailField = <In extends FieldValues>(props: PlainTextFieldProps<In>) => (
  <PlainTextField type="email" autoComplete="email" {...props} />
);

export type PlainTextareaFieldProps<In extends FieldValues> = FieldProps<In> &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Bound>;

/** The kit's `TextareaField` in plain HTML: five rows, taller at the visitor's wish (resize). */
export const PlainTextareaField = <In extends FieldValues>({
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
        {...form.register(name)}
      />
    </PlainField>
  );
};
