import { NumberInput, type NumberInputProps } from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import { type FieldBaseProps, useField } from './use-field';

export type NumberFieldProps<In extends FieldValues> = FieldBaseProps<In> &
  Omit<
    NumberInputProps,
    'name' | 'form' | 'label' | 'description' | 'error' | 'required' | 'withAsterisk' | 'value' | 'onChange'
  >;

/**
 * A whole number (days, a percentage): the form holds a number, or '' while the input is empty, so the
 * contract says "is required" rather than "must be a number". Money has `MoneyField`.
 */
export const NumberField = <In extends FieldValues>({
  form,
  name,
  label,
  description,
  required,
  ...props
}: NumberFieldProps<In>) => {
  const field = useField(form, name, { label, description, required });
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: control }) => (
        <NumberInput
          name={control.name}
          ref={control.ref}
          value={typeof control.value === 'number' ? control.value : ''}
          onChange={(value) =>
            control.onChange(typeof value === 'number' ? value : value === '' ? '' : Number(value))
          }
          onBlur={control.onBlur}
          allowDecimal={false}
          {...field.inputProps}
          {...props}
        />
      )}
    />
  );
};
