import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldBaseProps, useField } from './use-field';

export type DateFieldProps<In extends FieldValues> = FieldBaseProps<In> &
  Omit<
    TextInputProps,
    'name' | 'form' | 'label' | 'description' | 'error' | 'required' | 'withAsterisk' | 'type'
  > & {
    /** 'date' holds YYYY-MM-DD; 'datetime-local' holds YYYY-MM-DDTHH:mm (the contract decides the zone). */
    kind?: 'date' | 'datetime-local';
  };

/**
 * A date as the browser's native picker (no date library on the page); the form holds the ISO text the
 * contract parses.
 */
export const DateField = <In extends FieldValues>({
  form,
  name,
  label,
  description,
  required,
  kind = 'date',
  ...props
}: DateFieldProps<In>) => {
  const field = useField(form, name, { label, description, required });
  return <TextInput {...form.register(name)} type={kind} {...field.inputProps} {...props} />;
};
