import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldBaseProps, useField } from './use-field';

export type PasswordFieldProps<In extends FieldValues> = FieldBaseProps<In> &
  Omit<PasswordInputProps, 'name' | 'form' | 'label' | 'description' | 'error' | 'required' | 'withAsterisk'>;

/** A password with a named show/hide toggle (`common:form.togglePassword`). */
export const PasswordField = <In extends FieldValues>({
  form,
  name,
  label,
  description,
  required,
  ...props
}: PasswordFieldProps<In>) => {
  const field = useField(form, name, { label, description, required });
  return (
    <PasswordInput
      {...form.register(name)}
      {...field.inputProps}
      visibilityToggleButtonProps={{ 'aria-label': form.t('common:form.togglePassword') }}
      {...props}
    />
  );
};
