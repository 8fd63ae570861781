import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListScreen } from '../../../components/list-screen';
import { blogPostsList } from '../seo-lists';

/** Every blog post, drafts and published, with the way to write a new one. */
export const BlogPostsScreen = () => {
  const { t } = useTranslation('admin-seo');
  return (
    <ListScreen
      list={blogPostsList}
      title="screens.seoBlogs"
      before={
        <Button component={Link} to="/seo/blogs/create" mb="md" data-testid="blog-create-link">
          {t('blogForm.create')}
        </Button>
      }
    />
  );
};
