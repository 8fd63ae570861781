import { logoMaxBytes, logoMimeTypes, portalRegisterBodySchema } from '@esim/contracts';
import { isApiError } from '@esim/ui/api-client';
import { humanProofPlaceholder } from '@esim/ui/human-proof';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Input, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert, type FormFeedback } from '../../../components/form-alert';
import { getSubmitFeedback } from '../../../lib/form-feedback';
import { registerShop } from '../api/portal-register';
import { useFieldError } from './use-field-error';

const fields = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'shopName',
  'sellShopPrice',
  'password',
  'confirmPassword',
] as const;

const isAllowedLogo = (file: File) =>
  (logoMimeTypes as readonly string[]).includes(file.type) && file.size <= logoMaxBytes;

export const PortalRegisterForm = () => {
  const { t } = useTranslation();
  const logoId = useId();
  const [feedback, setFeedback] = useState<FormFeedback>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(portalRegisterBodySchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      shopName: '',
      sellShopPrice: '' as unknown as number,
      password: '',
      confirmPassword: '',
      humanProof: humanProofPlaceholder,
    },
  });
  const fieldError = useFieldError(form.formState.errors);

  const onSubmit = form.handleSubmit(async ({ humanProof: _placeholder, ...values }) => {
    setFeedback(null);
    if (logo && !isAllowedLogo(logo)) {
      setLogoError(t('common:errors.FILE_INVALID'));
      return;
    }
    try {
      const result = await registerShop(values, logo);
      form.reset();
      setLogo(null);
      setFeedback({ kind: 'success', message: result.message });
    } catch (error) {
      const logoMessages = isApiError(error) ? error.errors?.logo : undefined;
      if (logoMessages?.length) setLogoError(logoMessages.join(' '));
      setFeedback(getSubmitFeedback(t, error, form.setError, fields, { handledElsewhere: ['logo'] }));
    }
  });

  if (feedback?.kind === 'success')
    return (
      <Stack gap="md">
        <FormAlert feedback={feedback} />
        <Button component={Link} to="/portal/login">
          {t('auth.portalRegister.toLogin')}
        </Button>
      </Stack>
    );

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert feedback={feedback} />
      <Stack gap="md">
        <Group grow align="flex-start" gap="md">
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
        </Group>
        <TextInput
          {...form.register('email')}
          type="email"
          label={t('common:fields.email')}
          autoComplete="email"
          withAsterisk
          error={fieldError('email')}
        />
        <TextInput
          {...form.register('phoneNumber')}
          type="tel"
          maxLength={25}
          label={t('common:fields.phoneNumber')}
          placeholder={t('auth.phonePlaceholder')}
          description={t('auth.phoneHint')}
          autoComplete="tel"
          withAsterisk
          error={fieldError('phoneNumber')}
        />
        <TextInput
          {...form.register('shopName')}
          label={t('common:fields.shopName')}
          autoComplete="organization"
          withAsterisk
          error={fieldError('shopName')}
        />
        <TextInput
          {...form.register('sellShopPrice')}
          inputMode="decimal"
          label={t('common:fields.sellShopPrice')}
          description={t('auth.portalRegister.sellShopPriceHint')}
          withAsterisk
          error={fieldError('sellShopPrice')}
        />
        <Input.Wrapper
          id={logoId}
          label={t('common:fields.logo')}
          description={t('auth.portalRegister.logoHint')}
          error={logoError}
        >
          <input
            id={logoId}
            name="logo"
            type="file"
            accept={logoMimeTypes.join(',')}
            className="file-input"
            aria-invalid={logoError ? true : undefined}
            aria-describedby={`${logoId}-description${logoError ? ` ${logoId}-error` : ''}`}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0] ?? null;
              setLogo(file);
              setLogoError(file && !isAllowedLogo(file) ? t('common:errors.FILE_INVALID') : null);
            }}
          />
        </Input.Wrapper>
        <PasswordInput
          {...form.register('password')}
          label={t('common:fields.password')}
          description={t('auth.passwordHint')}
          autoComplete="new-password"
          withAsterisk
          error={fieldError('password')}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
        />
        <PasswordInput
          {...form.register('confirmPassword')}
          label={t('common:fields.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          error={fieldError('confirmPassword')}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
        />
        <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
          {t('auth.portalRegister.submit')}
        </Button>
        <Text size="sm">
          {t('auth.portalRegister.haveAccount')}{' '}
          <Anchor component={Link} to="/portal/login">
            {t('auth.portalRegister.login')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
