import { type Locale, localeLabels, locales } from '@esim/contracts';
import {
  type BlogPostDetail,
  type BlogPostForm as BlogPostFormValues,
  blogPostFormSchema,
  blogRequiredLocales,
} from '@esim/contracts/staff';
import { useToast } from '@esim/ui/feedback/toast';
import { DateField } from '@esim/ui/form/date-field';
import { FormShell } from '@esim/ui/form/form-shell';
import { SelectField } from '@esim/ui/form/select-field';
import { TextareaField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSaveBlogPost } from '../api/blog-posts';
import { blogStatus } from '../seo-lists';
import { LocaleTabs } from './locale-tabs';

const emptyTranslation = { title: '', slug: '', summary: '', body: '' };

const today = () => new Date().toISOString().slice(0, 10);

const formValues = (post: BlogPostDetail | null): BlogPostFormValues => ({
  status: post?.status ?? 'draft',
  publishedOn: post?.publishedAt.slice(0, 10) ?? today(),
  countries: post?.countries.join(', ') ?? '',
  translations: Object.fromEntries(
    locales.map((l) => [l, post?.translations[l] ?? emptyTranslation]),
  ) as BlogPostFormValues['translations'],
  version: post?.version ?? null,
});

/** A slug from a title: lower case, accents dropped, words joined by hyphens. */
const slugOf = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

/** Writes a post (no `post`) or changes one: every language in a tab, Albanian and English required. */
export const BlogPostForm = ({ post }: { post: BlogPostDetail | null }) => {
  const { t } = useTranslation(['admin-seo', 'admin', 'common']);
  const toast = useToast();
  const navigate = useNavigate();
  const form = useApiForm(blogPostFormSchema, {
    defaultValues: formValues(post),
    mutation: useSaveBlogPost(post?.id ?? null),
    onSuccess: (saved: BlogPostDetail) => {
      toast(t(post ? 'blogForm.saved' : 'blogForm.created'));
      if (post) form.reset(formValues(saved));
      else navigate(`/seo/blogs/edit/${saved.id}`);
      return null;
    },
    fallback: 'GENERIC',
  });
  const translations = form.watch('translations');
  const isWritten = (l: Locale) => Object.values(translations[l]).some((v) => v.trim() !== '');
  const errors = form.formState.errors.translations;
  const published = post?.status === 'published' ? post.translations.en?.slug : undefined;
  return (
    <FormShell
      form={form}
      submitLabel={t('blogForm.save')}
      submitProps={{ 'data-testid': 'blog-save' }}
      data-testid="blog-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <SelectField
          form={form}
          name="status"
          label={t('posts.status')}
          options={(['draft', 'published'] as const).map((value) => ({
            value,
            label: blogStatus.label(t, value),
          }))}
          required
        />
        <DateField form={form} name="publishedOn" label={t('blogForm.publishedOn')} required />
        <TextField
          form={form}
          name="countries"
          label={t('posts.countries')}
          description={t('blogForm.countriesHint')}
        />
      </SimpleGrid>
      <Text size="sm" c="gray.7">
        {t('blogForm.requiredHint', {
          locales: blogRequiredLocales.map((l) => localeLabels[l]).join(', '),
        })}
      </Text>
      <LocaleTabs written={isWritten} invalid={(l) => Boolean(errors?.[l])}>
        {(locale) => (
          <Stack gap="sm">
            <TextField
              form={form}
              name={`translations.${locale}.title`}
              label={t('posts.title')}
              onBlur={(event) => {
                const slug = form.getValues(`translations.${locale}.slug`);
                if (!slug && event.currentTarget.value)
                  form.setValue(`translations.${locale}.slug`, slugOf(event.currentTarget.value));
              }}
            />
            <TextField
              form={form}
              name={`translations.${locale}.slug`}
              label={t('posts.slug')}
              description={t('blogForm.slugHint')}
              dir="ltr"
            />
            <TextareaField
              form={form}
              name={`translations.${locale}.summary`}
              label={t('blogForm.summary')}
              autosize
              minRows={2}
            />
            <TextareaField
              form={form}
              name={`translations.${locale}.body`}
              label={t('blogForm.body')}
              description={t('blogForm.bodyHint')}
              autosize
              minRows={8}
            />
          </Stack>
        )}
      </LocaleTabs>
      {published ? (
        <Anchor href={`/blog/${published}`} target="_blank" rel="noopener" data-testid="blog-public-link">
          {t('blogForm.viewPublic')}
        </Anchor>
      ) : null}
    </FormShell>
  );
};
