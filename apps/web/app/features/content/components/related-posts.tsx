import { useTranslation } from 'react-i18next';
import { type PageTexts, usePageTexts } from '../../../lib/use-page-texts';
import { type BlogCard, BlogCards } from './blog-cards';

/** A catalogue page's related blog posts, with the blog's words handed over by the page's loader. */
export const RelatedPosts = ({
  posts,
  texts,
  about,
}: {
  posts: BlogCard[];
  texts: PageTexts;
  about: string;
}) => {
  usePageTexts('blog', texts);
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="related-posts" data-testid="related-posts">
      <div className="container">
        <h2 id="related-posts" className="section__title">
          {t('blog:related', { name: about })}
        </h2>
        <BlogCards posts={posts} headingLevel={3} />
      </div>
    </section>
  );
};
