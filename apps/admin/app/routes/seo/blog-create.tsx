import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { BlogPostForm } from '../../features/seo/components/blog-post-form';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('seo');

/** SPEC section 2 `/seo/blogs/create` (admin and analytics). */
export default function SeoBlogCreate() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageTitle>{t('screens.seoBlogCreate')}</PageTitle>
      <Paper withBorder radius="md" p="lg">
        <BlogPostForm post={null} />
      </Paper>
    </>
  );
}
