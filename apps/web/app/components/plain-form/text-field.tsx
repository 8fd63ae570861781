import type { TextFieldProps } from '@esim/ui/form/text-field';
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { PlainField, usePlainField } from './field';

type Native = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'form' | 'required' | 'defaultValue' | 'value' | 'onChange' | 'onBlur'
>;

export type PlainTextFieldProps<In extends FieldValues> = Pick<
  TextFieldProps<In>,
  'form' | 'name' | 'label' | 'description' | 'required'
> &
  Native;

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

type NativeTextarea = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'name' | 'form' | 'required' | 'defaultValue' | 'value' | 'onChange' | 'onBlur'
>;

export type PlainTextareaFieldProps<In extends FieldValues> = Pick<
  TextFieldProps<In>,
  'form' | 'name' | 'label' | 'description' | 'required'
> &
  NativeTextarea;

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
