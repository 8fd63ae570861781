import { NumberInput, type NumberInputProps } from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import { type FieldBaseProps, useField } from './use-field';

export type NumberFieldProps<In extends FieldValues> = FieldBaseProps<In> &
  Omit<
    NumberInputProps,
    'name' | 'form' | 'label' | 'description' | 'error' | 'required' | 'withAsterisk' | 'value' | 'onChange'
  >;

/**
 * What the form holds for the input's value: a number, '' while empty (the contract says "is required"), and
 * any other text as typed (the contract says "must be a number"), never NaN.
 */
export const formNumber = (value: number | string): number | string => {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return '';
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : value;
};

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
          onChange={(value) => control.onChange(formNumber(value))}
          onBlur={control.onBlur}
          allowDecimal={false}
          {...field.inputProps}
          {...props}
        />
      )}
    />
  );
};
