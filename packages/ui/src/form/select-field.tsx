import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import { type FieldBaseProps, useField } from './use-field';

export type SelectOption = { value: string; label: string };

export type SelectFieldProps<In extends FieldValues> = FieldBaseProps<In> &
  Omit<
    NativeSelectProps,
    'name' | 'form' | 'label' | 'description' | 'error' | 'required' | 'withAsterisk' | 'data'
  > & {
    options: readonly SelectOption[];
    /** The first, empty option ("Choose a country"); choosing it stores `emptyValue`. */
    placeholder?: string;
    /** What the form holds when nothing is chosen: '' (a required choice) or null (an optional one). */
    emptyValue?: '' | null;
  };

/**
 * A native select (light, accessible, works before hydration) bound to the form. An empty choice that fails
 * the contract reads "<Field> is required", as an empty text field does.
 */
export const SelectField = <In extends FieldValues>({
  form,
  name,
  label,
  description,
  required,
  options,
  placeholder,
  emptyValue = '',
  ...props
}: SelectFieldProps<In>) => {
  const field = useField(form, name, { label, description, required, emptyIsRequired: true });
  const data = placeholder ? [{ value: '', label: placeholder }, ...options] : [...options];
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: control }) => (
        <NativeSelect
          name={control.name}
          ref={control.ref}
          value={control.value ?? ''}
          onChange={(event) => control.onChange(event.currentTarget.value || emptyValue)}
          onBlur={control.onBlur}
          {...field.inputProps}
          data={data}
          {...props}
        />
      )}
    />
  );
};
