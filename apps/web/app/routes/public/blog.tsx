import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../components/page-meta';
import { toBlogCard } from '../../features/content/blog-cards.server';
import { BlogCards } from '../../features/content/components/blog-cards';
import { PageIntro } from '../../features/content/components/page-intro';
import { getPageTexts } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import { usePageTexts } from '../../lib/use-page-texts';
import type { Route } from './+types/blog';

/** The blog (issue 32): published posts, newest first, in the reader's language where written. */
export const loader = async ({ request, context }: Route.LoaderArgs) => {
  const locale = resolveRequestLocale(request, context);
  const posts = await context.site.listBlogPosts(locale);
  return { texts: getPageTexts(locale, 'blog'), posts: posts.map((post) => toBlogCard(post, locale)) };
};

export default function BlogRoute({ loaderData }: Route.ComponentProps) {
  usePageTexts('blog', loaderData.texts);
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={t('blog:title')} description={t('blog:description')} />
      <PageIntro id="blog-title" heading={t('blog:heading')} intro={t('blog:intro')} />
      <div className="container prose-page">
        {loaderData.posts.length > 0 ? <BlogCards posts={loaderData.posts} /> : <p>{t('blog:empty')}</p>}
      </div>
    </>
  );
}
