import '../../../styles/form-styles';
import '@mantine/core/styles/SimpleGrid.css';
import { type User, updateProfileBodySchema } from '@esim/contracts';
import { localeLabels, locales } from '@esim/contracts/locales';
import { FormShell } from '@esim/ui/form/form-shell';
import { PasswordField } from '@esim/ui/form/password-field';
import { PhoneField } from '@esim/ui/form/phone-field';
import { SelectField } from '@esim/ui/form/select-field';
import { EmailField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import type { PhoneCountry } from '@esim/ui/phone-input-state';
import { SimpleGrid, Text } from '@mantine/core';
import type { CountryCode } from 'libphonenumber-js';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type AccountArea, updateProfile } from '../api/update-profile';

type ProfileInput = z.input<typeof updateProfileBodySchema>;
const alertChannels = ['email', 'sms'] as const;
/** The languages as the site's picker names them (SPEC section 9), whatever the page's language. */
const localeOptions = locales.map((value) => ({ value, label: localeLabels[value] }));

const valuesOf = (user: User): ProfileInput => ({
  firstName: user.first_name,
  lastName: user.last_name,
  email: user.email,
  phoneNumber: user.phone ?? '',
  country: user.country,
  locale: user.locale,
  alertChannel: user.alert_channel,
  currentPassword: '',
});

/**
 * Profile edit (SPEC section 3: firstName, lastName, email, phoneNumber, country), the account's language (every
 * e-mail and SMS to the account is written in it, ADR 0092) and how the 60 % data notice arrives, validated with
 * the server's `updateProfileBodySchema`; the server's success message is shown as sent.
 */
export const ProfileForm = ({
  user,
  countries,
  area = 'account',
}: {
  user: User;
  countries: readonly PhoneCountry[];
  /** Shop users save through /api/portal and have no data notices to choose (their subscribers do). */
  area?: AccountArea;
}) => {
  const { t } = useTranslation();
  const form = useApiForm(updateProfileBodySchema, {
    defaultValues: valuesOf(user),
    onSubmit: (body) => updateProfile(body, area),
    onSuccess: (result) => {
      form.reset(valuesOf(result.user));
      return { kind: 'success', message: result.message };
    },
  });
  const alertId = useId();
  // A new address needs the current password and is confirmed by a link sent to it (ADR 0018).
  const savedEmail = form.formState.defaultValues?.email ?? user.email;
  const changingEmail = (form.watch('email') ?? '').trim().toLowerCase() !== savedEmail.toLowerCase();

  return (
    <FormShell
      form={form}
      data-testid="profile-form"
      submitLabel={t('account.profile.save')}
      submitProps={{ 'data-testid': 'profile-save', style: { alignSelf: 'flex-start' } }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField form={form} name="firstName" autoComplete="given-name" required />
        <TextField form={form} name="lastName" autoComplete="family-name" required />
      </SimpleGrid>
      <EmailField form={form} name="email" required />
      {changingEmail ? (
        <>
          <Text size="sm" c="dark.6" data-testid="email-change-note">
            {t('account:profile.emailChangeNote')}
          </Text>
          <PasswordField
            form={form}
            name="currentPassword"
            autoComplete="current-password"
            data-testid="profile-current-password"
            required
          />
        </>
      ) : null}
      <PhoneField
        form={form}
        name="phoneNumber"
        countryLabel={t('checkout:order.phoneCountry')}
        countries={countries}
        description={t('checkout:order.phoneHint')}
        defaultCountry={(user.country as CountryCode | null) ?? 'AL'}
        required
      />
      <SelectField
        form={form}
        name="country"
        autoComplete="country"
        placeholder={t('account:profile.chooseCountry')}
        options={countries.map((c) => ({ value: c.code, label: c.name }))}
        emptyValue={null}
        data-testid="country-select"
      />
      <SelectField
        form={form}
        name="locale"
        options={localeOptions}
        description={t('account:profile.localeHint')}
        data-testid="locale-select"
      />
      {area === 'account' ? (
        <fieldset className="choice-group" aria-describedby={`${alertId}-hint`}>
          <legend className="choice-group__legend">{t('account:profile.alertChannel')}</legend>
          <p id={`${alertId}-hint`} style={{ margin: '0 0 8px', fontSize: '0.875rem' }}>
            {t('account:profile.alertHint')}
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
                <span>{t(`account:profile.alert.${channel}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </FormShell>
  );
};
