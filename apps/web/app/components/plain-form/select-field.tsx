import type { SelectFieldProps } from '@esim/ui/form/select-field';
import type { SelectHTMLAttributes } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { PlainField, usePlainField } from './field';

export type PlainSelectFieldProps<In extends FieldValues> = Pick<
  SelectFieldProps<In>,
  'form' | 'name' | 'label' | 'description' | 'required' | 'options' | 'placeholder' | 'emptyValue'
> &
  Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'name' | 'form' | 'required' | 'defaultValue' | 'value' | 'onChange' | 'onBlur'
  >;

/**
 * The kit's `SelectField` in plain HTML: a native select bound to the form; an empty choice that fails the
 * contract reads "<Field> is required", as an empty text field does.
 */
export const PlainSelectField = <In extends FieldValues>({
  form,
  name,
  label,
  description,
  required,
  options,
  placeholder,
  emptyValue = '',
  ...native
}: PlainSelectFieldProps<In>) => {
  const { frame, control } = usePlainField(form, name, {
    label,
    description,
    required,
    emptyIsRequired: true,
  });
  return (
    <PlainField {...frame}>
      <Controller
        control={form.control}
        name={name}
        render={({ field: bound }) => (
          <select
            className="text-input field__input"
            {...control}
            name={bound.name}
            ref={bound.ref}
            value={bound.value ?? ''}
            onChange={(event) => bound.onChange(event.currentTarget.value || emptyValue)}
            onBlur={bound.onBlur}
            {...native}
          >
            {placeholder ? <option value="">{placeholder}</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      />
    </PlainField>
  );
};
