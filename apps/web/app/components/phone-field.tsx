import { PhoneInput, type PhoneInputProps } from '@esim/ui/phone-input';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type PhoneFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
} & Omit<PhoneInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'label' | 'placeholder'>;

/**
 * The SPEC section 5 phone input bound to a react-hook-form field, with the site's label and placeholder:
 * every form that asks for a phone number uses this one wiring.
 */
export const PhoneField = <T extends FieldValues>({ control, name, ...props }: PhoneFieldProps<T>) => {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <PhoneInput
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={t('common:fields.phoneNumber')}
          placeholder={t('auth.phonePlaceholder')}
          mode="auto"
          required
          data-testid="phone-input"
          {...props}
        />
      )}
    />
  );
};
