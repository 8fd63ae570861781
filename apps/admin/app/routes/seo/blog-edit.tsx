import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { BlogPostPage } from '../../features/seo/components/blog-post-page';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('seo');

/** SPEC section 2 `/seo/blogs/edit/{id}` (admin and analytics). */
export default function SeoBlogEdit() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle>{t('screens.seoBlogEdit')}</PageTitle>
      <BlogPostPage id={id} />
    </>
  );
}
