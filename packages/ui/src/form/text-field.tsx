import { Textarea, type TextareaProps, TextInput, type TextInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { phoneInputMaxLength } from '../phone-input-state';
import { type FieldBaseProps, useField } from './use-field';

type Native<P> = Omit<P, 'name' | 'form' | 'label' | 'description' | 'error' | 'required' | 'withAsterisk'>;

export type TextFieldProps<In extends FieldValues> = FieldBaseProps<In> & Native<TextInputProps>;

/** A text input bound to the form: label, description and error wired by Mantine (aria-describedby, aria-invalid). */
export const TextField = <In extends FieldValues>({
  form,
  name,
  label,
  description,
  required,
  ...props
}: TextFieldProps<In>) => {
  const field = useField(form, name, { label, description, required });
  return <TextInput {...form.register(name)} {...field.inputProps} {...props} />;
};

/** An e-mail address: type email, autocomplete email unless told otherwise (`username` on sign-in forms). */
export const EmailField = <In extends FieldValues>(props: TextFieldProps<In>) => (
  <TextField type="email" autoComplete="email" dir="ltr" {...props} />
);

/**
 * A phone number typed as text (type tel, at most 25 characters, "Enter a phone number"): the light variant
 * for forms without the country picker of `PhoneField`.
 */
export const TelField = <In extends FieldValues>(props: TextFieldProps<In>) => (
  <TextField
    type="tel"
    dir="ltr"
    inputMode="tel"
    maxLength={phoneInputMaxLength}
    autoComplete="tel"
    placeholder={props.form.t('common:form.phonePlaceholder')}
    {...props}
  />
);

export type TextareaFieldProps<In extends FieldValues> = FieldBaseProps<In> & Native<TextareaProps>;

/** A multi-line text bound to the form. */
export const TextareaField = <In extends FieldValues>({
  form,
  name,
  label,
  description,
  required,
  ...props
}: TextareaFieldProps<In>) => {
  const field = useField(form, name, { label, description, required });
  return <Textarea {...form.register(name)} {...field.inputProps} autosize minRows={5} {...props} />;
};
