import { Switch, type SwitchProps } from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import { type FieldBaseProps, useField } from './use-field';

export type SwitchFieldProps<In extends FieldValues> = FieldBaseProps<In> &
  Omit<
    SwitchProps,
    'name' | 'form' | 'label' | 'description' | 'error' | 'required' | 'checked' | 'onChange'
  >;

/** A yes/no setting bound to a boolean of the form, with its label, description and error. */
export const SwitchField = <In extends FieldValues>({
  form,
  name,
  label,
  description,
  required,
  ...props
}: SwitchFieldProps<In>) => {
  const field = useField(form, name, { label, description, required });
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: control }) => (
        <Switch
          name={control.name}
          ref={control.ref}
          checked={control.value === true}
          onChange={(event) => control.onChange(event.currentTarget.checked)}
          onBlur={control.onBlur}
          label={field.label}
          description={description}
          error={field.error}
          {...props}
        />
      )}
    />
  );
};
