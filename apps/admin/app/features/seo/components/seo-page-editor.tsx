import {
  type Locale,
  localeLabels,
  locales,
  type SeoKind,
  seoDescriptionMaxChars,
  seoTitleMaxChars,
} from '@esim/contracts';
import { type SeoPage, type SeoPageForm, seoPageFormSchema } from '@esim/contracts/staff';
import { useToast } from '@esim/ui/feedback/toast';
import { FormShell } from '@esim/ui/form/form-shell';
import { TextareaField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HistorySection } from '../../../components/history-list';
import { LoadState } from '../../../components/load-state';
import { useSaveSeoPage, useSeoPage } from '../api/seo-pages';
import { LocaleTabs } from './locale-tabs';
import { SearchPreview } from './search-preview';

const emptyText = { title: '', description: '', heading: '', body: '' };

const formValues = (page: SeoPage): SeoPageForm => ({
  texts: Object.fromEntries(locales.map((l) => [l, page.texts[l] ?? emptyText])) as SeoPageForm['texts'],
  version: page.version,
});

const names = (list: Locale[]) => list.map((l) => localeLabels[l]).join(', ');

/** A page's texts in the twelve languages, with the search preview and the warnings beside each. */
const SeoTextsForm = ({ kind, page, listId }: { kind: SeoKind; page: SeoPage; listId: string }) => {
  const { t } = useTranslation(['admin-seo', 'admin']);
  const toast = useToast();
  const form = useApiForm(seoPageFormSchema, {
    defaultValues: formValues(page),
    mutation: useSaveSeoPage(kind, page.code, listId),
    onSuccess: (saved: SeoPage) => {
      form.reset(formValues(saved));
      toast(t('editor.saved'));
      return null;
    },
    fallback: 'GENERIC',
  });
  const texts = form.watch('texts');
  const isWritten = (l: Locale) => Object.values(texts[l]).some((v) => v.trim() !== '');
  const missing = locales.filter((l) => !isWritten(l));
  const tooLong = locales.filter(
    (l) => texts[l].title.length > seoTitleMaxChars || texts[l].description.length > seoDescriptionMaxChars,
  );
  const errors = form.formState.errors.texts;
  return (
    <FormShell
      form={form}
      submitLabel={t('editor.save')}
      submitProps={{ 'data-testid': 'seo-save' }}
      data-testid="seo-form"
    >
      <Alert
        color={missing.length > 0 ? 'orange' : 'green'}
        data-testid="seo-missing"
        styles={{ message: { color: 'var(--mantine-color-dark-9)' } }}
      >
        {missing.length > 0 ? t('editor.missing', { locales: names(missing) }) : t('editor.allWritten')}
      </Alert>
      {tooLong.length > 0 ? (
        <Alert
          color="orange"
          data-testid="seo-too-long"
          styles={{ message: { color: 'var(--mantine-color-dark-9)' } }}
        >
          {t('editor.tooLong', {
            locales: names(tooLong),
            title: seoTitleMaxChars,
            description: seoDescriptionMaxChars,
          })}
        </Alert>
      ) : null}
      <LocaleTabs written={isWritten} invalid={(l) => Boolean(errors?.[l])}>
        {(locale) => (
          <Stack gap="sm">
            <TextField
              form={form}
              name={`texts.${locale}.title`}
              label={t('editor.fields.title')}
              description={t('editor.count', { count: texts[locale].title.length, max: seoTitleMaxChars })}
            />
            <TextareaField
              form={form}
              name={`texts.${locale}.description`}
              label={t('editor.fields.description')}
              description={t('editor.count', {
                count: texts[locale].description.length,
                max: seoDescriptionMaxChars,
              })}
              autosize
              minRows={2}
            />
            <TextField form={form} name={`texts.${locale}.heading`} label={t('editor.fields.heading')} />
            <TextareaField
              form={form}
              name={`texts.${locale}.body`}
              label={t('editor.fields.body')}
              description={t('editor.bodyHint')}
              autosize
              minRows={4}
            />
            <SearchPreview
              title={texts[locale].title}
              description={texts[locale].description}
              path={page.path}
            />
          </Stack>
        )}
      </LocaleTabs>
    </FormShell>
  );
};

/** The drawer beside an SEO list: one page's texts and their history. */
export const SeoPageEditor = ({ kind, code, listId }: { kind: SeoKind; code: string; listId: string }) => {
  const { t } = useTranslation(['admin-seo', 'admin']);
  const answer = useSeoPage(kind, code);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const page = answer.data;
  return (
    <Stack gap="lg" data-testid="seo-editor">
      <SeoTextsForm key={page.version ?? 'new'} kind={kind} page={page} listId={listId} />
      <HistorySection entries={page.history} describe={(entry) => t(`history.${entry.action}`)} />
    </Stack>
  );
};
