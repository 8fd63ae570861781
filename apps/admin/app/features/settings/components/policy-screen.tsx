import { isRightToLeft, type Locale, localeLabels, locales, localeTags } from '@esim/contracts';
import { type PolicyResponse, savePolicyBodySchema } from '@esim/contracts/staff';
import { FormShell } from '@esim/ui/form/form-shell';
import { TextareaField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { NativeSelect, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { type PolicyKey, usePolicy, useRestorePolicy, useSavePolicy } from '../api/policies';
import { VersionHistory } from './version-history';

const PolicyForm = ({ policy }: { policy: PolicyResponse }) => {
  const { t } = useTranslation(['admin-settings', 'admin', 'common']);
  const form = useApiForm(savePolicyBodySchema, {
    defaultValues: { title: policy.title, body: policy.body, version: policy.version },
    mutation: useSavePolicy(policy.key, policy.locale),
    onSuccess: (result) => {
      form.reset({ ...form.getValues(), version: result.version });
      return { kind: 'success', message: result.message };
    },
    fallback: 'GENERIC',
  });
  // The text is written in the language edited, whatever the dashboard's language.
  const textProps = {
    lang: localeTags[policy.locale],
    dir: isRightToLeft(policy.locale) ? 'rtl' : 'ltr',
  } as const;
  return (
    <FormShell
      form={form}
      data-testid="policy-form"
      submitLabel={t('policies.save')}
      submitProps={{ style: { alignSelf: 'flex-start' }, 'data-testid': 'policy-save' }}
    >
      <TextField form={form} name="title" required {...textProps} />
      <TextareaField
        form={form}
        name="body"
        label={t('policies.body')}
        description={t('policies.bodyHint')}
        minRows={14}
        maxRows={30}
        required
        {...textProps}
      />
    </FormShell>
  );
};

/**
 * `/settings/privacy-policy` and `/settings/terms-and-conditions` (every staff role, SPEC section 6): the text
 * in each of the twelve languages, with its versions; the public page shows the latest at once.
 */
export const PolicyScreen = ({ policyKey, title }: { policyKey: PolicyKey; title: string }) => {
  const { t } = useTranslation(['admin-settings', 'admin']);
  const [locale, setLocale] = useState<Locale>('sq');
  const answer = usePolicy(policyKey, locale);
  const restore = useRestorePolicy(policyKey, locale);
  const [restores, setRestores] = useState(0);
  return (
    <>
      <PageTitle>{t(title)}</PageTitle>
      <Stack gap="lg">
        <NativeSelect
          label={t('policies.language')}
          value={locale}
          onChange={(event) => setLocale(event.currentTarget.value as Locale)}
          data={locales.map((value) => ({ value, label: localeLabels[value] }))}
          maw={280}
          data-testid="policy-locale"
        />
        {answer.isSuccess ? (
          <>
            <Paper withBorder radius="md" p="lg">
              <PolicyForm key={`${locale}-${restores}`} policy={answer.data} />
            </Paper>
            <Paper withBorder radius="md" p="lg">
              <VersionHistory
                versions={answer.data.versions}
                current={answer.data.version}
                restore={restore}
                onRestored={() => setRestores((n) => n + 1)}
              />
            </Paper>
          </>
        ) : (
          <LoadState query={answer} />
        )}
      </Stack>
    </>
  );
};
