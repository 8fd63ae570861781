import type { FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { PhoneInput, type PhoneInputProps } from '../phone-input';
import { type FieldBaseProps, useField } from './use-field';

export type PhoneFieldProps<In extends FieldValues> = FieldBaseProps<In> &
  Omit<
    PhoneInputProps,
    'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'label' | 'placeholder' | 'error' | 'required'
  > & { placeholder?: string };

/**
 * The SPEC section 5 phone input (country picker, formatted as you type, international value) bound to the
 * form, with the shared label and placeholder "Enter a phone number".
 */
export const PhoneField = <In extends FieldValues>({
  form,
  name,
  label,
  required,
  placeholder,
  ...props
}: PhoneFieldProps<In>) => {
  const field = useField(form, name, { label });
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: control }) => (
        <PhoneInput
          name={control.name}
          value={control.value ?? ''}
          onChange={control.onChange}
          onBlur={control.onBlur}
          inputRef={control.ref}
          label={field.label}
          placeholder={placeholder ?? form.t('common:form.phonePlaceholder')}
          error={field.error}
          mode="auto"
          required={required}
          data-testid="phone-input"
          {...props}
        />
      )}
    />
  );
};
