import type { SelectOption } from '@esim/ui/form/select-field';
import type { SelectHTMLAttributes } from 'react';
import { PlainField, type PlainFieldBaseProps, usePlainField } from './field';

export type PlainSelectFieldProps<In extends Record<string, unknown>> = PlainFieldBaseProps<In> &
  Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'name' | 'form' | 'required' | 'defaultValue' | 'value' | 'onChange'
  > & {
    options: readonly SelectOption[];
    /** The first, empty option ("Choose a country"); choosing it stores `emptyValue`. */
    placeholder?: string;
    /** What the form holds when nothing is chosen: '' (a required choice) or null (an optional one). */
    emptyValue?: '' | null;
  };

/**
 * The kit's `SelectField` in plain HTML: a native select bound to the form; an empty choice that fails the
 * contract reads "<Field> is required", as an empty text field does.
 */
export const PlainSelectField = <In extends Record<string, unknown>>({
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
      <select
        className="text-input field__input"
        {...control}
        {...native}
        value={String(form.values[name] ?? '')}
        onChange={(event) =>
          form.setValue(name, (event.currentTarget.value || emptyValue) as In[typeof name])
        }
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </PlainField>
  );
};
