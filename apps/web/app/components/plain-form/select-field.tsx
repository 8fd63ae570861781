import type { SelectFieldProps } from '@esim/ui/form/select-field';
import { useField } from '@esim/ui/form/use-field';
import { type SelectHTMLAttributes, useId } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { fieldIds, PlainField } from './field';

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
  const id = useId();
  const field = useField(form, name, { label, description, required, emptyIsRequired: true });
  const ids = fieldIds(id, { error: field.error, description });
  return (
    <PlainField
      inputId={id}
      label={field.label}
      description={description}
      error={field.error}
      required={required}
    >
      <Controller
        control={form.control}
        name={name}
        render={({ field: control }) => (
          <select
            id={id}
            className="text-input field__input"
            name={control.name}
            ref={control.ref}
            value={control.value ?? ''}
            onChange={(event) => control.onChange(event.currentTarget.value || emptyValue)}
            onBlur={control.onBlur}
            aria-invalid={Boolean(field.error)}
            aria-describedby={ids.describedBy}
            aria-required={required || undefined}
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
