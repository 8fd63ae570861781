import '@mantine/core/styles/SimpleGrid.css';
import { type UpdateProfileBody, type User, updateProfileBodySchema } from '@esim/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { CountryCode } from 'libphonenumber-js';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormAlert, type FormFeedback } from '../../../components/form-alert';
import { PhoneField } from '../../../components/phone-field';
import { getSubmitFeedback } from '../../../lib/form-feedback';
import { useFieldError } from '../../auth/components/use-field-error';
import { updateProfile } from '../api/update-profile';

type ProfileInput = z.input<typeof updateProfileBodySchema>;
const fields = ['firstName', 'lastName', 'email', 'phoneNumber', 'country', 'alertChannel'] as const;
const alertChannels = ['email', 'sms'] as const;

const valuesOf = (user: User): ProfileInput => ({
  firstName: user.first_name,
  lastName: user.last_name,
  email: user.email,
  phoneNumber: user.phone ?? '',
  country: user.country,
  alertChannel: user.alert_channel,
});

/**
 * Profile edit (SPEC section 3: firstName, lastName, email, phoneNumber, country) and how the 60 % data notice
 * arrives, validated with the server's `updateProfileBodySchema`; the server's success message is shown as sent.
 */
export const ProfileForm = ({
  user,
  countries,
}: {
  user: User;
  countries: { code: CountryCode; name: string }[];
}) => {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState<FormFeedback>(null);
  const form = useForm<ProfileInput, unknown, UpdateProfileBody>({
    resolver: zodResolver(updateProfileBodySchema),
    defaultValues: valuesOf(user),
  });
  const fieldError = useFieldError(form.formState.errors);
  const alertId = useId();

  const onSubmit = form.handleSubmit(async (values) => {
    setFeedback(null);
    try {
      const result = await updateProfile(values);
      form.reset(valuesOf(result.user));
      setFeedback({ kind: 'success', message: result.message });
    } catch (error) {
      setFeedback(getSubmitFeedback(t, error, form.setError, fields));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="profile-form">
      <FormAlert feedback={feedback} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            {...form.register('firstName')}
            label={t('common:fields.firstName')}
            autoComplete="given-name"
            withAsterisk
            error={fieldError('firstName')}
          />
          <TextInput
            {...form.register('lastName')}
            label={t('common:fields.lastName')}
            autoComplete="family-name"
            withAsterisk
            error={fieldError('lastName')}
          />
        </SimpleGrid>
        <TextInput
          {...form.register('email')}
          type="email"
          label={t('common:fields.email')}
          autoComplete="email"
          withAsterisk
          error={fieldError('email')}
        />
        <PhoneField
          control={form.control}
          name="phoneNumber"
          countryLabel={t('checkout.order.phoneCountry')}
          countries={countries}
          description={t('checkout.order.phoneHint')}
          error={fieldError('phoneNumber')}
          defaultCountry={(user.country as CountryCode | null) ?? 'AL'}
        />
        <Controller
          control={form.control}
          name="country"
          render={({ field }) => (
            <NativeSelect
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.currentTarget.value || null)}
              onBlur={field.onBlur}
              label={t('common:fields.country')}
              autoComplete="country"
              error={fieldError('country')}
              data={[
                { value: '', label: t('account.profile.chooseCountry') },
                ...countries.map((c) => ({ value: c.code, label: c.name })),
              ]}
              data-testid="country-select"
            />
          )}
        />
        <fieldset className="choice-group" aria-describedby={`${alertId}-hint`}>
          <legend className="choice-group__legend">{t('account.profile.alertChannel')}</legend>
          <p id={`${alertId}-hint`} style={{ margin: '0 0 8px', fontSize: '0.875rem' }}>
            {t('account.profile.alertHint')}
          </p>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 24px' }}>
            {alertChannels.map((channel) => (
              <label key={channel} className="choice">
                <input
                  type="radio"
                  value={channel}
                  {...form.register('alertChannel')}
                  data-testid={`alert-${channel}`}
                />
                <span>{t(`account.profile.alert.${channel}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="profile-save">
            {t('account.profile.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
};
