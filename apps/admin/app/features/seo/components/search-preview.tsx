import { seoDescriptionMaxChars, seoTitleMaxChars } from '@esim/contracts';
import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** How a search engine is likely to show the page: the title and description cut where results cut them. */
export const SearchPreview = ({
  title,
  description,
  path,
}: {
  title: string;
  description: string;
  path: string;
}) => {
  const { t } = useTranslation('admin-seo');
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="search-preview"
      aria-label={t('editor.preview')}
      component="section"
    >
      <Text size="sm" fw={600} mb={4}>
        {t('editor.preview')}
      </Text>
      {title || description ? (
        <>
          <Text size="xs" c="gray.7">
            {path}
          </Text>
          <Text c="blue.9" size="lg" lh={1.3}>
            {cut(title, seoTitleMaxChars)}
          </Text>
          <Text size="sm" c="gray.8">
            {cut(description, seoDescriptionMaxChars)}
          </Text>
        </>
      ) : (
        <Text size="sm" c="gray.7">
          {t('editor.previewEmpty')}
        </Text>
      )}
    </Paper>
  );
};
