import { countryCodes, type Locale, locales, localeTags } from '@esim/contracts';
import {
  pushAudiences,
  pushBodyMax,
  pushTitleMax,
  type SendPushNotificationBody,
  sendPushNotificationBodySchema,
} from '@esim/contracts/staff';
import { useToast } from '@esim/ui/feedback/toast';
import { FormShell } from '@esim/ui/form/form-shell';
import { SelectField } from '@esim/ui/form/select-field';
import { EmailField, TextareaField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { useLocale } from '@esim/ui/use-locale';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDryRun, useSendPushNotification } from '../api/push-notifications';
import { pushNotificationsList } from '../push-notifications-list';

const empty: SendPushNotificationBody = {
  titles: { en: '' },
  bodies: { en: '' },
  audience: 'all',
  country: '',
  customerEmail: '',
  scheduledAt: '',
};

/** Language names and country names in the screen's language, sorted by name. */
const useNames = (locale: Locale) =>
  useMemo(() => {
    const languages = new Intl.DisplayNames([localeTags[locale]], { type: 'language' });
    const regions = new Intl.DisplayNames([localeTags[locale]], { type: 'region' });
    const collator = new Intl.Collator(localeTags[locale]);
    return {
      languages: locales.map((code) => ({ value: code, label: languages.of(localeTags[code]) ?? code })),
      countries: [...countryCodes]
        .map((code) => ({ value: code, label: regions.of(code) ?? code }))
        .sort((a, b) => collator.compare(a.label, b.label)),
    };
  }, [locale]);

/**
 * A push message: title and body per language (English is required and stands in for any language left empty),
 * the audience, a dry run of its reach, and now or a time.
 */
export const SendNotificationForm = () => {
  const { t } = useTranslation(['admin-push', 'admin', 'common']);
  const locale = useLocale();
  const names = useNames(locale);
  const toast = useToast();
  const [language, setLanguage] = useState<Locale>('en');
  const dryRun = useDryRun();
  const form = useApiForm(sendPushNotificationBodySchema, {
    defaultValues: empty,
    mutation: useSendPushNotification(pushNotificationsList.id),
    onSuccess: ({ message }) => {
      form.reset(empty);
      setLanguage('en');
      dryRun.reset();
      toast(message);
      return { kind: 'success', message };
    },
    fallback: 'GENERIC',
  });
  const [audience, country, customerEmail, scheduledAt] = useWatch({
    control: form.control,
    name: ['audience', 'country', 'customerEmail', 'scheduledAt'],
  });
  const languageName = names.languages.find((l) => l.value === language)?.label ?? language;
  const runDryRun = () =>
    dryRun.mutate({ audience, country: country ?? '', customerEmail: customerEmail ?? '' });
  return (
    <FormShell form={form} data-testid="send-notification-form">
      <NativeSelect
        label={t('compose.language')}
        description={t('compose.languageHint')}
        data={names.languages}
        value={language}
        onChange={(event) => setLanguage(event.currentTarget.value as Locale)}
        data-testid="notification-language"
      />
      {/* One language's fields at a time; the key gives each language its own inputs. */}
      <div key={language}>
        <TextField
          form={form}
          name={`titles.${language}`}
          label={t('compose.title', { language: languageName })}
          maxLength={pushTitleMax}
          required={language === 'en'}
          autoComplete="off"
          data-testid="notification-title"
        />
        <TextareaField
          form={form}
          name={`bodies.${language}`}
          label={t('compose.body', { language: languageName })}
          maxLength={pushBodyMax}
          required={language === 'en'}
          minRows={3}
          mt="sm"
          data-testid="notification-body"
        />
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          form={form}
          name="audience"
          label={t('compose.audience')}
          options={pushAudiences.map((value) => ({ value, label: t(`compose.audiences.${value}`) }))}
          required
          data-testid="notification-audience"
        />
        {audience === 'country' ? (
          <SelectField
            form={form}
            name="country"
            label={t('compose.country')}
            placeholder={t('compose.chooseCountry')}
            options={names.countries}
            required
            data-testid="notification-country"
          />
        ) : null}
        {audience === 'customer' ? (
          <EmailField
            form={form}
            name="customerEmail"
            label={t('compose.customerEmail')}
            autoComplete="off"
            required
            data-testid="notification-customer"
          />
        ) : null}
      </SimpleGrid>
      <TextField
        form={form}
        name="scheduledAt"
        type="datetime-local"
        label={t('compose.scheduledAt')}
        description={t('compose.scheduledAtHint')}
        maw={320}
        data-testid="notification-scheduled-at"
      />
      {dryRun.data ? (
        <Alert variant="outline" color="blue.9" role="status" data-testid="notification-dry-run-result">
          <Text size="sm" c="dark.9">
            {dryRun.data.message}
          </Text>
        </Alert>
      ) : null}
      {dryRun.isError ? (
        <Alert variant="outline" color="red.9" role="alert">
          <Text size="sm" c="dark.9">
            {t('compose.dryRunFailed')}
          </Text>
        </Alert>
      ) : null}
      <Group>
        <Button
          variant="outline"
          onClick={runDryRun}
          loading={dryRun.isPending}
          data-testid="notification-dry-run"
        >
          {t('compose.dryRun')}
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting} data-testid="notification-send">
          {scheduledAt ? t('compose.schedule') : t('compose.sendNow')}
        </Button>
      </Group>
    </FormShell>
  );
};
