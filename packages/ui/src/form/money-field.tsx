import type { NumberInputProps } from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import { MoneyInput } from './money-input';
import { type FieldBaseProps, useField } from './use-field';

export type MoneyFieldProps<In extends FieldValues> = FieldBaseProps<In> &
  Omit<
    NumberInputProps,
    'name' | 'form' | 'label' | 'description' | 'error' | 'required' | 'withAsterisk' | 'value' | 'onChange'
  >;

/**
 * Money: the form holds integer cents (the contracts' `*Cents`), the input shows euros with two decimals.
 * Never a float in the form value.
 */
export const MoneyField = <In extends FieldValues>({
  form,
  name,
  label,
  description,
  required,
  ...props
}: MoneyFieldProps<In>) => {
  const field = useField(form, name, { label, description, required });
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: control }) => (
        <MoneyInput
          name={control.name}
          ref={control.ref}
          value={typeof control.value === 'number' ? control.value : undefined}
          onChange={control.onChange}
          onBlur={control.onBlur}
          {...field.inputProps}
          {...props}
        />
      )}
    />
  );
};
