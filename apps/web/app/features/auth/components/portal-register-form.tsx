import '../../../styles/form-styles';
import { logoMaxBytes, logoMimeTypes, portalRegisterBodySchema } from '@esim/contracts';
import { isApiError } from '@esim/ui/api-client';
import { FormAlert, FormShell } from '@esim/ui/form/form-shell';
import { PasswordField } from '@esim/ui/form/password-field';
import { EmailField, TelField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { humanProofPlaceholder } from '@esim/ui/human-proof';
import { Anchor, Button, Group, Input, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registerShop } from '../api/portal-register';

const isAllowedLogo = (file: File) =>
  (logoMimeTypes as readonly string[]).includes(file.type) && file.size <= logoMaxBytes;

/** A chosen logo the contract refuses: nothing is sent, the message goes under the file input. */
class LogoRefused extends Error {}

export const PortalRegisterForm = () => {
  const { t } = useTranslation();
  const logoId = useId();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const form = useApiForm(portalRegisterBodySchema, {
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
    onSubmit: ({ humanProof: _placeholder, ...values }) => {
      if (logo && !isAllowedLogo(logo)) throw new LogoRefused();
      return registerShop(values, logo);
    },
    onSuccess: (result) => {
      form.reset();
      setLogo(null);
      return { kind: 'success', message: result.message };
    },
    // The logo is not a kit field: its server message goes under the file input.
    handledElsewhere: ['logo'],
    onError: (error) => {
      if (error instanceof LogoRefused) {
        setLogoError(t('common:errors.FILE_INVALID'));
        return null;
      }
      const logoMessages = isApiError(error) ? error.errors?.logo : undefined;
      if (logoMessages?.length) setLogoError(logoMessages.join(' '));
      return undefined;
    },
  });

  if (form.feedback?.kind === 'success')
    return (
      <Stack gap="md">
        <FormAlert feedback={form.feedback} />
        <Button component={Link} to="/portal/login">
          {t('auth:portalRegister.toLogin')}
        </Button>
      </Stack>
    );

  return (
    <FormShell
      form={form}
      submitLabel={t('auth:portalRegister.submit')}
      submitProps={{ fullWidth: true }}
      footer={
        <Text size="sm">
          {t('auth:portalRegister.haveAccount')}{' '}
          <Anchor component={Link} to="/portal/login">
            {t('auth:portalRegister.login')}
          </Anchor>
        </Text>
      }
    >
      <Group grow align="flex-start" gap="md">
        <TextField form={form} name="firstName" autoComplete="given-name" required />
        <TextField form={form} name="lastName" autoComplete="family-name" required />
      </Group>
      <EmailField form={form} name="email" required />
      <TelField form={form} name="phoneNumber" description={t('auth:phoneHint')} required />
      <TextField form={form} name="shopName" autoComplete="organization" required />
      <TextField
        form={form}
        name="sellShopPrice"
        inputMode="decimal"
        description={t('auth:portalRegister.sellShopPriceHint')}
        required
      />
      <Input.Wrapper
        id={logoId}
        label={t('common:fields.logo')}
        description={t('auth:portalRegister.logoHint')}
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
      <PasswordField
        form={form}
        name="password"
        description={t('auth:passwordHint')}
        autoComplete="new-password"
        required
      />
      <PasswordField form={form} name="confirmPassword" autoComplete="new-password" required />
    </FormShell>
  );
};
