import { BlogPostsScreen } from '../../features/seo/components/blog-posts-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('seo');

/** SPEC section 2 `/seo/blogs` (admin and analytics). */
export default function SeoBlogs() {
  return <BlogPostsScreen />;
}
