import { Checkbox } from '@mantine/core';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/** A yes/no field of a form (popular, active, a confirmation), bound to react-hook-form. */
export const CheckboxField = <In extends FieldValues>({
  form,
  name,
  label,
  'data-testid': testId,
}: {
  form: UseFormReturn<In, unknown, unknown>;
  name: Path<In>;
  label: string;
  'data-testid'?: string;
}) => (
  <Controller
    control={form.control}
    name={name}
    render={({ field }) => (
      <Checkbox
        label={label}
        checked={Boolean(field.value)}
        onChange={(event) => field.onChange(event.currentTarget.checked)}
        onBlur={field.onBlur}
        ref={field.ref}
        data-testid={testId}
      />
    )}
  />
);
